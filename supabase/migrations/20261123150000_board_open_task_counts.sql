-- Open-task counts for the workspace's board tiles (SPEC §2 `/w/:slug`): one small answer per board instead of
-- every task row. Runs as the caller (security invoker), so row-level security decides what is counted: a
-- board or task the caller cannot read adds nothing.

-- ============================================================================
-- RPC: open tasks per board
-- ============================================================================
/**
 * How many open tasks (neither completed nor archived) each of `board_ids` holds; boards without any open
 * task are absent.
 * Example: select * from public.board_open_task_counts(array['<board>']::uuid[]);
 */
create function public.board_open_task_counts(board_ids uuid[])
returns table (board_id uuid, open_tasks integer)
language sql stable security invoker
set search_path = ''
as $$
  select t.board_id, count(*)::integer
  from public.tasks t
  where t.board_id = any (board_open_task_counts.board_ids)
    and t.completed_at is null
    and t.archived_at is null
  group by t.board_id;
$$;

revoke execute on function public.board_open_task_counts(uuid[]) from public, anon;
grant execute on function public.board_open_task_counts(uuid[]) to authenticated;
