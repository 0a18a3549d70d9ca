-- Who gets which notification (SPEC §10, issue 23), and who watches a task. Every path goes through
-- private.notify (never for your own actions, only to current members for task kinds, comments collapse) and
-- private.watch. The due-date reminders are a function a schedule calls with the current time.
-- See docs/decisions/072-notifications-made-by-triggers.md.

-- ============================================================================
-- Tasks: the creator and assignee watch; assigned, mentioned in the description, moved to done
-- ============================================================================
create function private.after_task_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace uuid := public.board_workspace_id(new.board_id);
  mentioned uuid[] := private.mentioned_member_ids(new.description, workspace);
  actor uuid := coalesce((select auth.uid()), new.created_by);
begin
  perform private.watch(new.id, array[new.created_by, new.assignee_id] || mentioned);
  perform private.notify(array[new.assignee_id], 'assigned', workspace, new.id, '{}', actor);
  perform private.notify(mentioned, 'mentioned', workspace, new.id, '{}', actor);
  return null;
end;
$$;

create trigger tasks_notify_insert after insert on public.tasks
  for each row execute function private.after_task_insert();

create function private.after_task_update() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace uuid := public.board_workspace_id(new.board_id);
  mentioned uuid[];
begin
  if new.assignee_id is not null and new.assignee_id is distinct from old.assignee_id then
    perform private.watch(new.id, array[new.assignee_id]);
    perform private.notify(array[new.assignee_id], 'assigned', workspace, new.id, '{}');
  end if;
  if new.description is distinct from old.description then
    -- Only people the edit adds: someone already mentioned was told when they were.
    mentioned := array(
      select u from unnest(private.mentioned_member_ids(new.description, workspace)) u
      where not (u = any (private.mentioned_member_ids(old.description, workspace))));
    perform private.watch(new.id, mentioned);
    perform private.notify(mentioned, 'mentioned', workspace, new.id, '{}');
  end if;
  if new.completed_at is not null and old.completed_at is null then
    perform private.notify(array(select w.user_id from public.task_watchers w where w.task_id = new.id),
      'completed', workspace, new.id, '{}');
  end if;
  return null;
end;
$$;

-- Moves within a column, renames and the like skip the function entirely.
create trigger tasks_notify_update after update on public.tasks
  for each row
  when (old.assignee_id is distinct from new.assignee_id
        or old.description is distinct from new.description
        or (old.completed_at is null and new.completed_at is not null))
  execute function private.after_task_update();

-- ============================================================================
-- Comments: the author and the people mentioned watch; mentioned people get `mentioned`, the other
-- watchers `commented` (collapsed per task within 10 minutes)
-- ============================================================================
create function private.after_comment_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace uuid := public.board_workspace_id(public.task_board_id(new.task_id));
  mentioned uuid[] := private.mentioned_member_ids(new.body, workspace);
  actor uuid := coalesce((select auth.uid()), new.author_id);
  about jsonb := jsonb_build_object('comment_id', new.id);
begin
  perform private.watch(new.task_id, new.author_id || mentioned);
  perform private.notify(mentioned, 'mentioned', workspace, new.task_id, about, actor);
  perform private.notify(
    array(select w.user_id from public.task_watchers w where w.task_id = new.task_id and not (w.user_id = any (mentioned))),
    'commented', workspace, new.task_id, about, actor);
  return null;
end;
$$;

create trigger comments_notify_insert after insert on public.comments
  for each row execute function private.after_comment_insert();

-- An edit notifies only the people it adds, once per comment.
create function private.after_comment_edit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace uuid := public.board_workspace_id(public.task_board_id(new.task_id));
  old_ids uuid[] := private.mentioned_member_ids(old.body, workspace);
  added uuid[];
begin
  added := array(
    select u from unnest(private.mentioned_member_ids(new.body, workspace)) u
    where not (u = any (old_ids))
      and not exists (select 1 from public.notifications n
                      where n.user_id = u and n.task_id = new.task_id and n.kind = 'mentioned'
                        and n.data ->> 'comment_id' = new.id::text));
  perform private.watch(new.task_id, added);
  perform private.notify(added, 'mentioned', workspace, new.task_id, jsonb_build_object('comment_id', new.id),
    coalesce((select auth.uid()), new.author_id));
  return null;
