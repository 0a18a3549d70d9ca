-- The Trello import writes its rows' card counts once per task (decision 089): the per-row triggers that keep
-- tasks' comment and checklist counts (decision 185) and touch a task when a label is added skip their update
-- while `lanes.importing` is on, which only import_trello_board sets, for its own transaction, and the import
-- then sets each task's counts in one update. Measured: 1,000 cards with 3,000 items, 2,000 comments and 2,000
-- card labels made 7,000 single-row task updates; now at most one per task.

/** True inside import_trello_board's bulk insert; nothing a client sends can set it. */
create function private.importing() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(current_setting('lanes.importing', true), '') = 'on';
$$;

create or replace function private.count_comments() returns trigger
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
  if delta <> 0 and not private.importing() then
    update public.tasks t set comment_count = t.comment_count + delta
    where t.id = coalesce(new.task_id, old.task_id);
  end if;
  return null;
end;
$$;

create or replace function private.count_checklist_items() returns trigger
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
  if (total_delta <> 0 or done_delta <> 0) and not private.importing() then
    update public.tasks t
    set checklist_total = t.checklist_total + total_delta, checklist_done = t.checklist_done + done_delta
    where t.id = coalesce(new.task_id, old.task_id);
  end if;
  return null;
end;
$$;

-- A new task's labels need no touch: the task row itself is new in the same transaction.
create or replace function public.touch_labelled_task() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.importing() then
    update public.tasks t set updated_at = now() where t.id = coalesce(new.task_id, old.task_id);
  end if;
  return null;
end;
$$;

create or replace function public.import_trello_board(user_id uuid, workspace_id uuid, board jsonb) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  role public.workspace_role;
  new_board uuid;
  columns jsonb := coalesce(board -> 'columns', '[]');
  labels jsonb := coalesce(board -> 'labels', '[]');
  tasks jsonb := coalesce(board -> 'tasks', '[]');
  column_ids uuid[];
  label_ids uuid[];
  task_ids uuid[];
  keys text[] := '{}';
  key_count integer;
begin
  select m.role into role from public.workspace_members m
  where m.workspace_id = import_trello_board.workspace_id and m.user_id = import_trello_board.user_id;
  if role is null then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND', detail = 'No such workspace.';
  end if;
  if role < 'admin' then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Only admins and owners can import a board.';
  end if;

  -- The rows are written as the importing user: auth.uid() answers with them for the rest of the transaction.
  perform set_config('request.jwt.claims',
    jsonb_build_object('sub', import_trello_board.user_id, 'role', 'authenticated')::text, true);
  perform set_config('request.jwt.claim.sub', import_trello_board.user_id::text, true);

  -- The limits, said before anything is written (the triggers check again row by row).
  perform 1 from public.workspaces w where w.id = import_trello_board.workspace_id for update;
  if (select count(*) from public.boards b where b.workspace_id = import_trello_board.workspace_id) >= 50 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'This workspace already has 50 boards, the most it can have. Delete or archive one first.',
      hint = 'boards_per_workspace';
  end if;
  if jsonb_array_length(columns) > 20 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A board can have at most 20 columns.', hint = 'columns_per_board';
  end if;
  if jsonb_array_length(labels) > 30 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A board can have at most 30 labels.', hint = 'labels_per_board';
  end if;
  if jsonb_array_length(tasks) > 5000 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A board can have at most 5,000 tasks, archived ones included.', hint = 'tasks_per_board';
  end if;

  insert into public.boards (workspace_id, name, description, created_by)
  values (import_trello_board.workspace_id, board #>> '{board,name}',
          coalesce(board #>> '{board,description}', ''), import_trello_board.user_id)
  returning id into new_board;

  -- Position keys in order, enough for the longest run (columns, a column's tasks, a task's items); each run
  -- takes them from the start, since keys are unique only among siblings.
  key_count := greatest(
    jsonb_array_length(columns),
    (select coalesce(max(n), 0) from (
      select count(*) as n from jsonb_array_elements(tasks) t group by t ->> 'column') c),
    (select coalesce(max(jsonb_array_length(t -> 'checklist')), 0) from jsonb_array_elements(tasks) t));
  for i in 1..key_count loop
    keys := keys || public.key_between(keys[i - 1], null);
  end loop;

  column_ids := array(select gen_random_uuid() from generate_series(1, jsonb_array_length(columns)));
  insert into public.columns (id, board_id, name, position, is_done)
  select column_ids[c.n], new_board, c.value ->> 'name', keys[c.n], (c.value ->> 'isDone')::boolean
  from jsonb_array_elements(columns) with ordinality as c (value, n)
  order by c.n;

  label_ids := array(select gen_random_uuid() from generate_series(1, jsonb_array_length(labels)));
  insert into public.labels (id, board_id, name, color)
  select label_ids[l.n], new_board, l.value ->> 'name', l.value ->> 'color'
  from jsonb_array_elements(labels) with ordinality as l (value, n)
  order by l.n;

  task_ids := array(select gen_random_uuid() from generate_series(1, jsonb_array_length(tasks)));
  insert into public.tasks (id, board_id, column_id, title, description, position, due_on, archived_at, created_by)
  select task_ids[t.n], new_board, column_ids[(t.value ->> 'column')::integer + 1], t.value ->> 'title',
         coalesce(t.value ->> 'description', ''),
         keys[row_number() over (partition by t.value ->> 'column' order by t.n)],
         (t.value ->> 'dueOn')::date,
         case when (t.value ->> 'archived')::boolean then now() end,
         import_trello_board.user_id
  from jsonb_array_elements(tasks) with ordinality as t (value, n)
  order by t.n;

  -- The card counts and label touches are set once per task below, not once per row (private.importing).
  perform set_config('lanes.importing', 'on', true);

  insert into public.task_labels (task_id, label_id)
  select distinct task_ids[t.n], label_ids[l.value::integer + 1]
  from jsonb_array_elements(tasks) with ordinality as t (value, n),
       jsonb_array_elements_text(t.value -> 'labels') as l (value);

  insert into public.checklist_items (task_id, checklist, body, done, position, created_by)
  select task_ids[t.n], i.value ->> 'checklist', i.value ->> 'body', (i.value ->> 'done')::boolean, keys[i.n],
         import_trello_board.user_id
  from jsonb_array_elements(tasks) with ordinality as t (value, n),
       jsonb_array_elements(t.value -> 'checklist') with ordinality as i (value, n)
  order by t.n, i.n;

  -- One microsecond apart, so the thread reads in Trello's order.
  insert into public.comments (task_id, author_id, body, created_at)
  select task_ids[t.n], import_trello_board.user_id, c.value #>> '{}',
         now() + make_interval(secs => (row_number() over (order by t.n, c.n)) / 1000000.0)
  from jsonb_array_elements(tasks) with ordinality as t (value, n),
       jsonb_array_elements(t.value -> 'comments') with ordinality as c (value, n)
  order by t.n, c.n;

  update public.tasks t
  set comment_count = coalesce(c.n, 0), checklist_total = coalesce(i.total, 0), checklist_done = coalesce(i.done, 0)
  from unnest(task_ids) as k (id)
  left join (select m.task_id, count(*) as n from public.comments m where m.task_id = any (task_ids)
             group by m.task_id) c on c.task_id = k.id
  left join (select x.task_id, count(*) as total, count(*) filter (where x.done) as done
             from public.checklist_items x where x.task_id = any (task_ids) group by x.task_id) i on i.task_id = k.id
  where t.id = k.id and (c.n is not null or i.total is not null);
  perform set_config('lanes.importing', 'off', true);

  return new_board;
end;
$$;

