-- Read policies that answer once per statement, not once per row (decision 144).
--
-- A policy that calls a security definer helper with a column of the row (`is_member(workspace_id)`,
-- `has_task_role(task_id, 'viewer')`, `shares_workspace_with(id)`) runs that helper for every row it reads:
-- 0.1-0.2 ms a row, measured, so a task panel with 50 comments spent about 8 ms on comments' policy alone.
-- Supabase's advice for row-level security performance is the form tasks, columns and labels already use: a
-- set the caller can read, computed once for the statement (`x in (select …)`, a hashed subplan). Who may read
-- what is unchanged; the db-tests that prove each role's reads and refusals cover every policy replaced here.

-- ============================================================================
-- Helpers: the caller's own sets (security definer, so workspace_members' own policy does not recurse)
-- ============================================================================
/**
 * The workspaces where the caller holds at least `min_role`.
 * Example: select * from public.boards where workspace_id in (select public.my_workspace_ids('viewer'));
 */
create function public.my_workspace_ids(min_role public.workspace_role) returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select m.workspace_id
  from public.workspace_members m
  where m.user_id = (select auth.uid()) and m.role >= min_role;
$$;

/**
 * Everyone who shares a workspace with the caller, the caller included (whose profiles the caller may read).
 * Example: select display_name from public.profiles where id in (select public.my_teammate_ids());
 */
create function public.my_teammate_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select theirs.user_id
  from public.workspace_members mine
  join public.workspace_members theirs on theirs.workspace_id = mine.workspace_id
  where mine.user_id = (select auth.uid());
$$;

-- ============================================================================
-- Reads by workspace
-- ============================================================================
drop policy "members can read their workspaces" on public.workspaces;
create policy "members can read their workspaces" on public.workspaces
  for select to authenticated
  using (id in (select public.my_workspace_ids('viewer')));

drop policy "members can read the members of their workspaces" on public.workspace_members;
create policy "members can read the members of their workspaces" on public.workspace_members
  for select to authenticated
  using (workspace_id in (select public.my_workspace_ids('viewer')));

drop policy "members can read profiles of people in their workspaces" on public.profiles;
create policy "members can read profiles of people in their workspaces" on public.profiles
  for select to authenticated
  using (id in (select public.my_teammate_ids()));

drop policy "members can read boards of their workspaces" on public.boards;
create policy "members can read boards of their workspaces" on public.boards
  for select to authenticated
  using (workspace_id in (select public.my_workspace_ids('viewer')));

drop policy "members can read activity of their workspaces" on public.activity;
create policy "members can read activity of their workspaces" on public.activity
  for select to authenticated
  using (workspace_id in (select public.my_workspace_ids('viewer')));

-- ============================================================================
-- Reads by task: the task must be one the caller can read (tasks' own policy, itself once per statement).
-- A correlated probe by primary key, not the set of every readable task: a comment thread reads a few rows
-- of one task, and a big workspace holds thousands of tasks.
-- ============================================================================
drop policy "members can read comments on tasks they can read" on public.comments;
create policy "members can read comments on tasks they can read" on public.comments
  for select to authenticated
  using (exists (select 1 from public.tasks t where t.id = task_id));

drop policy "members can read attachments of tasks they can read" on public.attachments;
create policy "members can read attachments of tasks they can read" on public.attachments
  for select to authenticated
  using (exists (select 1 from public.tasks t where t.id = task_id));
