-- Notification email (decision 075): instant emails go on a 10-second schedule instead of a request from the
-- transaction that queued them. The request (two Vault reads and a net.http_post in the trigger) took a
-- comment with a mention from +1.7 ms to +2.35 ms over its budget of 2 ms; a schedule that calls the function
-- only when an email is due costs a write nothing and an idle project one cheap query every 10 seconds.

drop trigger email_outbox_request_run on public.email_outbox;
drop function private.after_email_queued();

/** Asks for a run when an email is due (new, or its retry time has come); otherwise does nothing. */
create function private.request_notification_run_if_due() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.email_outbox o where o.status = 'pending' and o.next_attempt_at <= now()) then
    perform private.request_notification_run();
  end if;
end;
$$;

-- Every minute: the whole run (reminders, digests, the outbox). Every 10 seconds: the outbox, when something
-- is due. pg_cron replaces jobs of the same name, so applying this again changes nothing.
select cron.schedule('lanes-notification-emails', '10 seconds', 'select private.request_notification_run_if_due()');
