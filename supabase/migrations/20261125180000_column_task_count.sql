-- How many cards each column holds, read beside the columns themselves: a big board's first render reads only
-- the first cards of each column (`columns.tasks.limit`), yet its headings and WIP limits need the whole count.
-- A computed field (a function taking the row), so PostgREST serves it as `columns(task_count)` in the same
-- request, without turning aggregates on. Runs as the caller (security invoker): row-level security decides
-- what is counted, so it can never reveal a task the caller cannot read.

-- ============================================================================
-- Computed field: tasks on the board in a column
-- ============================================================================
/**
 * The tasks in `col` that are on the board (archived ones are off it; completed ones stay in their column).
 * Example: select c.name, public.task_count(c) from public.columns c where c.board_id = '<board>';
 * Through PostgREST: GET /columns?select=name,task_count&board_id=eq.<board>
 */
create function public.task_count(col public.columns)
returns integer
language sql stable security invoker
set search_path = ''
as $$
  select count(*)::integer
  from public.tasks t
  where t.column_id = col.id
    and t.archived_at is null;
$$;

revoke execute on function public.task_count(public.columns) from public, anon;
grant execute on function public.task_count(public.columns) to authenticated;
