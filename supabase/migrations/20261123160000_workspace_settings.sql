-- Workspace settings (SPEC §2 `/w/:slug/settings`): the member list follows joins, leaves and role
-- changes live and shows each member's email; the invitation email budget is readable by admins.

-- ============================================================================
-- Realtime: memberships. An INSERT or UPDATE reaches the members who may read the row (policies on
-- workspace_members); a DELETE carries the old primary key, which includes workspace_id, so the
-- settings screen can filter it by workspace.
-- ============================================================================
alter publication supabase_realtime add table public.workspace_members;

-- ============================================================================
-- Members' emails: they live in auth.users, which no app role reads. Members of a workspace see
-- each other's sign-in email (SPEC §2: the members list shows it), and nobody else's.
-- ============================================================================

/**
 * The sign-in email of every member of `workspace_id`, or no rows for a caller who is not a member.
 * Example: select * from public.workspace_member_emails('<workspace id>');
 */
create function public.workspace_member_emails(workspace_id uuid)
returns table (user_id uuid, email text)
language sql stable security definer
set search_path = ''
as $$
  select m.user_id, u.email::text
  from public.workspace_members m
  join auth.users u on u.id = m.user_id
  where m.workspace_id = workspace_member_emails.workspace_id
    and exists (
      select 1 from public.workspace_members mine
      where mine.workspace_id = workspace_member_emails.workspace_id
        and mine.user_id = (select auth.uid())
    );
$$;

revoke execute on function public.workspace_member_emails(uuid) from public, anon;
grant execute on function public.workspace_member_emails(uuid) to authenticated;

-- ============================================================================
-- The invitation email budget (SPEC §9: 20 per workspace per hour), so the settings screen can
-- show what is left and when the next email is possible, from the same rows the limit counts.
-- ============================================================================

/**
 * Emails left this hour for `workspace_id` and, when none are, the moment the oldest one leaves the
 * window. Admins and owners only: for anyone else the window looks empty.
 * Example: select * from public.invitation_email_budget('<workspace id>');
 */
create function public.invitation_email_budget(workspace_id uuid)
returns table (remaining integer, next_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select greatest(0, 20 - count(*))::integer,
         case when count(*) >= 20 then min(e.sent_at) + interval '1 hour' end
  from public.invitation_emails e
  where e.workspace_id = invitation_email_budget.workspace_id
    and e.sent_at > now() - interval '1 hour'
    and exists (
      select 1 from public.workspace_members mine
      where mine.workspace_id = invitation_email_budget.workspace_id
        and mine.user_id = (select auth.uid())
        and mine.role in ('owner', 'admin')
    );
$$;

revoke execute on function public.invitation_email_budget(uuid) from public, anon;
grant execute on function public.invitation_email_budget(uuid) to authenticated;
