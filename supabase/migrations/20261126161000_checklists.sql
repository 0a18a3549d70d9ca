-- Checklists on a task (SPEC §10): named lists of items to tick off, under the task's own rules (members
-- write, viewers read), and the counts a card face shows (comments, attachments, checklist progress) kept on
-- the task itself so they travel with the task to the board, live, at no extra read. Decisions 078 and 185.

-- ============================================================================
-- Table
-- ============================================================================
create table public.checklist_items (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.tasks (id) on delete cascade,
  -- A checklist is the items sharing a name: there is no checklist without items.
  checklist text not null default 'Checklist',
  body text not null,
  done boolean not null default false,
  -- Left out: the end of its checklist (before_checklist_item_insert).
  position public.position_key not null,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint checklist_items_position_key unique (task_id, checklist, position),
  -- The title rules (SPEC §5): 1–200 characters, no space at either end.
  constraint checklist_items_body_length check (char_length(body) between 1 and 200 and body !~ '^\s|\s$'),
  constraint checklist_items_checklist_length
    check (char_length(checklist) between 1 and 60 and checklist !~ '^\s|\s$')
);
alter table public.checklist_items enable row level security;
-- (task_id, …) is indexed by the unique constraint.
create index checklist_items_created_by_idx on public.checklist_items (created_by);

create trigger checklist_items_set_updated_at before update on public.checklist_items
  for each row execute function public.set_updated_at();

-- An item never changes task, and its author and timestamps are the database's.
revoke insert, update, delete on public.checklist_items from anon;
revoke insert, update on public.checklist_items from authenticated;
grant insert (id, task_id, checklist, body, done, position, created_by) on public.checklist_items to authenticated;
grant update (checklist, body, done, position) on public.checklist_items to authenticated;

-- ============================================================================
-- Policies: the task's own (reading probes tasks' policy by key, as comments do — decision 144)
-- ============================================================================
create policy "members can read checklist items of tasks they can read" on public.checklist_items
  for select to authenticated
  using (exists (select 1 from public.tasks t where t.id = task_id));

create policy "members can add checklist items to tasks of their boards" on public.checklist_items
  for insert to authenticated
  with check (public.has_task_role(task_id, 'member') and created_by = (select auth.uid()));

create policy "members can change checklist items on their boards" on public.checklist_items
  for update to authenticated
  using (public.has_task_role(task_id, 'member'))
  with check (public.has_task_role(task_id, 'member'));

create policy "members can delete checklist items on their boards" on public.checklist_items
  for delete to authenticated
  using (public.has_task_role(task_id, 'member'));

-- ============================================================================
-- Rules
-- ============================================================================

-- On insert: the per-task limit, and a place at the end of its checklist when none is given. The task row
-- is locked first, so concurrent adds to one task queue here: the count is exact and no two take one key.
create function private.before_checklist_item_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.tasks t where t.id = new.task_id for update;
  if (select count(*) from public.checklist_items i where i.task_id = new.task_id) >= 100 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A task can have at most 100 checklist items.', hint = 'checklist_items_per_task';
  end if;
  if new.position is null then
    new.position := public.key_between(
      (select max(i.position) from public.checklist_items i
       where i.task_id = new.task_id and i.checklist = new.checklist), null);
  end if;
  return new;
end;
$$;

create trigger checklist_items_before_insert before insert on public.checklist_items
  for each row execute function private.before_checklist_item_insert();

-- An item moved to another checklist without a new place goes to the end of that one.
create function private.place_renamed_checklist_item() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.checklist <> old.checklist and new.position = old.position then
    new.position := public.key_between(
      (select max(i.position) from public.checklist_items i
       where i.task_id = new.task_id and i.checklist = new.checklist), null);
  end if;
  return new;
end;
$$;

create trigger checklist_items_place_renamed before update of checklist on public.checklist_items
  for each row execute function private.place_renamed_checklist_item();

