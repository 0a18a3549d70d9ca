-- Notifications (SPEC §10, issue 23): one row per recipient, written only by triggers and schedules; task
-- watchers; per-kind delivery preferences; the email outbox a scheduled function drains; the profile's time
-- zone; and the per-user private Realtime channel `user:<uuid>:notifications` the bell listens on.
-- Who gets what is decided in 20261126152020_notification_triggers.sql; mentions in 20261126152010_mentions.sql.
-- See docs/decisions/072-notifications-made-by-triggers.md and 074-per-user-notification-channel.md.

-- ============================================================================
-- The profile's time zone (digest at 08:00 and reminders "the morning before" are local)
-- ============================================================================
alter table public.profiles add column time_zone text not null default 'UTC';
grant update (time_zone) on public.profiles to authenticated;

-- A CHECK cannot read pg_timezone_names, so a trigger refuses unknown names with the catalogue's VALIDATION.
-- 'UTC' (every new profile) skips the catalogue read, which costs a few milliseconds.
create function private.check_profile_time_zone() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = format('Unknown time zone "%s".', new.time_zone), hint = 'time_zone';
  end if;
  return new;
end;
$$;

create trigger profiles_check_time_zone before insert or update of time_zone on public.profiles
  for each row when (new.time_zone <> 'UTC') execute function private.check_profile_time_zone();

-- ============================================================================
-- Notifications
-- ============================================================================
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null,
  workspace_id uuid references public.workspaces (id) on delete cascade,
  task_id uuid references public.tasks (id) on delete cascade,
  actor_id uuid references public.profiles (id) on delete set null,
  data jsonb not null default '{}',
  read_at timestamptz,
  -- Set by the function that drains the email outbox (at once or in the digest); null = not emailed yet.
  emailed_at timestamptz,
  created_at timestamptz not null default now(),
  -- Moves when comments collapse into the row, so "newest first" shows the latest activity.
  updated_at timestamptz not null default now(),
  constraint notifications_kind_known check (kind in (
    'assigned', 'mentioned', 'commented', 'completed', 'due_soon', 'overdue', 'invited', 'role_changed',
    'removed'
  ))
);
alter table public.notifications enable row level security;
create index notifications_user_id_idx on public.notifications (user_id, updated_at desc);
-- The bell's count and the comment collapse both look for a user's unread rows.
create index notifications_unread_idx on public.notifications (user_id, task_id) where read_at is null;
create index notifications_task_id_idx on public.notifications (task_id);
create index notifications_workspace_id_idx on public.notifications (workspace_id);
create index notifications_actor_id_idx on public.notifications (actor_id);

-- Written by triggers only; the recipient may change `read_at` and nothing else.
revoke all on public.notifications from anon;
revoke insert, update, delete on public.notifications from authenticated;
grant update (read_at) on public.notifications to authenticated;

-- A recipient who can no longer see the task (left, removed) sees none of its notifications; rows without a
-- task (invited, role_changed, removed) stay visible to their recipient.
create policy "recipients can read their notifications of tasks they can see" on public.notifications
  for select to authenticated
  using (
    user_id = (select auth.uid())
    and (task_id is null or exists (select 1 from public.tasks t where t.id = task_id))
  );

create policy "recipients can mark their notifications read" on public.notifications
  for update to authenticated
  using (
    user_id = (select auth.uid())
    and (task_id is null or exists (select 1 from public.tasks t where t.id = task_id))
  )
  with check (user_id = (select auth.uid()));

-- ============================================================================
-- Watchers
-- ============================================================================
create table public.task_watchers (
  task_id uuid not null references public.tasks (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (task_id, user_id)
);
alter table public.task_watchers enable row level security;
create index task_watchers_user_id_idx on public.task_watchers (user_id);

revoke all on public.task_watchers from anon;
revoke insert, update, delete on public.task_watchers from authenticated;
grant insert (task_id, user_id) on public.task_watchers to authenticated;
grant delete on public.task_watchers to authenticated;

create policy "people who can see a task can see who watches it" on public.task_watchers
  for select to authenticated
  using (exists (select 1 from public.tasks t where t.id = task_id));

-- Viewers too: watching changes nothing but one's own inbox.
create policy "people who can see a task can watch it" on public.task_watchers
  for insert to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from public.tasks t where t.id = task_id));

