-- A comment's notifications in one insert, and the comment write path's helpers planned once per session
-- (issue 23's Speed: the triggers add ≤ 2 ms p50 to a comment insert; decision 079 has the figures).
--
-- Profiled with track_functions and auto_explain on a comment with one mention: the notification trigger made
-- two inserts into notifications (`mentioned`, then `commented`), each firing the statement trigger that counts
-- the bells, sends them and queues instant emails, and two passes through private.notify, each looking up the
-- workspace's members again. It now decides every recipient's kind in one query and inserts them together.
-- SQL helpers on the same path cannot be inlined (they set a search path), so Postgres 17 plans their queries
-- on every call: the comments insert policy's has_task_role (a three-table join, 0.3 ms), log_activity, the
-- outbox's default_delivery (per notification) and the comment count's importing. As PL/pgSQL their plans are
-- kept for the session; what they answer and do is unchanged.

-- ============================================================================
-- Comments: mentioned people get `mentioned`, the other watchers `commented` (collapsed per task within 10
-- minutes), never the actor, only current members; one insert for all of them
-- ============================================================================

/**
 * Notifies everyone a new comment concerns: `mentioned` (members referenced in it) and `commented` (the task's
 * other watchers), skipping the actor and anyone who is not a member of `workspace_id`. `commented` collapses
 * into the recipient's unread row of the task made in the last 10 minutes, as private.notify does.
 * Example: perform private.notify_comment(task, workspace, mentioned, '{"comment_id": "…"}', actor);
 */
create function private.notify_comment(task_id uuid, workspace_id uuid, mentioned uuid[], about jsonb, actor uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor_profile uuid;
  mentions uuid[];
  comments uuid[];
  collapsed uuid[] := '{}';
begin
  select coalesce(array_agg(m.user_id) filter (where m.user_id = any (notify_comment.mentioned)), '{}'),
         coalesce(array_agg(m.user_id) filter (where not (m.user_id = any (notify_comment.mentioned))), '{}')
  into mentions, comments
  from public.workspace_members m
  where m.workspace_id = notify_comment.workspace_id
    and m.user_id is distinct from notify_comment.actor
    and (m.user_id = any (notify_comment.mentioned)
         or m.user_id in (select w.user_id from public.task_watchers w where w.task_id = notify_comment.task_id));
  if cardinality(mentions) + cardinality(comments) = 0 then
    return;
  end if;
  actor_profile := (select p.id from public.profiles p where p.id = notify_comment.actor);
  if cardinality(comments) > 0 then
    with updated as (
      update public.notifications n
      set data = n.data || jsonb_build_object('count', coalesce((n.data ->> 'count')::integer, 1) + 1) || about,
          actor_id = actor_profile,
          updated_at = now()
      where n.user_id = any (comments) and n.task_id = notify_comment.task_id and n.kind = 'commented'
        and n.read_at is null and n.created_at > now() - interval '10 minutes'
      returning n.user_id
    )
    select coalesce(array_agg(u.user_id), '{}') into collapsed from updated u;
  end if;
  -- Every recipient collapsed: no insert, so no statement trigger for nothing.
  if cardinality(mentions) = 0 and cardinality(comments) = cardinality(collapsed) then
    return;
  end if;
  insert into public.notifications (user_id, kind, workspace_id, task_id, actor_id, data)
  select r.user_id, r.kind, notify_comment.workspace_id, notify_comment.task_id, actor_profile, r.data
  from (
    select u as user_id, 'mentioned' as kind, about as data from unnest(mentions) u
    union all
    select u, 'commented', jsonb_build_object('count', 1) || about from unnest(comments) u
    where not (u = any (collapsed))
  ) r;
end;
$$;

revoke execute on function private.notify_comment(uuid, uuid, uuid[], jsonb, uuid) from public, anon, authenticated;

-- Same rules as 20261126152020's version; the two private.notify calls are one private.notify_comment.
create or replace function private.after_comment_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace uuid := public.board_workspace_id(public.task_board_id(new.task_id));
  mentioned uuid[] := private.mentioned_member_ids(new.body, workspace);
  actor uuid := coalesce((select auth.uid()), new.author_id);
begin
  perform private.watch(new.task_id, new.author_id || mentioned);
  perform private.notify_comment(new.task_id, workspace, mentioned, jsonb_build_object('comment_id', new.id), actor);
  return null;
end;
$$;

-- ============================================================================
-- The write path's helpers, as PL/pgSQL (same answers, same privileges: create or replace keeps the grants)
-- ============================================================================

-- One query rather than a chain of helpers: policies on comments and attachments call it per row.
create or replace function public.has_task_role(task_id uuid, min_role public.workspace_role) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.tasks t
    join public.boards b on b.id = t.board_id
    join public.workspace_members m on m.workspace_id = b.workspace_id
    where t.id = has_task_role.task_id
      and m.user_id = (select auth.uid())
      and m.role >= has_task_role.min_role
  );
end;
$$;

create or replace function public.log_activity(
  workspace_id uuid, board_id uuid, task_id uuid, kind text, data jsonb
) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The actor is the signed-in user; a deleted profile (account deletion in progress) is left out.
  insert into public.activity (workspace_id, board_id, task_id, actor_id, kind, data)
  select log_activity.workspace_id, log_activity.board_id, log_activity.task_id,
         (select p.id from public.profiles p where p.id = (select auth.uid())),
         log_activity.kind, log_activity.data;
end;
$$;

/** SPEC §10's defaults: mentions and assignments email at once, the rest go to the digest. */
create or replace function private.default_delivery(kind text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return case when kind in ('mentioned', 'assigned') then 'instant' else 'digest' end;
end;
$$;

/** True inside import_trello_board's bulk insert; nothing a client sends can set it. */
create or replace function private.importing() returns boolean
language plpgsql stable
set search_path = ''
as $$
begin
  return coalesce(current_setting('lanes.importing', true), '') = 'on';
end;
$$;
