/**
 * @module bench/notification-email — issue 23's email budgets (decision 075): one run of `send-notifications`
 * at 08:05 for 1,000 people with 20 unread digest notifications each (≤ 10 s, exactly 1,000 emails), and what
 * asking for a run at once (`private.request_notification_run()`: two Vault reads and one `net.http_post`)
 * adds to a transaction that queues an instant email. On its own stack; the relay is a local server that
 * counts what it is sent and answers 200, so the figure is Lanes' side (database, function, HTTP).
 * Usage: `pnpm --filter @lanes/db-tests bench:email` (or `node bench/notification-email.ts [people]`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '@lanes/stack/testing';
import postgres from 'postgres';

const PEOPLE = Number(process.argv[2] ?? 1000);
const PER_PERSON = 20;

const received = new Map<string, number>();
const relay = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { To: { Email: string }[] };
    const to = body.To[0]!.Email;
    received.set(to, (received.get(to) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ID":"ok"}');
  });
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/api/v1/send`;

const stack = await startTestStack({
  workdir: fileURLToPath(new URL('../../..', import.meta.url)),
  functionsEnv: { LANES_EMAIL_API_URL: relayUrl },
});
const db = postgres(stack.dbUrl, { max: 4, onnotice: () => {} });

try {
  // 1,000 people (profiles by the auth trigger), 20 unread role_changed notifications each (digest by default).
  await db`
    insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
           'digest-' || i || '@bench.test', now(), now(), now()
    from generate_series(1, ${PEOPLE}) i`;
  await db`
    insert into public.notifications (user_id, kind, data)
    select u.id, 'role_changed', jsonb_build_object('workspace_name', 'Bench ' || k, 'from', 'member', 'to', 'admin')
    from auth.users u cross join generate_series(1, ${PER_PERSON}) k
    where u.email like 'digest-%@bench.test'`;
  // The seed's people have digest notifications too: read them, so only the bench's people are due.
  await db`update public.notifications set read_at = now() where user_id not in
             (select id from auth.users where email like 'digest-%@bench.test')`;
  const [{ at }] =
    (await db`select (date_trunc('day', now() at time zone 'UTC') + interval '1 day 8 hours 5 minutes') at time zone 'UTC' as at`) as unknown as [
      { at: Date },
    ];
  await db`select pg_stat_reset()`;

  const started = performance.now();
  const response = await fetch(`${stack.apiUrl}/functions/v1/send-notifications`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    body: JSON.stringify({ now: at.toISOString() }),
  });
  const answer = await response.json();
  const seconds = (performance.now() - started) / 1000;
  const emails = [...received.entries()].filter(([to]) => to.endsWith('@bench.test'));
  const [{ sent }] =
    (await db`select count(*)::int as sent from public.email_outbox where kind = 'digest' and status = 'sent'`) as unknown as [
      { sent: number },
    ];
  console.log(`digest run: ${PEOPLE} people × ${PER_PERSON} notifications`);
  console.log(`  ${seconds.toFixed(2)} s for one call (answer ${response.status} ${JSON.stringify(answer)})`);
  console.log(
    `  relay got ${emails.reduce((n, [, c]) => n + c, 0)} emails for ${emails.length} people; ${sent} digests marked sent`,
  );

  // What asking for a run adds to a transaction that queues an instant email, with the Vault secrets set.
  await db`select vault.create_secret(${stack.apiUrl}, 'project_url'), vault.create_secret(${stack.serviceRoleKey}, 'service_role_key')`;
  const samples: number[] = [];
  for (let i = 0; i < 200; i++) {
    const [row] = await db.begin(
      (tx) => tx`
        select extract(epoch from (clock_timestamp() - t0)) * 1000 as ms
        from (select clock_timestamp() as t0) s, lateral (select private.request_notification_run()) r`,
    );
    samples.push(Number(row!.ms));
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.floor(q * (samples.length - 1))]!.toFixed(3);
  console.log(
    `request_notification_run() in a transaction: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms (200 samples)`,
  );
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on 2 cores`,
  );
} finally {
  await db.end();
  await stack.stop();
  relay.close();
}
