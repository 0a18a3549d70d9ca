-- Attachment files follow their rows (issue 26, decision 076). A file is readable only through an
-- `attachments` row the reader can see; deleting a row (or its task, board, workspace or account, by
-- cascade) queues the object, and the `remove-attachment-files` function removes it through the Storage
-- API at once (pg_net after commit), retried by a schedule; files that never got a row are swept after an
-- hour. Storage serves a signed URL without policies (the token is the authority), so only removing the
-- object itself ends an old signed URL.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

-- ============================================================================
-- Reads need the row
-- ============================================================================
drop policy "members can read attachments of their workspaces" on storage.objects;

-- The subquery runs as the reader, so the attachments table's own policy (viewers of the task) decides.
create policy "readers of an attachment can read its file" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'attachments'
    and exists (select 1 from public.attachments a where a.object_path = objects.name)
  );

-- ============================================================================
-- The removal queue (private: no API role reads or writes it)
-- ============================================================================
create table private.attachment_file_removals (
  object_path text primary key,
  enqueued_at timestamptz not null default now(),
  attempts integer not null default 0,
  -- Claimed by a drain until then; a failed removal waits here before its next try.
  not_before timestamptz not null default now(),
  last_error text
);
alter table private.attachment_file_removals enable row level security;
revoke all on private.attachment_file_removals from public, anon, authenticated, service_role;
create index attachment_file_removals_due_idx on private.attachment_file_removals (not_before);

/**
 * Asks the `remove-attachment-files` function to drain the queue, once per transaction (pg_net sends it
 * after commit; a rollback sends nothing). Needs the Vault secrets `project_url` and `service_role_key`
 * (Supabase's convention for calling functions from the database); without them nothing is sent and the
 * queue waits for the schedule.
 */
create function private.request_attachment_file_drain() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  api_url text;
  api_key text;
begin
  if current_setting('lanes.attachment_drain_requested', true) = 'on' then
    return;
  end if;
  select decrypted_secret into api_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into api_key from vault.decrypted_secrets where name = 'service_role_key';
  if api_url is null or api_key is null then
    return;
  end if;
  perform net.http_post(
    url := rtrim(api_url, '/') || '/functions/v1/remove-attachment-files',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || api_key),
    timeout_milliseconds := 60000
  );
  perform set_config('lanes.attachment_drain_requested', 'on', true);
end;
$$;

/** Statement-level, so a cascade deleting a workspace's hundreds of rows queues them in one insert. */
create function private.queue_removed_attachment_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.attachment_file_removals (object_path)
  select gone.object_path from gone
  on conflict (object_path) do update set not_before = now();
  if found then
    perform private.request_attachment_file_drain();
  end if;
  return null;
end;
$$;

create trigger attachments_after_delete_queue_files after delete on public.attachments
  referencing old table as gone
  for each statement execute function private.queue_removed_attachment_files();

-- ============================================================================
-- The drain's two calls (service role only: the function calls them over REST)
-- ============================================================================

/**
 * Claims up to `batch_size` due paths for five minutes and returns them. A path that has a row again
 * is not a file to remove: it leaves the queue untouched.
 */
create function public.claim_attachment_file_removals(batch_size integer default 100) returns setof text
language plpgsql
security definer
set search_path = ''
as $$
begin
  if batch_size is null or batch_size not between 1 and 1000 then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'batch_size must be between 1 and 1000.', hint = 'batch_size';
  end if;
  delete from private.attachment_file_removals q
  where exists (select 1 from public.attachments a where a.object_path = q.object_path);
  return query
    with picked as (
      select q.object_path from private.attachment_file_removals q
      where q.not_before <= now()
      order by q.enqueued_at
      limit batch_size
      for update skip locked
    )
    update private.attachment_file_removals q
    set not_before = now() + interval '5 minutes', attempts = q.attempts + 1
    from picked
    where q.object_path = picked.object_path
    returning q.object_path;
end;
$$;

/**
 * Settles claimed paths: `removed` leave the queue; `failed` wait 30 s × 2^(attempts − 1), at most an
 * hour, with the error kept for whoever looks.
 */
create function public.settle_attachment_file_removals(
  removed text[] default '{}',
  failed text[] default '{}',
  error_message text default null
) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if removed is null or failed is null then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'removed and failed must be arrays of object paths.', hint = 'removed';
  end if;
  delete from private.attachment_file_removals where object_path = any (removed);
  update private.attachment_file_removals
  set not_before = now() + least(interval '30 seconds' * power(2, greatest(attempts - 1, 0)), interval '1 hour'),
      last_error = left(coalesce(error_message, 'unknown error'), 1000)
  where object_path = any (failed);
end;
$$;

-- ============================================================================
-- The sweep: files with no row, an hour after their upload
-- ============================================================================

/**
 * Queues every attachment file uploaded over an hour before `at_time` that no row points at (optionally
 * only under one workspace's folder), asks for a drain when anything is due, and returns how many it
 * queued. The schedule calls it with the real clock; tests move `at_time` forward instead of waiting.
 * @example select public.sweep_attachment_files(now() + interval '61 minutes', '<workspace id>');
 */
create function public.sweep_attachment_files(at_time timestamptz default now(), in_workspace uuid default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  if at_time is null then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'at_time is required.', hint = 'at_time';
  end if;
  insert into private.attachment_file_removals (object_path)
  select o.name from storage.objects o
  where o.bucket_id = 'attachments'
    and o.created_at < at_time - interval '1 hour'
    and (in_workspace is null or o.name like in_workspace::text || '/%')
    and not exists (select 1 from public.attachments a where a.object_path = o.name)
  on conflict (object_path) do nothing;
  get diagnostics queued = row_count;
  if exists (select 1 from private.attachment_file_removals where not_before <= now()) then
    perform private.request_attachment_file_drain();
  end if;
  return queued;
end;
$$;

revoke execute on function public.claim_attachment_file_removals(integer) from public, anon, authenticated;
revoke execute on function public.settle_attachment_file_removals(text[], text[], text) from public, anon, authenticated;
revoke execute on function public.sweep_attachment_files(timestamptz, uuid) from public, anon, authenticated;
grant execute on function public.claim_attachment_file_removals(integer) to service_role;
grant execute on function public.settle_attachment_file_removals(text[], text[], text) to service_role;
grant execute on function public.sweep_attachment_files(timestamptz, uuid) to service_role;
revoke execute on function private.request_attachment_file_drain() from public, anon, authenticated, service_role;
revoke execute on function private.queue_removed_attachment_files() from public, anon, authenticated, service_role;

-- Every minute: sweep (which also retries what is due in the queue). pg_cron replaces a job of the same
-- name, so there is only ever one.
select cron.schedule('lanes-attachment-files', '* * * * *', 'select public.sweep_attachment_files()');
