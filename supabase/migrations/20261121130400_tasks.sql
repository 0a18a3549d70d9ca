-- Tasks and their labels: numbering per board, placement, completion from `is_done` columns,
-- archiving, and the task move RPC (SPEC §3, §4).

-- ============================================================================
-- Types and tables
-- ============================================================================
create type public.task_priority as enum ('none', 'low', 'medium', 'high', 'urgent');

create table public.tasks (
  id uuid primary key default gen_random_uuid(),
  board_id uuid not null references public.boards (id) on delete cascade,
  column_id uuid not null,
  number integer not null,
  title text not null,
  description text not null default '',
  position public.position_key not null,
  assignee_id uuid references public.profiles (id) on delete set null,
  due_on date,
  priority public.task_priority not null default 'none',
  completed_at timestamptz,
  archived_at timestamptz,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A task's column is always on the task's board.
  constraint tasks_column_on_board foreign key (board_id, column_id)
    references public.columns (board_id, id),
  constraint tasks_board_id_number_key unique (board_id, number),
  constraint tasks_position_key unique (column_id, position),
  constraint tasks_title_length check (char_length(title) between 1 and 200 and title !~ '^\s|\s$'),
  constraint tasks_description_length check (char_length(description) <= 20000),
  constraint tasks_due_on_range check (due_on between '2000-01-01' and '2100-12-31')
);
alter table public.tasks enable row level security;
-- (board_id, number) and (column_id, position) are indexed by their unique constraints.
create index tasks_assignee_id_idx on public.tasks (assignee_id);
create index tasks_created_by_idx on public.tasks (created_by);

create trigger tasks_set_updated_at before update on public.tasks
  for each row execute function public.set_updated_at();

