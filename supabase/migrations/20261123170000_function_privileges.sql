-- Who may call which function. Postgres lets every role (PUBLIC) execute a new function, and Supabase's
-- default privileges add anon and authenticated, so every helper in `public` was an RPC anyone could call at
-- /rest/v1/rpc/<name> — `board_workspace_id` and `task_board_id` told a stranger which workspace an id
-- belongs to. See docs/decisions/067-function-privileges.md.

-- ============================================================================
-- Signed-out visitors call no function. No policy for `anon` calls one (avatars' public read does not), and
-- trigger functions need no EXECUTE from whoever fires them.
-- ============================================================================
revoke execute on all functions in schema public from public, anon;

-- The same for functions created by later migrations: nothing reaches PUBLIC or anon unless granted.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon;

-- ============================================================================
-- Signed-in users keep what policies and RPCs call as them (workspace_role, is_member, has_role_at_least,
-- shares_workspace_with, has_board_role, has_task_role, my_board_ids, can_upload_attachment, …), which answer
-- only about the caller. These two answer about any id, and only security definer functions (running as their
-- owner) call them: triggers, storage's can_upload_attachment, has_board_role and has_task_role.
-- ============================================================================
revoke execute on function public.board_workspace_id(uuid) from authenticated;
revoke execute on function public.task_board_id(uuid) from authenticated;
