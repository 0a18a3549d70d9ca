-- Membership changes leave postgres_changes for a private broadcast channel (decision 068).
--
-- Realtime cannot apply row-level security to a DELETE (there is no row left to select), so every
-- subscriber of `workspace_members`, signed out included, received the old primary key of each
-- removed membership: the pair (workspace_id, user_id) itself, "this person was in that workspace".
-- The table leaves the publication; a trigger broadcasts each change from the database to the
-- private topic `workspace:<workspace id>:members`, which only the workspace's members may join.

-- ============================================================================
-- Publication: only tables whose primary key reveals nothing may stay (decision 068).
-- ============================================================================
alter publication supabase_realtime drop table public.workspace_members;

-- ============================================================================
-- Who may listen: members of the workspace, checked by Realtime when they join the channel (and
-- again when their token changes), with realtime.topic() set to the channel name.
-- ============================================================================

/** The workspace id of a `workspace:<uuid>:members` channel name, or null for any other name. */
create function public.membership_channel_workspace_id(topic text) returns uuid
language sql immutable
set search_path = ''
as $$
  select case
    when topic ~ '^workspace:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:members$'
    then substr(topic, 11, 36)::uuid
  end;
$$;

create policy "members can listen to the membership changes of their workspaces" on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and public.is_member(public.membership_channel_workspace_id((select realtime.topic())))
  );

-- No insert policy: only the database speaks on this topic, so no member can forge a change.

-- ============================================================================
-- What is said: one broadcast per membership added, re-roled or removed. The payload names only
-- the operation: listeners refetch the list (which row-level security filters), and someone removed
-- but still joined until their token is next checked learns nothing more than "something changed".
-- ============================================================================
create function public.broadcast_membership_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace uuid := coalesce(new.workspace_id, old.workspace_id);
begin
  if tg_op = 'UPDATE' and new.role is not distinct from old.role then
    return null;
  end if;
  perform realtime.send(
    jsonb_build_object('operation', tg_op),
    'membership_changed',
    format('workspace:%s:members', workspace),
    true
  );
  return null;
end;
$$;

-- Internal to the trigger.
revoke execute on function public.broadcast_membership_change() from public, anon, authenticated;

create trigger workspace_members_broadcast after insert or update or delete on public.workspace_members
  for each row execute function public.broadcast_membership_change();