end;
$$;

create trigger comments_notify_edit after update of body on public.comments
  for each row when (old.body is distinct from new.body and new.deleted_at is null)
  execute function private.after_comment_edit();

-- ============================================================================
-- Workspaces: invited (when the email has an account), role changed, removed
-- ============================================================================
create function private.after_invitation_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The invitee is not a member yet and cannot read the workspace: the row carries what the inbox shows.
  perform private.notify(array[p.id], 'invited', new.workspace_id, null,
    jsonb_build_object('invitation_id', new.id, 'role', new.role,
                       'workspace_name', (select w.name from public.workspaces w where w.id = new.workspace_id)),
    coalesce((select auth.uid()), new.invited_by))
  from auth.users u
  join public.profiles p on p.id = u.id
  where lower(u.email) = new.email;
  return null;
end;
$$;

create trigger invitations_notify_insert after insert on public.invitations
  for each row execute function private.after_invitation_insert();

create function private.after_membership_change() returns trigger
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
  -- Leaving is one's own action; being removed is not.
  perform private.notify(array[old.user_id], 'removed', old.workspace_id, null,
    jsonb_build_object('workspace_name', workspace_name));
  return null;
end;
$$;

create trigger workspace_members_notify_role after update of role on public.workspace_members
  for each row when (old.role is distinct from new.role) execute function private.after_membership_change();

create trigger workspace_members_notify_removed after delete on public.workspace_members
  for each row execute function private.after_membership_change();

-- ============================================================================
-- Due-date reminders: called by a schedule (hourly) with the time; tests call it with a moved clock
-- ============================================================================
create index tasks_due_on_open_idx on public.tasks (due_on) where completed_at is null and archived_at is null;

/**
 * From 08:00 in each recipient's time zone: `due_soon` for open tasks due tomorrow, `overdue` for open tasks
 * that were due yesterday. The recipient is the assignee, or the watchers when nobody is assigned. Once per
 * person, task, kind and due date, so calling it every hour (or twice) sends each reminder once.
 * Returns how many notifications it made.
 * Example: select public.notify_due_tasks(now());
 */
create function public.notify_due_tasks(at_time timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  insert into public.notifications (user_id, kind, workspace_id, task_id, data)
  select c.user_id, c.kind, c.workspace_id, c.task_id, jsonb_build_object('due_on', c.due_on)
  from (
    select r.user_id, b.workspace_id, t.id as task_id, t.due_on,
           case
             when t.due_on = (at_time at time zone p.time_zone)::date + 1 then 'due_soon'
             when t.due_on = (at_time at time zone p.time_zone)::date - 1 then 'overdue'
           end as kind,
           (at_time at time zone p.time_zone)::time as local_time
    from public.tasks t
    join public.boards b on b.id = t.board_id
    cross join lateral (
      select t.assignee_id as user_id where t.assignee_id is not null
      union
      select w.user_id from public.task_watchers w where w.task_id = t.id and t.assignee_id is null
    ) r
    join public.profiles p on p.id = r.user_id
    join public.workspace_members m on m.workspace_id = b.workspace_id and m.user_id = r.user_id
    -- Every time zone is within a day of UTC, so these dates hold every candidate (and use the index).
    where t.completed_at is null and t.archived_at is null and b.archived_at is null
      and t.due_on between (at_time at time zone 'UTC')::date - 2 and (at_time at time zone 'UTC')::date + 2
  ) c
  where c.kind is not null and c.local_time >= time '08:00'
    and not exists (select 1 from public.notifications n
                    where n.user_id = c.user_id and n.task_id = c.task_id and n.kind = c.kind
                      and n.data ->> 'due_on' = c.due_on::text);
  get diagnostics made = row_count;
  return made;
end;
$$;

revoke execute on function public.notify_due_tasks(timestamptz) from public, anon, authenticated;
grant execute on function public.notify_due_tasks(timestamptz) to service_role;