create table public.task_labels (
  task_id uuid not null references public.tasks (id) on delete cascade,
  label_id uuid not null references public.labels (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (task_id, label_id)
);
alter table public.task_labels enable row level security;
create index task_labels_label_id_idx on public.task_labels (label_id);

-- The last task number handed out per board (tasks show as `#12`). Kept apart from `boards` so
-- numbering a task neither touches the board's `updated_at` nor sends a realtime event for it.
create table public.board_task_counters (
  board_id uuid primary key references public.boards (id) on delete cascade,
  last_number integer not null
);
alter table public.board_task_counters enable row level security;
revoke all on public.board_task_counters from anon, authenticated;

-- `number` and `completed_at` are the database's to set, and a task never changes board.
revoke insert, update, delete on public.tasks, public.task_labels from anon;
revoke insert, update on public.tasks from authenticated;
grant insert (id, board_id, column_id, title, description, position, assignee_id, due_on, priority, created_by)
  on public.tasks to authenticated;
grant update (column_id, title, description, position, assignee_id, due_on, priority, archived_at)
  on public.tasks to authenticated;
revoke update on public.task_labels from authenticated;

-- ============================================================================
-- Helpers for policies
-- ============================================================================
create function public.task_board_id(task_id uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select t.board_id from public.tasks t where t.id = task_board_id.task_id;
$$;

-- One query rather than a chain of helpers: policies on comments and attachments call it per row.
create function public.has_task_role(task_id uuid, min_role public.workspace_role) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.tasks t
    join public.boards b on b.id = t.board_id
    join public.workspace_members m on m.workspace_id = b.workspace_id
    where t.id = has_task_role.task_id
      and m.user_id = (select auth.uid())
      and m.role >= has_task_role.min_role
  );
$$;

-- ============================================================================
-- Policies
-- ============================================================================
create policy "members can read tasks of their boards" on public.tasks
  for select to authenticated
  using (board_id in (select public.my_board_ids('viewer')));

create policy "members can create tasks on their boards" on public.tasks
  for insert to authenticated
  with check (public.has_board_role(board_id, 'member') and created_by = (select auth.uid()));

create policy "members can edit tasks on their boards" on public.tasks
  for update to authenticated
  using (public.has_board_role(board_id, 'member'))
  with check (public.has_board_role(board_id, 'member'));

create policy "admins can delete tasks on their boards" on public.tasks
  for delete to authenticated
  using (public.has_board_role(board_id, 'admin'));

create policy "members can read labels of tasks they can read" on public.task_labels
  for select to authenticated
  using (task_id in (select t.id from public.tasks t));

create policy "members can label tasks on their boards" on public.task_labels
  for insert to authenticated
  with check (public.has_task_role(task_id, 'member'));

create policy "members can unlabel tasks on their boards" on public.task_labels
  for delete to authenticated
  using (public.has_task_role(task_id, 'member'));

-- ============================================================================
-- Rules
-- ============================================================================

/**
 * The key after the last task of a column, for a task placed there without a position; serves
 * before_task_insert and place_moved_task. Locks the column first (the same lock move_task takes), so
 * an insert or a move to the end and a concurrent move never pick one key.
 */
create function private.key_at_column_end(column_id uuid) returns text
language plpgsql
set search_path = ''
as $$
begin
  perform 1 from public.columns c where c.id = key_at_column_end.column_id for update;
  return public.key_between(
    (select max(t.position) from public.tasks t where t.column_id = key_at_column_end.column_id), null);
end;
$$;

-- On insert: the next number of the board, the tasks limit (archived included), and a position at
-- the end of the column when none is given. The counter row is locked until commit, so concurrent
-- inserts on one board queue here: numbers never repeat (nor are reused after a delete) and the
-- count is exact.
create function public.before_task_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.board_task_counters as c (board_id, last_number)
  values (new.board_id, 1)
  on conflict (board_id) do update set last_number = c.last_number + 1
  returning c.last_number into new.number;
  if (select count(*) from public.tasks t where t.board_id = new.board_id) >= 5000 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A board can have at most 5,000 tasks, archived ones included.', hint = 'tasks_per_board';
  end if;
  if new.position is null then
    new.position := private.key_at_column_end(new.column_id);
  end if;
  return new;
end;
$$;

create trigger tasks_before_insert before insert on public.tasks
  for each row execute function public.before_task_insert();

-- Moved to another column without a new position (a plain update): goes to the end of it.
create function public.place_moved_task() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.column_id <> old.column_id and new.position = old.position then
    new.position := private.key_at_column_end(new.column_id);
  end if;
  return new;
end;
$$;

create trigger tasks_place_moved before update of column_id on public.tasks
  for each row execute function public.place_moved_task();

-- SPEC §4: a task is completed while it sits in an `is_done` column.
create function public.sync_task_completion() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  done boolean := (select c.is_done from public.columns c where c.id = new.column_id);
begin
  if done and new.completed_at is null then
    new.completed_at := now();
  elsif not done then
    new.completed_at := null;
  end if;
  return new;
end;
$$;

create trigger tasks_sync_completion before insert or update of column_id on public.tasks
  for each row execute function public.sync_task_completion();

-- Turning a column into (or out of) a done column completes (or reopens) its tasks.
create function public.sync_column_completion() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_done and not old.is_done then
    update public.tasks t set completed_at = now() where t.column_id = new.id and t.completed_at is null;
  elsif old.is_done and not new.is_done then
    update public.tasks t set completed_at = null where t.column_id = new.id and t.completed_at is not null;
  end if;
  return new;
end;
$$;

create trigger columns_sync_completion after update of is_done on public.columns
  for each row execute function public.sync_column_completion();

-- The assignee must be a member of the board's workspace.
create function public.check_task_assignee() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.assignee_id is not null and not exists (
    select 1 from public.workspace_members m
    where m.workspace_id = public.board_workspace_id(new.board_id) and m.user_id = new.assignee_id
  ) then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'The assignee must be a member of the workspace.', hint = 'assignee_id';
  end if;
  return new;
end;
$$;

create trigger tasks_check_assignee before insert or update of assignee_id on public.tasks
  for each row execute function public.check_task_assignee();

-- Someone who leaves or is removed is no longer anyone's assignee in that workspace.
create function public.unassign_former_member() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.tasks t set assignee_id = null
  where t.assignee_id = old.user_id
    and t.board_id in (select b.id from public.boards b where b.workspace_id = old.workspace_id);
  return old;
end;
$$;

create trigger workspace_members_unassign after delete on public.workspace_members
  for each row execute function public.unassign_former_member();

-- A label and the task it marks are on the same board.
create function public.check_task_label_board() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select l.board_id from public.labels l where l.id = new.label_id)
     is distinct from public.task_board_id(new.task_id) then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'The label belongs to another board.', hint = 'label_id';
  end if;
  return new;
