/**
 * @module send-notifications — the notification schedule's work (decision 088): due-date reminders, the
 * daily digests, then draining the email outbox with retries. Called by the database through pg_net (every
 * minute by pg_cron, and at once when an instant email is queued) with the service role key from Vault;
 * `{ "now": "<ISO time>" }` runs it as at that time (tests move the clock this way), honoured only because
 * nobody but the service role may call at all.
 */

import { z } from 'zod';
import { serviceClient } from '../_shared/clients.ts';
import { dbError } from '../_shared/db-error.ts';
import { trySendEmail } from '../_shared/email.ts';
import { json, readInput, serve } from '../_shared/http.ts';
import { type ClaimedEmail, notificationEmail } from '../_shared/notification-email.ts';
import { requireServiceRole } from '../_shared/service-role.ts';

const input = z.object({ now: z.iso.datetime({ offset: true }).optional() });

/** Rows claimed per round; each is one email. */
const BATCH = 100;
/** Emails in flight at once to the relay. */
const PARALLEL = 20;
/** One call's budget; what is left waits for the next call (within pg_net's 60 s timeout). */
const BUDGET_MS = 45_000;

interface Claimed extends ClaimedEmail {
  id: number;
  attempts: number;
  unsubscribe_scope: string;
}

type Outcome = 'sent' | 'retry' | 'failed' | 'skipped';

serve(async (req) => {
  requireServiceRole(req);
  const { now } = await readInput(req, input);
  const at = now ?? new Date().toISOString();
  const admin = serviceClient();
  const reminders = await admin.rpc('notify_due_tasks', { at_time: at });
  if (reminders.error) throw dbError(reminders.error);
  const digests = await admin.rpc('queue_digest_emails', { at_time: at });
  if (digests.error) throw dbError(digests.error);

  const counts: Record<Outcome, number> = { sent: 0, retry: 0, failed: 0, skipped: 0 };
  const deadline = Date.now() + BUDGET_MS;
  while (Date.now() < deadline) {
    const claimed = await admin.rpc('claim_notification_emails', { at_time: at, max_rows: BATCH });
    if (claimed.error) throw dbError(claimed.error);
    const rows = (claimed.data ?? []) as unknown as Claimed[];
    if (rows.length === 0) break;
    await eachLimited(rows, PARALLEL, async (row) => {
      counts[await deliver(row)]++;
    });
  }
  return json(200, { reminders: reminders.data, digests: digests.data, ...counts });
});

/** Sends one claimed email and records the outcome; a refused email waits for the retry time the claim set. */
async function deliver(row: Claimed): Promise<Outcome> {
  const admin = serviceClient();
  const finish = async (outcome: 'sent' | 'skipped' | 'failed', error?: string) => {
    const covered = outcome === 'sent' ? row.items.map((i) => i.id) : [];
    const done = await admin.rpc('finish_notification_email', {
      email_id: row.id,
      outcome,
      ...(error ? { error } : {}),
      covered,
    });
    if (done.error) throw dbError(done.error);
    return done.data as string;
  };
  if (row.items.length === 0) return (await finish('skipped')) as Outcome;
  const problem = await trySendEmail(notificationEmail(row, row.unsubscribe_scope));
  if (!problem) return (await finish('sent')) as Outcome;
  console.error(`notification email ${row.id} (attempt ${row.attempts}): ${problem}`);
  return (await finish('failed', problem)) === 'failed' ? 'failed' : 'retry';
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