create policy "watchers can stop watching" on public.task_watchers
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- ============================================================================
-- Preferences: one row per user and kind that differs from the default; no row = the default
-- ============================================================================
create table public.notification_preferences (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  kind text not null,
  delivery text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind),
  constraint notification_preferences_kind_known check (kind in (
    'assigned', 'mentioned', 'commented', 'completed', 'due_soon', 'overdue', 'invited', 'role_changed',
    'removed'
  )),
  -- in_app: the inbox only; instant: also an email at once; digest: also the 08:00 daily email.
  constraint notification_preferences_delivery_known check (delivery in ('in_app', 'instant', 'digest'))
);
alter table public.notification_preferences enable row level security;

create trigger notification_preferences_set_updated_at before update on public.notification_preferences
  for each row execute function public.set_updated_at();

revoke all on public.notification_preferences from anon;
revoke insert, update, delete on public.notification_preferences from authenticated;
grant insert (user_id, kind, delivery) on public.notification_preferences to authenticated;
grant update (delivery) on public.notification_preferences to authenticated;
grant delete on public.notification_preferences to authenticated;

create policy "people can read their notification preferences" on public.notification_preferences
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "people can set their notification preferences" on public.notification_preferences
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "people can change their notification preferences" on public.notification_preferences
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "people can reset their notification preferences" on public.notification_preferences
  for delete to authenticated
  using (user_id = (select auth.uid()));

/** SPEC §10's defaults: mentions and assignments email at once, the rest go to the digest. */
create function private.default_delivery(kind text) returns text
language sql immutable
set search_path = ''
as $$
  select case when kind in ('mentioned', 'assigned') then 'instant' else 'digest' end;
$$;

-- ============================================================================
-- Email outbox: what a scheduled function (pg_cron → pg_net → edge function) sends. One row per email; the
-- idempotency key makes enqueueing twice harmless; attempts and next_attempt_at carry the retries; the drainer
-- sets `sent_at` here and `emailed_at` on the notifications the email covered.
-- ============================================================================
create table public.email_outbox (
  id bigint generated always as identity primary key,
  idempotency_key text not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- instant: one notification (notification_id); digest: every not-yet-emailed digest notification at build time.
  kind text not null,
  notification_id uuid references public.notifications (id) on delete cascade,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint email_outbox_idempotency_key_key unique (idempotency_key),
  constraint email_outbox_kind_known check (kind in ('instant', 'digest')),
  constraint email_outbox_instant_has_notification check (kind <> 'instant' or notification_id is not null)
);
alter table public.email_outbox enable row level security;
create index email_outbox_due_idx on public.email_outbox (next_attempt_at) where sent_at is null;
create index email_outbox_user_id_idx on public.email_outbox (user_id);
create index email_outbox_notification_id_idx on public.email_outbox (notification_id);
-- The service role's function only: no policy, no grant to API roles.
revoke all on public.email_outbox from anon, authenticated;

-- ============================================================================
-- The per-user channel `user:<uuid>:notifications` (decision 074): the database broadcasts each new (or
-- collapsed) notification and each change of the unread count; only that user may listen, nobody may send.
-- ============================================================================

/**
 * What each person's bell shows: unread notifications they can still see (the select policy's rule), for
 * several people in one query; people with none answer 0.
 */
create function private.unread_counts(user_ids uuid[]) returns table (user_id uuid, unread integer)
language plpgsql stable
set search_path = ''
as $$
begin
  return query
    select u, (
      select count(*)::integer
      from public.notifications n
      where n.user_id = u and n.read_at is null
        and (n.task_id is null or exists (
          select 1 from public.tasks t
          join public.boards b on b.id = t.board_id
          join public.workspace_members m on m.workspace_id = b.workspace_id and m.user_id = u
          where t.id = n.task_id)))
    from unnest(user_ids) u;
end;
$$;

-- Statement-level, so a comment that notifies five watchers counts their bells in one query and queues their
-- emails in one insert (decision 072's budget); Realtime still gets one message per person.
create function private.after_notifications_inserted() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('notification_id', n.id, 'kind', n.kind, 'task_id', n.task_id, 'unread_count', c.unread),
    'notification', 'user:' || n.user_id::text || ':notifications', true)
  from new_rows n
  join private.unread_counts(array(select distinct r.user_id from new_rows r)) c on c.user_id = n.user_id;

  -- Those who want this kind at once get an email; the digest and in-app-only ones wait or never go.
  insert into public.email_outbox (idempotency_key, user_id, kind, notification_id)
  select 'notification:' || n.id::text, n.user_id, 'instant', n.id
  from new_rows n
  left join public.notification_preferences p on p.user_id = n.user_id and p.kind = n.kind
  where coalesce(p.delivery, private.default_delivery(n.kind)) = 'instant'
  on conflict (idempotency_key) do nothing;
  return null;
