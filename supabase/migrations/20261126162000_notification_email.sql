-- Notification email (issue 23, decision 075): the outbox's retries and failures, the daily digest, the
-- one-click unsubscribe token, and the schedule. pg_cron calls the `send-notifications` edge function through
-- pg_net every minute, and a transaction that queues an instant email asks for a run at once; the call carries
-- the project URL and key found in Vault (`project_url`, `service_role_key`: Supabase's convention, the same
-- secrets decision 076 uses), never written here. The function does the sending (decision 088); the rules of
-- who gets what, when, and how often live here.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

-- ============================================================================
-- The outbox: pending → sent | failed (after five attempts) | skipped (nothing left to say)
-- ============================================================================
alter table public.email_outbox
  add column status text not null default 'pending',
  add column workspace_id uuid references public.workspaces (id) on delete cascade,
  add constraint email_outbox_status_known check (status in ('pending', 'sent', 'failed', 'skipped'));
update public.email_outbox set status = 'sent' where sent_at is not null;
drop index public.email_outbox_due_idx;
create index email_outbox_due_idx on public.email_outbox (next_attempt_at) where status = 'pending';
create index email_outbox_workspace_id_idx on public.email_outbox (workspace_id);

-- The digest looks for people with unread, not yet emailed notifications.
create index notifications_not_emailed_idx on public.notifications (user_id)
  where read_at is null and emailed_at is null;

/**
 * Emails that kept failing, one row per workspace they concern: the outbox itself stays the service role's, and
 * a workspace's admins and owners see what their people did not receive.
 */
create table public.notification_email_failures (
  id bigint generated always as identity primary key,
  outbox_id bigint not null references public.email_outbox (id) on delete cascade,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null,
  attempts integer not null,
  last_error text,
  failed_at timestamptz not null default now(),
  constraint notification_email_failures_once unique (outbox_id, workspace_id)
);
alter table public.notification_email_failures enable row level security;
create index notification_email_failures_workspace_id_idx on public.notification_email_failures (workspace_id);
create index notification_email_failures_user_id_idx on public.notification_email_failures (user_id);

revoke all on public.notification_email_failures from anon, authenticated;
grant select on public.notification_email_failures to authenticated;

create policy "workspace admins can see emails that could not be sent" on public.notification_email_failures
  for select to authenticated
  using (workspace_id in (select public.my_workspace_ids('admin')));

-- Instant rows now carry their workspace (for the failure list); the rest as before (072, 074).
create or replace function private.after_notifications_inserted() returns trigger
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
  insert into public.email_outbox (idempotency_key, user_id, kind, notification_id, workspace_id)
  select 'notification:' || n.id::text, n.user_id, 'instant', n.id, n.workspace_id
  from new_rows n
  left join public.notification_preferences p on p.user_id = n.user_id and p.kind = n.kind
  where coalesce(p.delivery, private.default_delivery(n.kind)) = 'instant'
  on conflict (idempotency_key) do nothing;
  return null;
end;
$$;

-- ============================================================================
-- Asking the function to run: every minute, and at once when an instant email is queued
-- ============================================================================

/**
 * Queues one POST to `send-notifications` (pg_net sends it after commit; a rollback sends nothing), at most
 * once per transaction. Without the Vault secrets nothing is sent: the outbox waits.
 */
create function private.request_notification_run() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  api_url text;
  api_key text;
begin
  if current_setting('lanes.notification_run_requested', true) = 'on' then
    return;
  end if;
  select s.decrypted_secret into api_url from vault.decrypted_secrets s where s.name = 'project_url';
  select s.decrypted_secret into api_key from vault.decrypted_secrets s where s.name = 'service_role_key';
  if api_url is null or api_key is null then
    return;
  end if;
  perform net.http_post(
    url := rtrim(api_url, '/') || '/functions/v1/send-notifications',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || api_key),
    timeout_milliseconds := 60000
  );
  perform set_config('lanes.notification_run_requested', 'on', true);
