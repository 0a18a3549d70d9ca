-- Invitations: how people join a workspace. The raw token exists only in the emailed link; the
-- table keeps its SHA-256. States and transitions follow SPEC §4; accepting runs in one
-- transaction with the membership it creates.

-- ============================================================================
-- Types and tables
-- ============================================================================
create type public.invitation_status as enum ('pending', 'accepted', 'declined', 'revoked', 'expired');

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  email text not null,
  role public.workspace_role not null default 'member',
  token_hash text not null,
  status public.invitation_status not null default 'pending',
  invited_by uuid default auth.uid() references public.profiles (id) on delete set null,
  expires_at timestamptz not null default now() + interval '7 days',
  responded_at timestamptz,
  accepted_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint invitations_token_hash_key unique (token_hash),
  -- SPEC §5: trimmed, lowercased, a valid address, at most 254 characters.
  constraint invitations_email_format check (
    char_length(email) <= 254 and email = lower(email)
    and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  ),
  -- An invitation grants admin, member or viewer; ownership is granted to members only.
  constraint invitations_role_allowed check (role <> 'owner'),
  constraint invitations_token_hash_format check (token_hash ~ '^[0-9a-f]{64}$')
);
alter table public.invitations enable row level security;

-- SPEC §3: at most one pending invitation per (workspace, email).
create unique index invitations_one_pending_per_email
  on public.invitations (workspace_id, lower(email)) where status = 'pending';
create index invitations_workspace_id_idx on public.invitations (workspace_id, status);
create index invitations_invited_by_idx on public.invitations (invited_by);
create index invitations_accepted_by_idx on public.invitations (accepted_by);

-- Admins choose who and which role; the rest is set by defaults and triggers.
revoke insert, update, delete on public.invitations from anon, authenticated;
grant insert (workspace_id, email, role, token_hash, invited_by) on public.invitations to authenticated;
grant update (status, token_hash) on public.invitations to authenticated;

-- Every invitation email sent (invite and resend), for the per-hour limit of SPEC §9.
create table public.invitation_emails (
  id bigint generated always as identity primary key,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  email text not null,
  sent_at timestamptz not null default now()
);
alter table public.invitation_emails enable row level security;
create index invitation_emails_workspace_sent_idx on public.invitation_emails (workspace_id, sent_at);
revoke all on public.invitation_emails from anon, authenticated;

-- ============================================================================
-- Policies: invitations are managed by admins and up. The invitee never reads this table; the
-- invitation page and accept/decline go through edge functions with the service role.
-- ============================================================================
create policy "admins can read invitations of their workspaces" on public.invitations
  for select to authenticated
  using (public.has_role_at_least(workspace_id, 'admin'));

create policy "admins can invite people to their workspaces" on public.invitations
  for insert to authenticated
  with check (
    public.has_role_at_least(workspace_id, 'admin')
    and invited_by = (select auth.uid())
    and status = 'pending'
  );

-- Revoke (status) and resend (token_hash); accepting and declining belong to the invitee.
create policy "admins can revoke and resend invitations of their workspaces" on public.invitations
  for update to authenticated
  using (public.has_role_at_least(workspace_id, 'admin'))
  with check (public.has_role_at_least(workspace_id, 'admin') and status in ('pending', 'revoked'));

-- ============================================================================
-- Limits and the email budget (SPEC §9)
-- ============================================================================

/** Pending invitations that still count: not yet answered and not past their expiry. */
create function public.pending_invitation_count(workspace_id uuid) returns bigint
language sql stable security definer
set search_path = ''
as $$
  select count(*) from public.invitations i
  where i.workspace_id = pending_invitation_count.workspace_id
    and i.status = 'pending' and i.expires_at > now();
$$;

revoke execute on function public.pending_invitation_count(uuid) from public, anon, authenticated;

/** Records one invitation email, refusing the 21st within an hour for the same workspace. */
create function public.record_invitation_email(workspace_id uuid, email text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select count(*) from public.invitation_emails e
      where e.workspace_id = record_invitation_email.workspace_id
        and e.sent_at > now() - interval '1 hour') >= 20 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'At most 20 invitation emails per workspace per hour.',
      hint = 'invitation_emails_per_hour';
  end if;
  insert into public.invitation_emails (workspace_id, email)
  values (record_invitation_email.workspace_id, record_invitation_email.email);
end;
$$;
revoke execute on function public.record_invitation_email(uuid, text) from public, anon, authenticated;

create function public.before_invitation_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  pending bigint;
begin
  -- One invitation at a time per workspace, so the counts below stay exact.
  perform 1 from public.workspaces w where w.id = new.workspace_id for update;

  -- Lazy expiry: a pending invitation past its date becomes `expired` before a new one is made,
  -- which also frees the "one pending per email" slot.
  update public.invitations i set status = 'expired'
  where i.workspace_id = new.workspace_id and i.status = 'pending' and i.expires_at <= now();

  if exists (
    select 1 from public.workspace_members m
    join auth.users u on u.id = m.user_id
    where m.workspace_id = new.workspace_id and lower(u.email) = lower(new.email)
  ) then
    raise exception using errcode = 'P0001', message = 'ALREADY_MEMBER',
      detail = 'This person is already a member of the workspace.', hint = 'email';
  end if;

  pending := public.pending_invitation_count(new.workspace_id);
  if pending >= 50 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A workspace can have at most 50 pending invitations.',
      hint = 'pending_invitations_per_workspace';
  end if;
  perform public.assert_seat_available(new.workspace_id, pending);
  perform public.record_invitation_email(new.workspace_id, new.email);
  return new;
end;
$$;

create trigger invitations_before_insert before insert on public.invitations
  for each row execute function public.before_invitation_insert();

