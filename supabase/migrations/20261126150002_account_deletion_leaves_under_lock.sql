-- Two co-owners deleting their accounts at once (issue 26): each `delete_account_prepare` saw the other
-- owner and passed, then the second auth deletion hit the last-owner guard in the membership cascade and
-- answered 500. The prepare step now also removes the user's remaining memberships, in the same
-- transaction and under the same workspace locks, so the second deletion waits, sees one owner left and is
-- refused with LAST_OWNER (or, alone in the workspace by then, deletes it). Locks are taken in id order so
-- two deletions sharing workspaces queue instead of deadlocking.

/**
 * Runs the check again, deletes the workspaces only this user belongs to and takes the user out of the
 * others, in one transaction; returns the deleted workspaces' ids. The caller then deletes the auth user.
 * If that fails, the user is left without memberships and can retry (decision 070).
 * Example: select public.delete_account_prepare('<user id>');
 */
create or replace function public.delete_account_prepare(user_id uuid) returns setof uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  doomed uuid[];
begin
  -- Lock the user's workspaces so nobody joins or leaves one between the check and the deletes.
  perform 1 from public.workspaces w
  where w.id in (select m.workspace_id from public.workspace_members m where m.user_id = delete_account_prepare.user_id)
  order by w.id
  for update;
  doomed := array(select public.delete_account_check(delete_account_prepare.user_id));
  delete from public.workspaces w where w.id = any (doomed);
  delete from public.workspace_members m where m.user_id = delete_account_prepare.user_id;
  return query select unnest(doomed);
end;
$$;