end;
$$;

create trigger task_labels_check_board before insert on public.task_labels
  for each row execute function public.check_task_label_board();

-- Label changes touch their task (`updated_at`), so a board following its tasks by `board_id` hears
-- about them: task_labels rows carry no board_id to filter on (decision 063).
create function public.touch_labelled_task() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.tasks t set updated_at = now() where t.id = coalesce(new.task_id, old.task_id);
  return null;
end;
$$;

create trigger task_labels_touch_task after insert or delete on public.task_labels
  for each row execute function public.touch_labelled_task();

-- A column holding tasks (archived ones too) cannot be deleted; move them first. Deleting the
-- whole board removes everything.
create function public.guard_column_delete() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.boards b where b.id = old.board_id)
     and exists (select 1 from public.tasks t where t.column_id = old.id) then
    raise exception using errcode = 'P0001', message = 'CONFLICT',
      detail = 'Move or delete the tasks in this column first.', hint = 'tasks';
  end if;
  return old;
end;
$$;

create trigger columns_guard_delete before delete on public.columns
  for each row execute function public.guard_column_delete();

-- SPEC §4: a task is deleted from the archive (archived → deleted). Deleting the board removes
-- all of its tasks; service-role and maintenance deletes (no signed-in user) are not held back.
create function public.guard_task_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.archived_at is null
     and (select auth.uid()) is not null
     and exists (select 1 from public.boards b where b.id = old.board_id) then
    raise exception using errcode = 'P0001', message = 'CONFLICT',
      detail = 'Archive the task before deleting it.', hint = 'archived_at';
  end if;
  return old;
end;
$$;

create trigger tasks_guard_delete before delete on public.tasks
  for each row execute function public.guard_task_delete();

-- ============================================================================
-- RPC: move a task
-- ============================================================================

/**
 * Moves a task into `column_id`, between the tasks `before_id` (above it) and `after_id` (below
 * it) as the client sees them; null means that end of the column. The target column is locked,
 * so concurrent moves into one column queue and each lands on a distinct key next to the task
 * that is really there now. CONFLICT when a named neighbour left the column.
 * Example: select * from public.move_task('<task>', '<column>', '<task above>', '<task below>');
 */
create function public.move_task(task_id uuid, column_id uuid, before_id uuid, after_id uuid)
returns public.tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  moving public.tasks;
  sibling_ids uuid[];
  sibling_keys text[];
  new_key text;
begin
  select * into moving from public.tasks t where t.id = move_task.task_id;
  if not found or not public.has_board_role(moving.board_id, 'viewer') then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND', detail = 'No such task.', hint = 'task';
  end if;
  if not public.has_board_role(moving.board_id, 'member') then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Viewers cannot move tasks.', hint = 'member';
  end if;

  perform 1 from public.columns c
  where c.id = move_task.column_id and c.board_id = moving.board_id
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'CONFLICT',
      detail = 'The target column is not on this board any more.', hint = 'column';
  end if;

  select coalesce(array_agg(t.id order by t.id), '{}'), coalesce(array_agg(t.position::text order by t.id), '{}')
  into sibling_ids, sibling_keys
  from public.tasks t where t.column_id = move_task.column_id and t.id <> moving.id;

  new_key := private.key_between_neighbours(move_task.before_id, move_task.after_id, sibling_ids, sibling_keys,
    'The task to place it below left the column.', 'The task to place it above left the column or moved.');

  update public.tasks t set column_id = move_task.column_id, position = new_key
  where t.id = moving.id
  returning * into moving;
  return moving;
end;
$$;
revoke execute on function public.move_task(uuid, uuid, uuid, uuid) from public, anon;
