-- Moving in from Trello (SPEC §10, issue 24): one function writes a whole imported board in the caller's
-- transaction, so an import is all or nothing. The `import-trello` edge function maps the export (zod, in
-- @lanes/shared) and calls this with the service role, because the `authenticated` role's 8-second statement
-- timeout is too short for a 5,000-card board. Decision 089.

/**
 * Creates a board from a normalised import (`normalisedImport` in packages/shared/src/schemas/trello.ts) for
 * `user_id`, who must be an admin or owner of the workspace. The triggers see that user as the actor
 * (auth.uid()), so numbering, limits, activity, watchers, counts and search documents are the ones a hand-made
 * board gets. Any failure raises and leaves nothing.
 */
create function public.import_trello_board(user_id uuid, workspace_id uuid, board jsonb) returns uuid
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

  return new_board;
end;
$$;

-- Only the import-trello function calls it, with the service role after reading the caller from their JWT.
revoke execute on function public.import_trello_board(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.import_trello_board(uuid, uuid, jsonb) to service_role;
