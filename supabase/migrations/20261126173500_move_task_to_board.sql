-- Moving a task to another board of its workspace (issue 24, decisions 186 and 198). A task's board was fixed
-- until now (`board_id` is not in the API roles' update grant, and stays out of it): only this security definer
-- RPC changes it, after checking the caller on both boards, the target column and board, and the target's task
-- limit. The task takes a new number from the target board; comments, checklist items and attachments stay on
-- it (attachment paths are `<workspace_id>/<task_id>/…`, so they stay valid); labels follow by name.

-- ============================================================================
-- Activity: a task that changes board logs one `task_moved` row naming both boards (and both columns, since
-- the new board's panel cannot name the old board's column)
-- ============================================================================
create or replace function public.log_task_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace uuid := public.board_workspace_id(new.board_id);
begin
  if tg_op = 'INSERT' then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_created',
      jsonb_build_object('number', new.number, 'title', new.title, 'column_id', new.column_id));
    return null;
  end if;
  if new.board_id <> old.board_id then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_moved',
      jsonb_build_object('from_column_id', old.column_id, 'to_column_id', new.column_id,
        'from_column_name', (select c.name from public.columns c where c.id = old.column_id),
        'to_column_name', (select c.name from public.columns c where c.id = new.column_id),
        'from_board_id', old.board_id, 'to_board_id', new.board_id,
        'from_board_name', (select b.name from public.boards b where b.id = old.board_id),
        'to_board_name', (select b.name from public.boards b where b.id = new.board_id),
        'from_number', old.number, 'to_number', new.number));
  elsif new.column_id <> old.column_id then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_moved',
      jsonb_build_object('from_column_id', old.column_id, 'to_column_id', new.column_id));
  end if;
  if new.completed_at is not null and old.completed_at is null then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_completed', '{}');
  elsif new.completed_at is null and old.completed_at is not null then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_reopened', '{}');
  end if;
  if new.archived_at is not null and old.archived_at is null then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_archived', '{}');
  elsif new.archived_at is null and old.archived_at is not null then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_restored', '{}');
  end if;
  return null;
end;
$$;

-- ============================================================================
-- RPC: move a task to another board
-- ============================================================================
/**
 * Moves a task to `column_id` on `board_id`, another board of the same workspace, between the tasks `before_id`
 * (above it) and `after_id` (below it) of that column (null: that end). The caller must be a member (not a
 * viewer) on both boards; the target board must not be archived and must be under its task limit. The task
 * takes the target board's next number. Each label whose name exists on the target board becomes that label;
 * the others are taken off and their names answered in `dropped_labels`. Teammates on the old board hear
 * `task_left` on its channel (its row changes are filtered by the board they now no longer match).
 * Answers {task, kept_label_ids, dropped_labels}.
 * Example: select public.move_task_to_board('<task>', '<board>', '<column>', null, null);
 */
