-- The bell's unread count without joins (decision 072's budget). Counting only unread rows the person can still
-- see took a join through tasks, boards and memberships per person: 0.55 ms for the four recipients of a comment,
-- half of what the notification triggers added to it. A person stops seeing a task's notifications only by leaving
-- (or being removed from) its workspace, so those are marked read then, and the count is a plain count of unread
-- rows over the partial index (0.03 ms for four). The select policy still hides them. And private.notify returns
-- at once for an empty list of recipients (a comment without mentions) before looking anything up.

-- ============================================================================
-- The count
-- ============================================================================
create or replace function private.unread_counts(user_ids uuid[]) returns table (user_id uuid, unread integer)
language plpgsql stable
set search_path = ''
as $$
begin
  return query
    select u, (select count(*)::integer from public.notifications n where n.user_id = u and n.read_at is null)
    from unnest(user_ids) u;
end;
$$;

-- ============================================================================
-- Leaving or being removed marks the workspace's task notifications read (the rest as before)
-- ============================================================================
create or replace function private.after_membership_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace_name text := (select w.name from public.workspaces w where w.id = old.workspace_id);
begin
  if tg_op = 'UPDATE' then
    perform private.notify(array[new.user_id], 'role_changed', new.workspace_id, null,
      jsonb_build_object('from', old.role, 'to', new.role, 'workspace_name', workspace_name));
    return null;
  end if;
  -- Deleting the whole workspace removes everyone at once: nothing to tell, nothing left to watch.
  if workspace_name is null then
    return null;
  end if;
  delete from public.task_watchers w
  where w.user_id = old.user_id
    and w.task_id in (select t.id from public.tasks t join public.boards b on b.id = t.board_id
                      where b.workspace_id = old.workspace_id);
  -- Their notifications of this workspace's tasks are hidden from now on (the select policy); marking them read
  -- keeps the bell's count a plain count of unread rows.
  update public.notifications n set read_at = now()
  where n.user_id = old.user_id and n.workspace_id = old.workspace_id and n.task_id is not null
    and n.read_at is null;
  -- Leaving is one's own action; being removed is not.
  perform private.notify(array[old.user_id], 'removed', old.workspace_id, null,
    jsonb_build_object('workspace_name', workspace_name));
  return null;
end;
$$;


-- ============================================================================
-- Notify: nothing looked up for nobody (the rest as before)
-- ============================================================================
create or replace function private.notify(
  recipients uuid[], kind text, workspace_id uuid, task_id uuid, data jsonb, actor uuid default auth.uid()
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor_profile uuid;
  targets uuid[];
  collapsed uuid[] := '{}';
begin
  -- Most comments mention nobody: nothing to look up for an empty list.
  if coalesce(cardinality(recipients), 0) = 0 then
    return;
  end if;
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
  actor_profile := (select p.id from public.profiles p where p.id = notify.actor);
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

