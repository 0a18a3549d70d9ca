-- One way for the database to call an edge function: the notification run (decision 075) and the attachment
-- file drain (decision 076) each had their own copy of "read the Vault secrets, POST through pg_net once per
-- transaction". Both now go through private.call_function_once; what they do is unchanged.

-- ============================================================================
-- The caller
-- ============================================================================
/**
 * POSTs `{}` to the edge function `function_name` with the service role key, once per transaction and
 * function (pg_net sends it after commit; a rollback sends nothing). Needs the Vault secrets `project_url`
 * and `service_role_key` (Supabase's convention for calling functions from the database); without them
 * nothing is sent, and the work waits for its schedule.
 * Example: select private.call_function_once('send-notifications');
 */
create function private.call_function_once(function_name text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- A setting per function marks "already asked in this transaction" (setting names allow no hyphen).
  asked text := 'lanes.asked_' || replace(function_name, '-', '_');
  api_url text;
  api_key text;
begin
  if current_setting(asked, true) = 'on' then
    return;
  end if;
  select s.decrypted_secret into api_url from vault.decrypted_secrets s where s.name = 'project_url';
  select s.decrypted_secret into api_key from vault.decrypted_secrets s where s.name = 'service_role_key';
  if api_url is null or api_key is null then
    return;
  end if;
  perform net.http_post(
    url := rtrim(api_url, '/') || '/functions/v1/' || function_name,
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || api_key),
    timeout_milliseconds := 60000
  );
  perform set_config(asked, 'on', true);
end;
$$;

revoke execute on function private.call_function_once(text) from public, anon, authenticated, service_role;

-- ============================================================================
-- Its two callers
-- ============================================================================
create or replace function private.request_notification_run() returns void
language sql
security definer
set search_path = ''
as $$
  select private.call_function_once('send-notifications');
$$;

create or replace function private.request_attachment_file_drain() returns void
language sql
security definer
set search_path = ''
as $$
  select private.call_function_once('remove-attachment-files');
$$;
