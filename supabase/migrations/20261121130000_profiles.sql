-- Profiles: one row per auth user, created by a trigger when GoTrue inserts the user.
-- Also the small helpers every later migration uses (updated_at).

-- ============================================================================
-- Shared helpers
-- ============================================================================

-- Keeps `updated_at` honest whatever path wrote the row (REST, RPC, SQL).
create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- ============================================================================
-- Table
-- ============================================================================
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null,
  avatar_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- SPEC §5: display name trimmed, 1–60.
  constraint profiles_display_name_length
    check (char_length(display_name) between 1 and 60 and display_name !~ '^\s|\s$'),
  -- The avatar lives in bucket `avatars` under the user's own folder: `<user_id>/<file>`.
  constraint profiles_avatar_path_folder
    check (avatar_path is null or avatar_path like id::text || '/%')
);
alter table public.profiles enable row level security;

create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

-- Only these columns are the user's to change; `id` and the timestamps are not.
revoke insert, update, delete on public.profiles from anon, authenticated;
grant update (display_name, avatar_path) on public.profiles to authenticated;

-- ============================================================================
-- Created with the auth user
-- ============================================================================

-- The sign-up form sends `display_name` in the user metadata; users created another way (admin API,
-- invite) fall back to the part of the email before the @, so the NOT NULL and CHECK always hold.
create function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Cut to 60, then trim any whitespace (tabs and newlines too, as the CHECK requires).
  wanted text := regexp_replace(left(coalesce(new.raw_user_meta_data ->> 'display_name', ''), 60), '^\s+|\s+$', '', 'g');
begin
  if wanted = '' then
    wanted := regexp_replace(left(split_part(coalesce(new.email, ''), '@', 1), 60), '^\s+|\s+$', '', 'g');
  end if;
  insert into public.profiles (id, display_name)
  values (new.id, coalesce(nullif(wanted, ''), 'New user'));
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- ============================================================================
-- Policies (teammates' profiles become readable in the workspaces migration)
-- ============================================================================
create policy "users can read their own profile" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));

create policy "users can update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
