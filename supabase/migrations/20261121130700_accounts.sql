-- Deleting an account (SPEC §4): the delete-account edge function calls these with the service
-- role, then deletes the auth user; profiles and memberships go with it by cascade.

-- ============================================================================
-- Checks and cleanup
-- ============================================================================

/**
 * Raises LAST_OWNER when the user is the only owner of a workspace that has other members;
 * otherwise returns the workspaces that would be deleted with the account (where the user is the
 * only member), so the caller can remove their files first.
 */
create function public.delete_account_check(user_id uuid) returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  blocking text;
begin
  select string_agg(w.name, ', ' order by w.name) into blocking
  from public.workspace_members mine
  join public.workspaces w on w.id = mine.workspace_id
  where mine.user_id = delete_account_check.user_id
    and mine.role = 'owner'
    and not exists (
      select 1 from public.workspace_members other
      where other.workspace_id = mine.workspace_id and other.user_id <> mine.user_id and other.role = 'owner')
    and exists (
      select 1 from public.workspace_members other
      where other.workspace_id = mine.workspace_id and other.user_id <> mine.user_id);
  if blocking is not null then
    raise exception using errcode = 'P0001', message = 'LAST_OWNER',
      detail = format('Transfer ownership first: %s.', blocking), hint = 'owner';
  end if;

  return query
    select mine.workspace_id
    from public.workspace_members mine
    where mine.user_id = delete_account_check.user_id
      and not exists (
        select 1 from public.workspace_members other
        where other.workspace_id = mine.workspace_id and other.user_id <> mine.user_id);
end;
$$;

/**
 * Runs the check again and deletes the workspaces only this user belongs to, in one transaction;
 * returns their ids. The caller then deletes the auth user.
 * Example: select public.delete_account_prepare('<user id>');
 */
create function public.delete_account_prepare(user_id uuid) returns setof uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  doomed uuid[];
begin
  -- Lock the user's workspaces so nobody joins one between the check and the delete.
  perform 1 from public.workspaces w
  where w.id in (select m.workspace_id from public.workspace_members m where m.user_id = delete_account_prepare.user_id)
  for update;
  doomed := array(select public.delete_account_check(delete_account_prepare.user_id));
  delete from public.workspaces w where w.id = any (doomed);
  return query select unnest(doomed);
end;
$$;

revoke execute on function public.delete_account_check(uuid) from public, anon, authenticated;
revoke execute on function public.delete_account_prepare(uuid) from public, anon, authenticated;
grant execute on function public.delete_account_check(uuid) to service_role;
grant execute on function public.delete_account_prepare(uuid) to service_role;