-- The member budget also holds when a membership is created (accepting counts the seat the
-- invitation held, because the invitation is marked accepted first).
create function public.enforce_members_per_workspace() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.workspaces w where w.id = new.workspace_id for update;
  perform public.assert_seat_available(new.workspace_id, public.pending_invitation_count(new.workspace_id));
  return new;
end;
$$;

create trigger workspace_members_limit before insert on public.workspace_members
  for each row execute function public.enforce_members_per_workspace();

-- ============================================================================
-- Transitions (SPEC §4): only a pending invitation changes; resend renews token and expiry.
-- ============================================================================

/** Raises the catalogue error for an invitation that can no longer be used, if it is one. */
create function public.assert_invitation_pending(invitation public.invitations) returns void
language plpgsql
set search_path = ''
as $$
begin
  if invitation.status in ('accepted', 'declined') then
    raise exception using errcode = 'P0001', message = 'INVITE_USED',
      detail = 'This invitation has already been answered.', hint = invitation.status::text;
  elsif invitation.status = 'revoked' then
    raise exception using errcode = 'P0001', message = 'INVITE_REVOKED',
      detail = 'This invitation was revoked.', hint = 'revoked';
  elsif invitation.status = 'expired' or invitation.expires_at <= now() then
    raise exception using errcode = 'P0001', message = 'INVITE_EXPIRED',
      detail = 'This invitation has expired.', hint = 'expired';
  end if;
end;
$$;

create function public.guard_invitation_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = old.status and new.token_hash = old.token_hash then
    return new;
  end if;
  -- Lazy expiry may mark a past-date pending invitation `expired`; everything else needs it usable.
  if not (old.status = 'pending' and new.status = 'expired') then
    perform public.assert_invitation_pending(old);
  end if;
  if new.token_hash <> old.token_hash then
    perform public.record_invitation_email(new.workspace_id, new.email);
    new.expires_at := now() + interval '7 days';
  end if;
  if new.status in ('accepted', 'declined') then
    new.responded_at := now();
  end if;
  return new;
end;
$$;

create trigger invitations_guard before update on public.invitations
  for each row execute function public.guard_invitation_change();

-- ============================================================================
-- For edge functions (service role only): the invitee's side.
-- ============================================================================

/** Locks the invitation by token and checks it can be answered by `email`. */
create function public.claim_invitation(token_hash text, email text) returns public.invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.invitations;
begin
  select * into invitation from public.invitations i
  where i.token_hash = claim_invitation.token_hash
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND',
      detail = 'No such invitation.', hint = 'invitation';
  end if;
  perform public.assert_invitation_pending(invitation);
  if lower(invitation.email) <> lower(btrim(claim_invitation.email)) then
    raise exception using errcode = 'P0001', message = 'INVITE_EMAIL_MISMATCH',
      detail = 'This invitation was sent to another email address.', hint = 'email';
  end if;
  return invitation;
end;
$$;

/**
 * Accepts an invitation for a verified user: one transaction creates the membership and marks the
 * invitation accepted; concurrent calls queue on the row lock and all but one get INVITE_USED.
 * Example: select public.accept_invitation('<sha256 hex>', '<user id>', 'carol@lanes.test');
 */
create function public.accept_invitation(token_hash text, user_id uuid, email text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.invitations := public.claim_invitation(accept_invitation.token_hash, accept_invitation.email);
  workspace public.workspaces;
begin
  if exists (select 1 from public.workspace_members m
             where m.workspace_id = invitation.workspace_id and m.user_id = accept_invitation.user_id) then
    raise exception using errcode = 'P0001', message = 'ALREADY_MEMBER',
      detail = 'You are already a member of this workspace.', hint = 'member';
  end if;
  update public.invitations i set status = 'accepted', accepted_by = accept_invitation.user_id
  where i.id = invitation.id;
  insert into public.workspace_members (workspace_id, user_id, role)
  values (invitation.workspace_id, accept_invitation.user_id, invitation.role);
  select * into workspace from public.workspaces w where w.id = invitation.workspace_id;
  return jsonb_build_object(
    'workspace_id', workspace.id, 'slug', workspace.slug, 'name', workspace.name,
    'role', invitation.role
  );
end;
$$;

create function public.decline_invitation(token_hash text, user_id uuid, email text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.invitations := public.claim_invitation(decline_invitation.token_hash, decline_invitation.email);
begin
  update public.invitations i set status = 'declined', accepted_by = null
  where i.id = invitation.id;
end;
$$;

/** What the invitation page shows: workspace, inviter, role and the invitation's effective state. */
create function public.invitation_preview(token_hash text) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'invitation_id', i.id,
    'workspace_id', w.id,
    'workspace_name', w.name,
    'workspace_slug', w.slug,
    'inviter_name', p.display_name,
    'email', i.email,
    'role', i.role,
    'status', case when i.status = 'pending' and i.expires_at <= now() then 'expired'
                   else i.status::text end,
    'expires_at', i.expires_at
  )
  from public.invitations i
  join public.workspaces w on w.id = i.workspace_id
  left join public.profiles p on p.id = i.invited_by
  where i.token_hash = invitation_preview.token_hash;
$$;

revoke execute on function public.claim_invitation(text, text) from public, anon, authenticated;
revoke execute on function public.accept_invitation(text, uuid, text) from public, anon, authenticated;
revoke execute on function public.decline_invitation(text, uuid, text) from public, anon, authenticated;
revoke execute on function public.invitation_preview(text) from public, anon, authenticated;
grant execute on function public.accept_invitation(text, uuid, text) to service_role;
grant execute on function public.decline_invitation(text, uuid, text) to service_role;
grant execute on function public.invitation_preview(text) to service_role;
