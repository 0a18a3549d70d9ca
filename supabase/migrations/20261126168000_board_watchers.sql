-- Watching a whole board (SPEC §10, issue 23: "Watch board" in the board menu): its watchers hear of new tasks
-- (the new kind `created`) and of tasks moved to done (`completed`, beside the task's own watchers). Never for
-- one's own actions and only to current members, as every task kind (private.notify). Leaving or being removed
-- drops the person's board watches in that workspace.
-- See docs/decisions/072-notifications-made-by-triggers.md (Update) and 189-watch-board-from-the-board-menu.md.

-- ============================================================================
-- The new kind, in both lists (SPEC §10 names no kind for a new task; 072's update says why one is added)
-- ============================================================================
alter table public.notifications drop constraint notifications_kind_known;
alter table public.notifications add constraint notifications_kind_known check (kind in (
  'assigned', 'mentioned', 'commented', 'completed', 'due_soon', 'overdue', 'invited', 'role_changed',
  'removed', 'created'
));

alter table public.notification_preferences drop constraint notification_preferences_kind_known;
alter table public.notification_preferences add constraint notification_preferences_kind_known check (kind in (
  'assigned', 'mentioned', 'commented', 'completed', 'due_soon', 'overdue', 'invited', 'role_changed',
  'removed', 'created'
));
-- private.default_delivery already answers `digest` for every kind but mentions and assignments.

-- ============================================================================
-- Board watchers
-- ============================================================================
create table public.board_watchers (
  board_id uuid not null references public.boards (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (board_id, user_id)
);
alter table public.board_watchers enable row level security;
create index board_watchers_user_id_idx on public.board_watchers (user_id);

revoke all on public.board_watchers from anon;
revoke insert, update, delete on public.board_watchers from authenticated;
grant insert (board_id, user_id) on public.board_watchers to authenticated;
grant delete on public.board_watchers to authenticated;

-- Who else watches a board is nobody's business: each person sees their own rows only.
create policy "people can see which boards they watch" on public.board_watchers
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Viewers too: watching changes nothing but one's own inbox. The boards policy decides who can see the board.
create policy "people who can see a board can watch it" on public.board_watchers
  for insert to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from public.boards b where b.id = board_id));

create policy "board watchers can stop watching" on public.board_watchers
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- ============================================================================
-- New tasks tell the board's watchers; done tells the board's watchers too
-- ============================================================================

-- Its own trigger beside tasks_notify_insert, so the task's watchers and kinds stay as they were.
create function private.after_task_insert_tell_board_watchers() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  watching uuid[] := array(select w.user_id from public.board_watchers w where w.board_id = new.board_id);
begin
  -- Most boards have no watchers: private.notify returns at once for an empty list.
  perform private.notify(watching, 'created', public.board_workspace_id(new.board_id), new.id, '{}',
    coalesce((select auth.uid()), new.created_by));
  return null;
end;
$$;

create trigger tasks_notify_board_watchers_insert after insert on public.tasks
  for each row execute function private.after_task_insert_tell_board_watchers();

-- Same body as 20261126152020's, with the board's watchers added to `completed` (one row each: a person watching
-- both the task and its board is told once).
create or replace function private.after_task_update() returns trigger
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
    perform private.notify(array(
        select w.user_id from public.task_watchers w where w.task_id = new.id
        union
        select b.user_id from public.board_watchers b where b.board_id = new.board_id),
      'completed', workspace, new.id, '{}');
  end if;
  return null;
end;
$$;

-- ============================================================================
-- Leaving or being removed drops the person's board watches in that workspace (task watches: 152020)
-- ============================================================================
create function private.after_member_removed_drop_board_watches() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.board_watchers w
  where w.user_id = old.user_id
    and w.board_id in (select b.id from public.boards b where b.workspace_id = old.workspace_id);
  return null;
end;
$$;

create trigger workspace_members_drop_board_watches after delete on public.workspace_members
  for each row execute function private.after_member_removed_drop_board_watches();
