-- Notification email (decision 075): a drain records a whole batch's outcomes in one set-based call. One call
-- per email made the 1,000-person digest run take 15 s on the shared machine: 1,000 REST round trips, and as many
-- single-row updates of the notifications, each paying the notifications' statement trigger. The one-email
-- version goes: nothing calls it any more.
drop function public.finish_notification_email(bigint, text, text, uuid[]);

/**
 * Records what happened to a batch of claimed emails: each element is
 * `{id, outcome, error?, covered?}` with outcome `sent` (the `covered` notifications are marked emailed),
 * `skipped`, or `failed` (pending again until the fifth attempt, then failed and listed for the workspaces'
 * admins). Emails not pending are ignored. Answers each email's resulting status by id.
 * Example: select public.finish_notification_emails('[{"id": 42, "outcome": "sent", "covered": ["…"]}]');
 */
create function public.finish_notification_emails(results jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  statuses jsonb;
begin
  if jsonb_typeof(results) is distinct from 'array' or exists (
       select 1 from jsonb_array_elements(results) e
       where jsonb_typeof(e) <> 'object' or (e ->> 'id') !~ '^[0-9]+$'
          or coalesce(e ->> 'outcome', '') not in ('sent', 'skipped', 'failed')) then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'results must be an array of {id, outcome: sent | skipped | failed, error, covered}.', hint = 'results';
  end if;

  create temporary table if not exists pg_temp.finished_emails (
    id bigint primary key, outcome text, error text, covered jsonb, user_id uuid, kind text, attempts integer,
    workspace_id uuid, created_at timestamptz
  ) on commit drop;
  truncate pg_temp.finished_emails;
  insert into pg_temp.finished_emails
  select o.id, e ->> 'outcome', left(e ->> 'error', 1000), coalesce(e -> 'covered', '[]'), o.user_id, o.kind,
         o.attempts, o.workspace_id, o.created_at
  from jsonb_array_elements(results) e
  join public.email_outbox o on o.id = (e ->> 'id')::bigint and o.status = 'pending'
  on conflict do nothing;

  update public.email_outbox o
  set status = case
                 when f.outcome = 'sent' then 'sent'
                 when f.outcome = 'skipped' then 'skipped'
                 when o.attempts >= 5 then 'failed'
                 else 'pending'
               end,
      sent_at = case when f.outcome = 'sent' then now() else o.sent_at end,
      last_error = case when f.outcome = 'failed' then f.error else null end
  from pg_temp.finished_emails f
  where o.id = f.id;

  update public.notifications n set emailed_at = now()
  from (select f.user_id, c::uuid as id
        from pg_temp.finished_emails f cross join jsonb_array_elements_text(f.covered) c
        where f.outcome = 'sent') x
  where n.id = x.id and n.user_id = x.user_id and n.emailed_at is null;

  insert into public.notification_email_failures (outbox_id, workspace_id, user_id, kind, attempts, last_error)
  select f.id, w.workspace_id, f.user_id, f.kind, f.attempts, f.error
  from pg_temp.finished_emails f
  cross join lateral (
    select f.workspace_id where f.kind = 'instant' and f.workspace_id is not null
    union
    select distinct d.workspace_id from private.digest_items(f.user_id, f.created_at) d
    where f.kind = 'digest' and d.workspace_id is not null
  ) w
  where f.outcome = 'failed' and f.attempts >= 5
  on conflict do nothing;

  select coalesce(jsonb_object_agg(o.id::text, o.status), '{}') into statuses
  from public.email_outbox o where o.id in (select f.id from pg_temp.finished_emails f);
  return statuses;
end;
$$;

revoke execute on function public.finish_notification_emails(jsonb) from public, anon, authenticated;
grant execute on function public.finish_notification_emails(jsonb) to service_role;
