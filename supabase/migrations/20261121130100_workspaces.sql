-- Workspaces and their members: roles, the helpers every policy uses, the last-owner rule,
-- limits, and the RPCs that create a workspace and manage its members (SPEC §3, §4, §6, §9).
-- Errors follow docs/decisions/060-database-error-convention.md.

-- ============================================================================
-- Types
-- ============================================================================

-- Declared from least to most powerful so `role >= 'member'` reads as "member or above".
create type public.workspace_role as enum ('viewer', 'member', 'admin', 'owner');

-- ============================================================================
-- Tables
-- ============================================================================
create table public.workspaces (
  id uuid primary key default gen_random_uuid(),
  slug text not null,
  name text not null,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint workspaces_slug_key unique (slug),
  constraint workspaces_name_length
    check (char_length(name) between 1 and 64 and name !~ '^\s|\s$'),
  constraint workspaces_slug_length check (char_length(slug) between 3 and 40),
  constraint workspaces_slug_format check (slug ~ '^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$'),
  -- Words the app's routes use (`/w/new`, `/w/settings`, ...).
  constraint workspaces_slug_reserved
    check (slug not in ('new', 'settings', 'api', 'admin', 'auth', 'w', 'invite', 'account'))
);
alter table public.workspaces enable row level security;
create index workspaces_created_by_idx on public.workspaces (created_by);

create trigger workspaces_set_updated_at before update on public.workspaces
  for each row execute function public.set_updated_at();

