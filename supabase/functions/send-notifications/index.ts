/**
 * @module send-notifications — the notification schedule's work (decision 088): due-date reminders, the
 * daily digests, then draining the email outbox with retries. Called by the database through pg_net (every
 * minute by pg_cron, and at once when an instant email is queued) with the service role key from Vault;
 * `{ "now": "<ISO time>" }` runs it as at that time (tests move the clock this way), honoured only because
 * nobody but the service role may call at all.
 */

import type { Json } from '@lanes/shared/database.gen.ts';
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
/** Emails in flight at once to the relay, per drain. */
const PARALLEL = 20;
/** Drains working side by side. */
const DRAINS = 3;
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
  const ms: Record<string, number> = { reminders: 0, digests: 0, claim: 0, send: 0, finish: 0 };
  const timed = async <T>(name: string, work: () => PromiseLike<T>): Promise<T> => {
    const since = performance.now();
    try {
      return await work();
    } finally {
      ms[name]! += Math.round(performance.now() - since);
    }
  };
  const reminders = await timed('reminders', () => admin.rpc('notify_due_tasks', { at_time: at }));
  if (reminders.error) throw dbError(reminders.error);
  const digests = await timed('digests', () => admin.rpc('queue_digest_emails', { at_time: at }));
  if (digests.error) throw dbError(digests.error);

  const counts: Record<Outcome, number> = { sent: 0, retry: 0, failed: 0, skipped: 0 };
  const deadline = Date.now() + BUDGET_MS;
  // Several drains at once (claims skip each other's rows): one claims while another sends or records.
  const drain = async () => {
    while (Date.now() < deadline) {
      const claimed = await timed('claim', () =>
        admin.rpc('claim_notification_emails', { at_time: at, max_rows: BATCH }),
      );
      if (claimed.error) throw dbError(claimed.error);
      const rows = (claimed.data ?? []) as unknown as Claimed[];
      if (rows.length === 0) return;
      const results: Result[] = [];
      await timed('send', () =>
        eachLimited(rows, PARALLEL, async (row) => {
          results.push(await deliver(row));
        }),
      );
      // One call records the batch: a failed email stays pending (retried at the time its claim set) until
      // its fifth attempt.
      const finished = await timed('finish', () =>
        admin.rpc('finish_notification_emails', { results: results as unknown as Json }),
      );
      if (finished.error) throw dbError(finished.error);
      for (const status of Object.values(finished.data as Record<string, string>)) {
        counts[status === 'pending' ? 'retry' : (status as Outcome)]++;
      }
    }
  };
  await Promise.all(Array.from({ length: DRAINS }, drain));
  // `ms`: time spent per step, summed over the drains (for the logs and the bench).
  return json(200, { reminders: reminders.data, digests: digests.data, ...counts, ms });
});

interface Result {
  id: number;
  outcome: 'sent' | 'skipped' | 'failed';
  error?: string;
  covered?: string[];
}

/** Sends one claimed email (unless nothing is left to say) and answers what happened, to record with the batch. */
async function deliver(row: Claimed): Promise<Result> {
  if (row.items.length === 0) return { id: row.id, outcome: 'skipped' };
  const problem = await trySendEmail(notificationEmail(row, row.unsubscribe_scope));
  if (!problem) return { id: row.id, outcome: 'sent', covered: row.items.map((i) => i.id) };
  console.error(`notification email ${row.id} (attempt ${row.attempts}): ${problem}`);
  return { id: row.id, outcome: 'failed', error: problem };
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