end;
$$;

create function private.after_email_queued() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from new_rows r where r.kind = 'instant') then
    perform private.request_notification_run();
  end if;
  return null;
end;
$$;

create trigger email_outbox_request_run after insert on public.email_outbox
  referencing new table as new_rows
  for each statement execute function private.after_email_queued();

-- pg_cron replaces a job of the same name, so applying this again changes nothing.
select cron.schedule('lanes-notifications', '* * * * *', 'select private.request_notification_run()');

-- ============================================================================
-- The daily digest: from 08:00 in the person's time zone, once a local day, only with something to say
-- ============================================================================

/** A person's delivery for a kind: their choice, else the default (decision 072). */
create function private.delivery_of(user_id uuid, kind text) returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select p.delivery from public.notification_preferences p where p.user_id = delivery_of.user_id and p.kind = delivery_of.kind),
    private.default_delivery(delivery_of.kind));
$$;

/**
 * The notifications a digest email of `user_id` covers: unread, not emailed, delivered by digest, made before
 * `until`, and still visible (a task notification only while the person is a member of its workspace).
 */
create function private.digest_items(user_id uuid, until timestamptz) returns setof public.notifications
language sql stable
set search_path = ''
as $$
  select n.*
  from public.notifications n
  left join public.notification_preferences p on p.user_id = n.user_id and p.kind = n.kind
  where n.user_id = digest_items.user_id and n.read_at is null and n.emailed_at is null
    and n.created_at <= until
    and coalesce(p.delivery, private.default_delivery(n.kind)) = 'digest'
    and (n.task_id is null or exists (select 1 from public.workspace_members m
                                      where m.workspace_id = n.workspace_id and m.user_id = n.user_id));
$$;

/**
 * Queues one digest per person whose local time is past 08:00 and who has digest notifications made before
 * today's 08:00 (local) not yet emailed. The key `digest:<user>:<local date>` makes it once a local day, however
 * often this runs. Returns how many it queued.
 * Example: select public.queue_digest_emails(now());
 */