-- ============================================================================
-- Card counts on the task: what a card face shows, kept by the rows that change them
-- ============================================================================
alter table public.tasks
  add column comment_count integer not null default 0,
  add column attachment_count integer not null default 0,
  add column checklist_total integer not null default 0,
  add column checklist_done integer not null default 0;
-- Not in the column grants of tasks: only these triggers write them.

update public.tasks t set
  comment_count = (select count(*) from public.comments c where c.task_id = t.id and c.deleted_at is null),
  attachment_count = (select count(*) from public.attachments a where a.task_id = t.id);

-- A count changing is not an edit of the task: `updated_at` stays, so an editor's expected version
-- (updateTask's `expectedUpdatedAt`) still holds after a teammate comments.
drop trigger tasks_set_updated_at on public.tasks;
create trigger tasks_set_updated_at before update on public.tasks
  for each row
  when (old.comment_count = new.comment_count and old.attachment_count = new.attachment_count
        and old.checklist_total = new.checklist_total and old.checklist_done = new.checklist_done)
  execute function public.set_updated_at();

-- Increments, not recounts: under concurrent writes the update re-reads the latest task row, where a
-- recount's subquery would still see its statement's snapshot and lose the other writer's row.
-- A task deleted with its rows (cascade) is already gone, and the update finds nothing.
create function private.count_comments() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  delta integer := case
    when tg_op = 'INSERT' then (new.deleted_at is null)::integer
    when tg_op = 'DELETE' then -(old.deleted_at is null)::integer
    else (new.deleted_at is null)::integer - (old.deleted_at is null)::integer
  end;
begin
  if delta <> 0 then
    update public.tasks t set comment_count = t.comment_count + delta
    where t.id = coalesce(new.task_id, old.task_id);
  end if;
  return null;
end;
$$;

create trigger comments_count after insert or delete or update of deleted_at on public.comments
  for each row execute function private.count_comments();

create function private.count_attachments() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.tasks t
  set attachment_count = t.attachment_count + case when tg_op = 'INSERT' then 1 else -1 end
  where t.id = coalesce(new.task_id, old.task_id);
  return null;
end;
$$;

create trigger attachments_count after insert or delete on public.attachments
  for each row execute function private.count_attachments();

create function private.count_checklist_items() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  total_delta integer := case tg_op when 'INSERT' then 1 when 'DELETE' then -1 else 0 end;
  done_delta integer := case
    when tg_op = 'INSERT' then new.done::integer
    when tg_op = 'DELETE' then -old.done::integer
    else new.done::integer - old.done::integer
  end;
begin
  if total_delta <> 0 or done_delta <> 0 then
    update public.tasks t
    set checklist_total = t.checklist_total + total_delta, checklist_done = t.checklist_done + done_delta
    where t.id = coalesce(new.task_id, old.task_id);
  end if;
  return null;
end;
$$;

create trigger checklist_items_count after insert or delete or update of done on public.checklist_items
  for each row execute function private.count_checklist_items();

-- ============================================================================
-- Activity: added and checked items
-- ============================================================================
alter table public.activity drop constraint activity_kind_known;
alter table public.activity add constraint activity_kind_known check (kind in (
  'task_created', 'task_moved', 'task_completed', 'task_reopened', 'task_archived',
  'task_restored', 'comment_added', 'attachment_added', 'member_joined', 'member_left',
  'role_changed', 'checklist_item_added', 'checklist_item_checked'
));

create function private.log_checklist_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  board uuid := public.task_board_id(new.task_id);
begin
  if tg_op = 'INSERT' then
    perform public.log_activity(public.board_workspace_id(board), board, new.task_id, 'checklist_item_added',
      jsonb_build_object('item_id', new.id, 'body', new.body, 'checklist', new.checklist));
  elsif new.done and not old.done then
    perform public.log_activity(public.board_workspace_id(board), board, new.task_id, 'checklist_item_checked',
      jsonb_build_object('item_id', new.id, 'body', new.body, 'checklist', new.checklist));
  end if;
  return null;
end;
$$;

create trigger checklist_items_log_activity after insert or update of done on public.checklist_items
  for each row execute function private.log_checklist_activity();

-- ============================================================================
-- RPC: move an item within its checklist
-- ============================================================================

/**
 * Moves a checklist item between `before_id` (above it) and `after_id` (below it) of its checklist as the
 * client sees them; null means that end. The task is locked, so concurrent moves on one task queue.
 * CONFLICT when a named neighbour left the checklist.
 * Example: select * from public.move_checklist_item('<item>', '<item above>', null);
 */
create function public.move_checklist_item(item_id uuid, before_id uuid, after_id uuid)
returns public.checklist_items
language plpgsql
security definer
set search_path = ''
as $$
declare
  moving public.checklist_items;
  sibling_ids uuid[];
  sibling_keys text[];
  new_key text;
begin
  select * into moving from public.checklist_items i where i.id = move_checklist_item.item_id;
  if not found or not public.has_task_role(moving.task_id, 'viewer') then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND', detail = 'No such checklist item.',
      hint = 'item';
  end if;
  if not public.has_task_role(moving.task_id, 'member') then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Viewers cannot reorder checklists.', hint = 'member';
  end if;
  perform 1 from public.tasks t where t.id = moving.task_id for update;

  select coalesce(array_agg(i.id order by i.id), '{}'), coalesce(array_agg(i.position::text order by i.id), '{}')
  into sibling_ids, sibling_keys
  from public.checklist_items i
  where i.task_id = moving.task_id and i.checklist = moving.checklist and i.id <> moving.id;

  new_key := private.key_between_neighbours(move_checklist_item.before_id, move_checklist_item.after_id,
    sibling_ids, sibling_keys,
    'The item to place it below left the checklist.', 'The item to place it above left the checklist or moved.');

  update public.checklist_items i set position = new_key where i.id = moving.id returning * into moving;
  return moving;
end;
$$;
revoke execute on function public.move_checklist_item(uuid, uuid, uuid) from public, anon;
grant execute on function public.move_checklist_item(uuid, uuid, uuid) to authenticated;

-- ============================================================================
-- RPC: turn an item into a task
-- ============================================================================

/**
 * Makes a task of a checklist item, in the same column as the item's task (at its end), titled with the
 * item's body, and removes the item: both or neither. Runs as the caller, so tasks' and items' own
 * policies and limits apply; NOT_FOUND for an item the caller cannot see, FORBIDDEN for a viewer.
 * Example: select * from public.checklist_item_to_task('<item>');
 */
create function public.checklist_item_to_task(item_id uuid) returns public.tasks
language plpgsql
security invoker
set search_path = ''
as $$
declare
  item public.checklist_items;
  parent public.tasks;
  made public.tasks;
begin
  select * into item from public.checklist_items i where i.id = checklist_item_to_task.item_id;
  if not found then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND', detail = 'No such checklist item.',
      hint = 'item';
  end if;
  if not public.has_task_role(item.task_id, 'member') then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Viewers cannot turn checklist items into tasks.', hint = 'member';
  end if;
  select * into parent from public.tasks t where t.id = item.task_id;
  insert into public.tasks (board_id, column_id, title)
  values (parent.board_id, parent.column_id, item.body)
  returning * into made;
  delete from public.checklist_items i where i.id = item.id;
  return made;
end;
$$;
revoke execute on function public.checklist_item_to_task(uuid) from public, anon;
grant execute on function public.checklist_item_to_task(uuid) to authenticated;

-- ============================================================================
-- Realtime: the panel follows its task's items (key: a random uuid, which tells nothing — decision 068)
-- ============================================================================
alter publication supabase_realtime add table public.checklist_items;
