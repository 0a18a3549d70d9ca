-- Sign-in and auth-email limits per account and per client address (issue 26), shared by every web server
-- instance because they live here. The web server names the buckets: it sends HMACs of the account's email
-- and of the client's address, made with a secret only it holds, so a stranger calling these functions
-- straight over /rest/v1/rpc cannot name anyone's bucket — neither spend a victim's budget nor clear their
-- own. See docs/decisions/069-sign-in-and-email-limits-per-account-and-address.md.

-- ============================================================================
-- The counted attempts. In `private` (not served by the API) with RLS on and no policy: only the security
-- definer functions below, running as their owner, read or write it.
-- ============================================================================
create table private.auth_attempts (
  -- '<action>:<pair|account|address>:<key>[:<key>]'; the keys are HMACs, never an email or an address.
  bucket text not null,
  at timestamptz not null default now()
);
alter table private.auth_attempts enable row level security;

create index auth_attempts_bucket_at on private.auth_attempts (bucket, at);

-- ============================================================================
-- The rules. A sign-in counts as a failure until it succeeds; an email counts when it is asked for.
--   sign_in: 10 per account+address, 50 per account (from anywhere), 100 per address (any account), in 15 min
--   email:    3 per account+address in 15 min, 10 per account and 50 per address in an hour
-- An account locked from one address stays open from others until the account-wide cap, and an address
-- that trips one account's limit can still sign in other accounts until its own, much higher, cap.
-- ============================================================================

/** Seconds until `bucket` holds fewer than `max_count` attempts inside `window_length`; 0 when it does now. */
create function private.auth_attempt_wait(bucket text, max_count integer, window_length interval)
returns integer
language sql stable
set search_path = ''
as $$
  select coalesce((
    select greatest(1, ceil(extract(epoch from (a.at + window_length - now()))))::integer
    from private.auth_attempts a
    where a.bucket = auth_attempt_wait.bucket and a.at > now() - window_length
    order by a.at desc
    offset max_count - 1
    limit 1
  ), 0);
$$;

/**
 * Asks to make one attempt of `action` ('sign_in' or 'email'); answers the seconds to wait (nothing counted),
 * or 0 after counting it. A sign-in is counted as failed until `sign_in_succeeded` says otherwise.
 * Example: select public.begin_auth_attempt('sign_in', '<hmac of the email>', '<hmac of the address>');
 */
create function public.begin_auth_attempt(action text, account_key text, address_key text)
returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  buckets text[];
  limits integer[];
  windows interval[];
  wait integer := 0;
begin
  if action is null or action not in ('sign_in', 'email') then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'The action must be sign_in or email.', hint = 'action';
  end if;
  -- Keys are base64url HMAC-SHA256 digests; anything else is not from the web server (and would bloat rows).
  if account_key is null or account_key !~ '^[A-Za-z0-9_-]{43}$' then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'The account key must be a base64url SHA-256 digest.', hint = 'account_key';
  end if;
  if address_key is null or address_key !~ '^[A-Za-z0-9_-]{43}$' then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'The address key must be a base64url SHA-256 digest.', hint = 'address_key';
  end if;

  buckets := array[
    action || ':pair:' || account_key || ':' || address_key,
    action || ':account:' || account_key,
    action || ':address:' || address_key
  ];
  if action = 'sign_in' then
    limits := array[10, 50, 100];
    windows := array[interval '15 minutes', interval '15 minutes', interval '15 minutes'];
  else
    limits := array[3, 10, 50];
    windows := array[interval '15 minutes', interval '1 hour', interval '1 hour'];
  end if;

  -- Concurrent attempts on a bucket queue here, so a burst cannot all pass the check before any is counted.
  -- Taken in one sorted order, so two callers never wait on each other.
  perform pg_advisory_xact_lock(h)
  from (select distinct hashtextextended(b, 0) as h from unnest(buckets) b) locks
  order by h;

  for i in 1..3 loop
    wait := greatest(wait, private.auth_attempt_wait(buckets[i], limits[i], windows[i]));
  end loop;
  if wait > 0 then
    return wait;
  end if;

  insert into private.auth_attempts (bucket) select unnest(buckets);
  -- Rows past the longest window serve no rule: sweep a few on every call instead of a scheduled job.
  delete from private.auth_attempts
  where ctid = any (array(
    select ctid from private.auth_attempts where at < now() - interval '1 hour' limit 100
  ));
  return 0;
end;
$$;

/**
 * After a successful sign-in: forgets the failures of this account from this address, and takes back this
 * attempt's count from the account-wide and address-wide buckets. Only a signed-in caller may ask.
 * Example: select public.sign_in_succeeded('<hmac of the email>', '<hmac of the address>');
 */
create function public.sign_in_succeeded(account_key text, address_key text)
returns void
language sql volatile security definer
set search_path = ''
as $$
  delete from private.auth_attempts
  where bucket = 'sign_in:pair:' || account_key || ':' || address_key;

  delete from private.auth_attempts
  where ctid = any (array(
    (select ctid from private.auth_attempts where bucket = 'sign_in:account:' || account_key
     order by at desc limit 1)
    union all
    (select ctid from private.auth_attempts where bucket = 'sign_in:address:' || address_key
     order by at desc limit 1)
  ));
$$;

-- ============================================================================
-- Who calls them: the web server, with the anon key before a sign-in and the user's session after one.
-- Unlike every other function of ours, anon may begin an attempt (decision 067 lets anon call nothing):
-- the web server has no other key, and without the HMAC secret a direct call can only fill buckets
-- nobody uses.
-- ============================================================================
revoke execute on function private.auth_attempt_wait(text, integer, interval) from public;
revoke execute on function public.begin_auth_attempt(text, text, text) from public;
revoke execute on function public.sign_in_succeeded(text, text) from public;
grant execute on function public.begin_auth_attempt(text, text, text) to anon, authenticated;
grant execute on function public.sign_in_succeeded(text, text) to authenticated;