create function public.queue_digest_emails(at_time timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  insert into public.email_outbox (idempotency_key, user_id, kind, next_attempt_at)
  select 'digest:' || p.id::text || ':' || ((at_time at time zone p.time_zone)::date)::text, p.id, 'digest', at_time
  from public.profiles p
  where p.id in (select n.user_id from public.notifications n where n.read_at is null and n.emailed_at is null)
    and (at_time at time zone p.time_zone)::time >= time '08:00'
    and exists (select 1 from private.digest_items(
                  p.id, ((at_time at time zone p.time_zone)::date + time '08:00') at time zone p.time_zone))
  on conflict (idempotency_key) do nothing;
  get diagnostics made = row_count;
  return made;
end;
$$;

revoke execute on function public.queue_digest_emails(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_digest_emails(timestamptz) to service_role;

-- ============================================================================
-- Unsubscribe tokens: `<user>.<scope>.<HMAC>`, the key in Vault (made on first use)
-- ============================================================================

/** The HMAC key, from Vault; the first call makes it (32 random bytes), so no migration or seed holds it. */
create function private.unsubscribe_key() returns bytea
language plpgsql
security definer
set search_path = ''
as $$
declare
  key text;
begin
  select s.decrypted_secret into key from vault.decrypted_secrets s where s.name = 'lanes_unsubscribe_key';
  if key is null then
    begin
      perform vault.create_secret(encode(extensions.gen_random_bytes(32), 'hex'), 'lanes_unsubscribe_key',
        'Signs the one-click unsubscribe links of notification emails (decision 075)');
    exception when unique_violation then
      null; -- another transaction made it first
    end;
    select s.decrypted_secret into key from vault.decrypted_secrets s where s.name = 'lanes_unsubscribe_key';
  end if;
  return decode(key, 'hex');
end;
$$;

/** base64url without padding of HMAC-SHA256(key, 'unsubscribe:<user>:<scope>'). */
create function private.unsubscribe_signature(user_id uuid, scope text, key bytea) returns text
language sql immutable
set search_path = ''
as $$
  select translate(encode(extensions.hmac(convert_to('unsubscribe:' || user_id::text || ':' || scope, 'UTF8'),
                                          key, 'sha256'), 'base64'), '+/=', '-_');
$$;

/**
 * Signed out, from an email: `token` names one person and one scope (a kind, or `digest` for every kind that
 * person gets in the digest); that preference becomes `in_app`. A malformed or forged token is VALIDATION
 * (hint `token`) and changes nothing. Answers `{scope, kinds}`.
 * Example: select public.unsubscribe('8c2e…-….mentioned.Qm9…');
 */
create function public.unsubscribe(token text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  parts text[] := regexp_match(coalesce(token, ''),
    '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z_]{1,20})\.([A-Za-z0-9_-]{43})$');
  person uuid;
  scope text;
  kinds text[];
begin
  if parts is null
     or parts[3] <> private.unsubscribe_signature(parts[1]::uuid, parts[2], private.unsubscribe_key())
     or not (parts[2] = 'digest' or parts[2] in ('assigned', 'mentioned', 'commented', 'completed', 'due_soon',
                                                   'overdue', 'invited', 'role_changed', 'removed')) then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'This unsubscribe link is not valid.', hint = 'token';
  end if;
  person := parts[1]::uuid;
  scope := parts[2];
  if not exists (select 1 from public.profiles p where p.id = person) then
    return jsonb_build_object('scope', scope, 'kinds', '[]'::jsonb);
  end if;
  if scope = 'digest' then
    kinds := array(select k from unnest(array['assigned', 'mentioned', 'commented', 'completed', 'due_soon',
                                              'overdue', 'invited', 'role_changed', 'removed']) k
                   where private.delivery_of(person, k) = 'digest');
  else
    kinds := array[scope];
  end if;
  insert into public.notification_preferences (user_id, kind, delivery)
  select person, k, 'in_app' from unnest(kinds) k
  on conflict (user_id, kind) do update set delivery = 'in_app';
  return jsonb_build_object('scope', scope, 'kinds', to_jsonb(kinds));
end;
$$;

revoke execute on function public.unsubscribe(text) from public;
grant execute on function public.unsubscribe(text) to anon, authenticated, service_role;

-- ============================================================================
-- Draining: claim (with the retry time as the lease), then finish
-- ============================================================================

/**
 * Takes up to `max_rows` pending emails due at `at_time` and answers what each should say. Claiming counts the
 * attempt and moves `next_attempt_at` to the retry time (1, 2, 4, 8 minutes after attempts 1–4), so a drain that
 * dies mid-send leaves its rows to a later run, and two drains never take the same row. `items` are the
 * notifications the email covers, with what the email shows; empty means nothing is left to send.
 */
create function public.claim_notification_emails(at_time timestamptz default now(), max_rows integer default 100)
returns table (
  id bigint, idempotency_key text, kind text, attempts integer, email text, display_name text,
  unsubscribe_scope text, unsubscribe_token text, items jsonb
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  key bytea := private.unsubscribe_key();
begin
  return query
  with due as (
    select o.id from public.email_outbox o
    where o.status = 'pending' and o.next_attempt_at <= at_time
    order by o.next_attempt_at, o.id
    limit max_rows
    for update skip locked
  ), claimed as (
    update public.email_outbox o
    set attempts = o.attempts + 1,
        next_attempt_at = at_time + interval '1 minute' * power(2, o.attempts)
    from due where o.id = due.id
    returning o.*
  ), covered as (
    select c.id as outbox_id, n.*
    from claimed c
    cross join lateral (
      select i.* from public.notifications i
      where c.kind = 'instant' and i.id = c.notification_id
        and (i.task_id is null or exists (select 1 from public.workspace_members m
                                          where m.workspace_id = i.workspace_id and m.user_id = i.user_id))
      union all
      select d.* from private.digest_items(c.user_id, c.created_at) d where c.kind = 'digest'
    ) n
  ), described as (
    select v.outbox_id, jsonb_agg(jsonb_build_object(
      'id', v.id, 'kind', v.kind, 'data', v.data, 'created_at', v.created_at, 'updated_at', v.updated_at,
      'actor', a.display_name, 'task_id', v.task_id, 'task_title', t.title, 'board_id', t.board_id,
      'workspace_slug', w.slug, 'workspace_name', w.name) order by v.updated_at desc) as items
    from covered v
    left join public.profiles a on a.id = v.actor_id
    left join public.tasks t on t.id = v.task_id
    left join public.workspaces w on w.id = v.workspace_id
    group by v.outbox_id
  )
  select c.id, c.idempotency_key, c.kind, c.attempts, u.email::text, p.display_name,
         s.scope, c.user_id::text || '.' || s.scope || '.' || private.unsubscribe_signature(c.user_id, s.scope, key),
         coalesce(d.items, '[]'::jsonb)
  from claimed c
  join auth.users u on u.id = c.user_id
  join public.profiles p on p.id = c.user_id
  left join described d on d.outbox_id = c.id
  cross join lateral (
    select case when c.kind = 'digest' then 'digest'
                else (select n.kind from public.notifications n where n.id = c.notification_id) end as scope
  ) s;
end;
$$;

/**
 * Records what happened to a claimed email: `sent` (the notifications in `covered` are marked emailed),
 * `skipped` (nothing left to say), or `failed` — retried at the time the claim set, until the fifth attempt,
 * which marks it failed and lists it for the admins of every workspace it concerns.
 * Example: select public.finish_notification_email(42, 'sent', null, array['…']::uuid[]);
 */
create function public.finish_notification_email(
  email_id bigint, outcome text, error text default null, covered uuid[] default '{}'
) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  outbox public.email_outbox;
begin
  if outcome not in ('sent', 'skipped', 'failed') then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = format('Unknown outcome "%s".', outcome), hint = 'outcome';
  end if;
  select * into outbox from public.email_outbox o where o.id = email_id and o.status = 'pending' for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND',
      detail = format('No pending email %s.', email_id);
  end if;
  if outcome = 'sent' then
    update public.email_outbox o set status = 'sent', sent_at = now(), last_error = null where o.id = email_id;
    update public.notifications n set emailed_at = now()
    where n.user_id = outbox.user_id and n.id = any (covered) and n.emailed_at is null;
    return 'sent';
  end if;
  if outcome = 'skipped' then
    update public.email_outbox o set status = 'skipped' where o.id = email_id;
    return 'skipped';
  end if;
  if outbox.attempts < 5 then
    update public.email_outbox o set last_error = left(error, 1000) where o.id = email_id;
    return 'pending';
  end if;
  update public.email_outbox o set status = 'failed', last_error = left(error, 1000) where o.id = email_id;
  insert into public.notification_email_failures (outbox_id, workspace_id, user_id, kind, attempts, last_error)
  select email_id, w, outbox.user_id, outbox.kind, outbox.attempts, left(error, 1000)
  from (
    select outbox.workspace_id as w where outbox.kind = 'instant' and outbox.workspace_id is not null
    union
    select distinct d.workspace_id from private.digest_items(outbox.user_id, outbox.created_at) d
    where outbox.kind = 'digest' and d.workspace_id is not null
  ) ws
  on conflict do nothing;
  return 'failed';
end;
$$;

revoke execute on function public.claim_notification_emails(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_notification_emails(timestamptz, integer) to service_role;
revoke execute on function public.finish_notification_email(bigint, text, text, uuid[]) from public, anon, authenticated;
grant execute on function public.finish_notification_email(bigint, text, text, uuid[]) to service_role;