create table public.workspace_members (
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.workspace_role not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
alter table public.workspace_members enable row level security;
create index workspace_members_user_id_idx on public.workspace_members (user_id);

-- Memberships are created by create_workspace and accept_invitation only; a role is the only
-- thing that changes afterwards.
revoke insert, update, delete on public.workspaces from anon, authenticated;
grant update (name, slug) on public.workspaces to authenticated;
grant delete on public.workspaces to authenticated;
revoke insert, update, delete on public.workspace_members from anon, authenticated;
grant update (role) on public.workspace_members to authenticated;
grant delete on public.workspace_members to authenticated;

-- ============================================================================
-- Helpers for policies. Security definer so a policy on one table can look at
-- workspace_members without recursing into that table's own policies.
-- ============================================================================

/** The caller's role in a workspace, or null when not a member. */
create function public.workspace_role(workspace_id uuid) returns public.workspace_role
language sql stable security definer
set search_path = ''
as $$
  select m.role
  from public.workspace_members m
  where m.workspace_id = workspace_role.workspace_id
    and m.user_id = (select auth.uid());
$$;

create function public.is_member(workspace_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.workspace_role(is_member.workspace_id) is not null;
$$;

create function public.has_role_at_least(workspace_id uuid, min_role public.workspace_role)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(public.workspace_role(has_role_at_least.workspace_id) >= min_role, false);
$$;

/** Whether the caller and `user_id` share a workspace (so the caller may see their profile). */
create function public.shares_workspace_with(user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.workspace_members mine
    join public.workspace_members theirs on theirs.workspace_id = mine.workspace_id
    where mine.user_id = (select auth.uid())
      and theirs.user_id = shares_workspace_with.user_id
  );
$$;

-- ============================================================================
-- Policies
-- ============================================================================
create policy "members can read their workspaces" on public.workspaces
  for select to authenticated
  using (public.is_member(id));

create policy "admins can rename their workspaces" on public.workspaces
  for update to authenticated
  using (public.has_role_at_least(id, 'admin'))
  with check (public.has_role_at_least(id, 'admin'));

create policy "owners can delete their workspaces" on public.workspaces
  for delete to authenticated
  using (public.has_role_at_least(id, 'owner'));

create policy "members can read the members of their workspaces" on public.workspace_members
  for select to authenticated
  using (public.is_member(workspace_id));

-- Which roles an admin may grant is decided by the guard trigger below (only owners touch `owner`).
create policy "admins can change roles in their workspaces" on public.workspace_members
  for update to authenticated
  using (public.has_role_at_least(workspace_id, 'admin'))
  with check (public.has_role_at_least(workspace_id, 'admin'));

create policy "admins can remove members and anyone can leave" on public.workspace_members
  for delete to authenticated
  using (user_id = (select auth.uid()) or public.has_role_at_least(workspace_id, 'admin'));

create policy "members can read profiles of people in their workspaces" on public.profiles
  for select to authenticated
  using (public.shares_workspace_with(id));

-- ============================================================================
-- Membership rules: only owners grant or remove the owner role; the last owner
-- can neither leave, nor be demoted, nor be removed (SPEC §4).
-- ============================================================================
create function public.guard_membership_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  actor_role public.workspace_role;
begin
  -- The whole workspace is going away (cascade): nothing to protect.
  if not exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
    return coalesce(new, old);
  end if;

  if tg_op = 'UPDATE' and new.role = old.role then
    return new;
  end if;

  -- Serialise membership changes per workspace, so two owners demoting each other at the same
  -- time cannot both see "another owner is left".
  perform 1 from public.workspaces w where w.id = old.workspace_id for update;

  -- Granting, demoting or removing an owner takes an owner (SPEC §6); an owner leaving is covered
  -- by the last-owner check below. Service-role calls (no user) are trusted edge functions.
  if actor is not null
     and (old.role = 'owner' or (tg_op = 'UPDATE' and new.role = 'owner'))
     and not (tg_op = 'DELETE' and actor = old.user_id) then
    select m.role into actor_role
    from public.workspace_members m
    where m.workspace_id = old.workspace_id and m.user_id = actor;
    if actor_role is distinct from 'owner' then
      raise exception using errcode = 'P0001', message = 'FORBIDDEN',
        detail = 'Only owners can grant or remove the owner role.', hint = 'owner';
    end if;
  end if;

  if old.role = 'owner' and not exists (
    select 1 from public.workspace_members m
    where m.workspace_id = old.workspace_id and m.role = 'owner' and m.user_id <> old.user_id
  ) then
    raise exception using errcode = 'P0001', message = 'LAST_OWNER',
      detail = 'The workspace needs another owner first.', hint = 'owner';
  end if;

  return coalesce(new, old);
end;
$$;

create trigger workspace_members_guard before update or delete on public.workspace_members
  for each row execute function public.guard_membership_change();

-- ============================================================================
-- Limits (SPEC §9)
-- ============================================================================
create function public.enforce_workspaces_per_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.created_by is null then
    return new;
  end if;
  -- Lock the creator's profile so concurrent creations count one after another.
  perform 1 from public.profiles p where p.id = new.created_by for update;
  if (select count(*) from public.workspaces w where w.created_by = new.created_by) >= 20 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A user can create at most 20 workspaces.', hint = 'workspaces_per_user';
  end if;
  return new;
end;
$$;

create trigger workspaces_limit before insert on public.workspaces
  for each row execute function public.enforce_workspaces_per_user();

-- Members and pending invitations share one budget of 50 seats. The invitations table is created
-- in the next migration, so the count of pending ones lives in a function defined there
-- (`public.pending_invitation_count`); this one counts seats and raises.
create function public.assert_seat_available(workspace_id uuid, pending_invitations bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select count(*) from public.workspace_members m
      where m.workspace_id = assert_seat_available.workspace_id) + pending_invitations >= 50 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A workspace can have at most 50 members, pending invitations included.',
      hint = 'members_per_workspace';
  end if;
end;
$$;

-- Internal to the limit triggers: nobody needs to ask how many seats another workspace uses.
revoke execute on function public.assert_seat_available(uuid, bigint) from public, anon, authenticated;

-- ============================================================================
-- RPCs
-- ============================================================================

/**
 * Creates a workspace with the caller as its owner, in one transaction.
 * Example: select * from public.create_workspace('Acme', 'acme');
 */
create function public.create_workspace(name text, slug text) returns public.workspaces
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  created public.workspaces;
begin
  if caller is null then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Sign in to create a workspace.';
  end if;
  begin
    insert into public.workspaces (name, slug, created_by)
    values (create_workspace.name, create_workspace.slug, caller)
    returning * into created;
  exception when unique_violation then
    raise exception using errcode = 'P0001', message = 'SLUG_TAKEN',
      detail = format('The address "%s" is already taken.', create_workspace.slug), hint = 'slug';
  end;
  insert into public.workspace_members (workspace_id, user_id, role)
  values (created.id, caller, 'owner');
  return created;
end;
$$;
revoke execute on function public.create_workspace(text, text) from public, anon;

-- The member RPCs run as the caller: row-level security and the guard trigger decide; these only
-- turn "no row changed" into the right catalogue code.

/** Raises NOT_FOUND when the caller cannot see the membership, FORBIDDEN when they can. */
create function public.raise_member_not_changed(workspace_id uuid, user_id uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.workspace_members m
             where m.workspace_id = raise_member_not_changed.workspace_id
               and m.user_id = raise_member_not_changed.user_id) then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Only admins and owners can manage members.', hint = 'admin';
  end if;
  raise exception using errcode = 'P0001', message = 'NOT_FOUND',
    detail = 'No such member in this workspace.', hint = 'member';
end;
$$;

create function public.change_member_role(
  workspace_id uuid, user_id uuid, role public.workspace_role
) returns public.workspace_members
language plpgsql
set search_path = ''
as $$
declare
  changed public.workspace_members;
begin
  update public.workspace_members m
  set role = change_member_role.role
  where m.workspace_id = change_member_role.workspace_id
    and m.user_id = change_member_role.user_id
  returning * into changed;
  if changed is null then
    perform public.raise_member_not_changed(change_member_role.workspace_id, change_member_role.user_id);
  end if;
  return changed;
end;
$$;

create function public.remove_member(workspace_id uuid, user_id uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from public.workspace_members m
  where m.workspace_id = remove_member.workspace_id
    and m.user_id = remove_member.user_id;
  if not found then
    perform public.raise_member_not_changed(remove_member.workspace_id, remove_member.user_id);
  end if;
end;
$$;

create function public.leave_workspace(workspace_id uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from public.workspace_members m
  where m.workspace_id = leave_workspace.workspace_id
    and m.user_id = (select auth.uid());
  if not found then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND',
      detail = 'You are not a member of this workspace.', hint = 'workspace';
  end if;
end;
$$;
revoke execute on function public.change_member_role(uuid, uuid, public.workspace_role) from public, anon;
revoke execute on function public.remove_member(uuid, uuid) from public, anon;
revoke execute on function public.leave_workspace(uuid) from public, anon;
