-- The profile's time zone from sign-up (issue 23): the sign-up form sends the browser's Intl time zone in the
-- user metadata (`time_zone`), and a new profile takes it when Postgres knows the zone; anything else (no
-- JavaScript, an old browser, a made-up value) leaves the default 'UTC', which the person can change in
-- /account. A BEFORE INSERT trigger beside public.handle_new_user, so that function stays as it is.
-- See docs/decisions/181-mentions-watching-and-notification-settings.md.

create function private.profile_time_zone_from_sign_up() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  zone text;
begin
  select left(u.raw_user_meta_data ->> 'time_zone', 64) into zone from auth.users u where u.id = new.id;
  if zone is not null and new.time_zone = 'UTC'
     and exists (select 1 from pg_catalog.pg_timezone_names z where z.name = zone) then
    new.time_zone := zone;
  end if;
  return new;
end;
$$;

revoke execute on function private.profile_time_zone_from_sign_up() from public, anon, authenticated;

-- Named to sort before profiles_check_time_zone (BEFORE triggers run in name order), which then sees the zone.
create trigger profiles_adopt_sign_up_time_zone before insert on public.profiles
  for each row execute function private.profile_time_zone_from_sign_up();