end;
$$;

create trigger notifications_after_insert after insert on public.notifications
  referencing new table as new_rows
  for each statement execute function private.after_notifications_inserted();

-- Comments collapsing into a row tell its bell again; marking read (one row or all) sends one message per
-- person with the new count, whatever the number of rows.
create function private.after_notifications_updated() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  collapsed uuid[] := array(select n.id from changed_rows n join previous_rows o on o.id = n.id
                            where n.data is distinct from o.data);
  marked uuid[] := array(select distinct n.user_id from changed_rows n join previous_rows o on o.id = n.id
                         where n.read_at is distinct from o.read_at and not (n.id = any (collapsed)));
begin
  if cardinality(collapsed) > 0 then
    perform realtime.send(
      jsonb_build_object('notification_id', n.id, 'kind', n.kind, 'task_id', n.task_id, 'unread_count', c.unread),
      'notification', 'user:' || n.user_id::text || ':notifications', true)
    from changed_rows n
    join private.unread_counts(array(select distinct r.user_id from changed_rows r where r.id = any (collapsed))) c
      on c.user_id = n.user_id
    where n.id = any (collapsed);
  end if;
  perform realtime.send(jsonb_build_object('unread_count', c.unread), 'read',
    'user:' || c.user_id::text || ':notifications', true)
  from private.unread_counts(marked) c;
  return null;
end;
$$;

create trigger notifications_after_update after update on public.notifications
  referencing old table as previous_rows new table as changed_rows
  for each statement execute function private.after_notifications_updated();

create policy "people can listen to their own notifications channel" on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and (select realtime.topic()) = 'user:' || (select auth.uid())::text || ':notifications'
  );

-- ============================================================================
-- Making notifications: the one insert path every trigger goes through
-- ============================================================================

/**
 * Notifies each of `recipients` except the actor (never for your own actions: the signed-in user, or for writes
 * without one — seed, import, service role — the row's author) and, for task kinds, anyone no longer a member
 * of the workspace. `commented` collapses into the recipient's unread row of the same task made in the last 10
 * minutes (count + 1, the new data) instead of adding a row. One statement each way, whatever the count.
 * Example: perform private.notify(array[assignee], 'assigned', workspace, task, '{}', new.created_by);
 */
create function private.notify(
  recipients uuid[], kind text, workspace_id uuid, task_id uuid, data jsonb, actor uuid default auth.uid()
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor_profile uuid := (select p.id from public.profiles p where p.id = notify.actor);
  targets uuid[];
  collapsed uuid[] := '{}';
begin
  if kind in ('invited', 'removed') then
    -- Invitees and removed people are not members; a profile being deleted (account deletion) gets nothing.
    targets := array(select p.id from public.profiles p
                     where p.id = any (notify.recipients) and p.id is distinct from notify.actor);
  else
    targets := array(select m.user_id from public.workspace_members m
                     where m.workspace_id = notify.workspace_id and m.user_id = any (notify.recipients)
                       and m.user_id is distinct from notify.actor);
  end if;
  if cardinality(targets) = 0 then
    return;
  end if;
  if kind = 'commented' then
    with updated as (
      update public.notifications n
      set data = n.data || jsonb_build_object('count', coalesce((n.data ->> 'count')::integer, 1) + 1) || notify.data,
          actor_id = actor_profile,
          updated_at = now()
      where n.user_id = any (targets) and n.task_id = notify.task_id and n.kind = 'commented'
        and n.read_at is null and n.created_at > now() - interval '10 minutes'
      returning n.user_id
    )
    select coalesce(array_agg(u.user_id), '{}') into collapsed from updated u;
    data := jsonb_build_object('count', 1) || data;
  end if;
  insert into public.notifications (user_id, kind, workspace_id, task_id, actor_id, data)
  select t, notify.kind, notify.workspace_id, notify.task_id, actor_profile, notify.data
  from unnest(targets) t
  where not (t = any (collapsed));
end;
$$;

/** Adds watchers of a task (nobody twice). */
create function private.watch(task_id uuid, user_ids uuid[]) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.task_watchers (task_id, user_id)
  select watch.task_id, u from unnest(watch.user_ids) u
  where u is not null and exists (select 1 from public.profiles p where p.id = u)
  on conflict do nothing;
end;
$$;