create function public.move_task_to_board(
  task_id uuid, board_id uuid, column_id uuid, before_id uuid, after_id uuid
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  moving public.tasks;
  source public.boards;
  target public.boards;
  link record;
  twin uuid;
  from_ids uuid[] := '{}';
  kept_ids uuid[] := '{}';
  dropped_ids uuid[] := '{}';
  dropped text[] := '{}';
  sibling_ids uuid[];
  sibling_keys text[];
  new_key text;
  new_number integer;
begin
  -- The task row is locked: two moves of one task queue, and the second sees where the first left it.
  select * into moving from public.tasks t where t.id = move_task_to_board.task_id for update;
  if not found or not public.has_board_role(moving.board_id, 'viewer') then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND', detail = 'No such task.', hint = 'task';
  end if;
  if not public.has_board_role(moving.board_id, 'member') then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Viewers cannot move tasks.', hint = 'member';
  end if;
  select * into source from public.boards b where b.id = moving.board_id;

  -- Shared lock: the board cannot be archived (or deleted) while the task lands on it.
  select * into target from public.boards b where b.id = move_task_to_board.board_id for share;
  if not found or not public.has_board_role(target.id, 'viewer') then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND', detail = 'No such board.', hint = 'board';
  end if;
  if target.workspace_id <> source.workspace_id then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'A task moves only to a board of its own workspace.', hint = 'board_id';
  end if;
  if target.id = source.id then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'The task is on this board already.', hint = 'board_id';
  end if;
  if not public.has_board_role(target.id, 'member') then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Viewers cannot move tasks.', hint = 'member';
  end if;
  if target.archived_at is not null then
    raise exception using errcode = 'P0001', message = 'CONFLICT',
      detail = 'That board is archived.', hint = 'archived_at';
  end if;

  perform 1 from public.columns c
  where c.id = move_task_to_board.column_id and c.board_id = target.id
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'CONFLICT',
      detail = 'The target column is not on that board any more.', hint = 'column';
  end if;

  -- The target's next number, taken under the lock of its counter row as a new task's is (before_task_insert),
  -- so the count below is exact; a refusal rolls the counter back with everything else.
  insert into public.board_task_counters as c (board_id, last_number)
  values (target.id, 1)
  on conflict on constraint board_task_counters_pkey do update set last_number = c.last_number + 1
  returning c.last_number into new_number;
  if (select count(*) from public.tasks t where t.board_id = target.id) >= 5000 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A board can have at most 5,000 tasks, archived ones included.', hint = 'tasks_per_board';
  end if;

  select coalesce(array_agg(t.id order by t.id), '{}'), coalesce(array_agg(t.position::text order by t.id), '{}')
  into sibling_ids, sibling_keys
  from public.tasks t where t.column_id = move_task_to_board.column_id;
  new_key := private.key_between_neighbours(move_task_to_board.before_id, move_task_to_board.after_id,
    sibling_ids, sibling_keys,
    'The task to place it below left the column.', 'The task to place it above left the column or moved.');

  -- Labels by name: the target's oldest label of that name. Two of the task's labels with one name become one.
  for link in
    select l.id, l.name from public.task_labels tl join public.labels l on l.id = tl.label_id
    where tl.task_id = moving.id order by l.name, l.id
  loop
    select l.id into twin from public.labels l
    where l.board_id = target.id and l.name = link.name order by l.created_at, l.id limit 1;
    if twin is null then
      dropped_ids := dropped_ids || link.id;
      if not link.name = any (dropped) then
        dropped := dropped || link.name;
      end if;
    elsif twin = any (kept_ids) then
      dropped_ids := dropped_ids || link.id;
    else
      from_ids := from_ids || link.id;
      kept_ids := kept_ids || twin;
    end if;
  end loop;

  update public.tasks t
  set board_id = target.id, column_id = move_task_to_board.column_id, position = new_key, number = new_number
  where t.id = moving.id
  returning * into moving;

  -- After the row has changed board: the links' changes (and the touch of the task a removal makes) then
  -- reach the new board's listeners, never the old board's, which would show the card again.
  update public.task_labels tl set label_id = m.to_id
  from unnest(from_ids, kept_ids) as m (from_id, to_id)
  where tl.task_id = moving.id and tl.label_id = m.from_id;
  delete from public.task_labels tl where tl.task_id = moving.id and tl.label_id = any (dropped_ids);
  select * into moving from public.tasks t where t.id = moving.id;

  -- Search finds the task (and its comments) under the board it is on now.
  update private.task_search_documents d set board_id = target.id where d.task_id = moving.id;
  update private.comment_search_documents d set board_id = target.id where d.task_id = moving.id;

  perform realtime.send(
    jsonb_build_object('task_id', moving.id, 'board_id', target.id),
    'task_left',
    format('board:%s', source.id),
    true
  );

  return jsonb_build_object('task', to_jsonb(moving), 'kept_label_ids', to_jsonb(kept_ids),
    'dropped_labels', to_jsonb(dropped));
end;
$$;
revoke execute on function public.move_task_to_board(uuid, uuid, uuid, uuid, uuid) from public, anon;
grant execute on function public.move_task_to_board(uuid, uuid, uuid, uuid, uuid) to authenticated;
