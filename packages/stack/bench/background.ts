/**
 * @module bench/background — the background machinery on a stack over the background fixture
 * (decisions 170, 171): 1,000 `net.http_post` calls committed at once until all are answered, how far
 * after its second a '1 seconds' pg_cron job's runs start, insert → webhook arrival, and the process's
 * RSS idle and after the work.
 *
 * Run: `node bench/background.ts` from packages/stack (or `node bench/run.ts background`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { startBackground } from '../src/background/index.ts';
import type { StackContext } from '../src/context.ts';
import { startBackgroundProject, startReceiver, until } from '../tests/helpers/background.ts';
import { percentileOf, round } from './lib.ts';

const mb = () => round(process.memoryUsage().rss / 1024 / 1024);

export async function benchBackground(netCalls = 1000, cronRuns = 20, webhookSamples = 100) {
  const receiver = await startReceiver();
  const project = await startBackgroundProject(receiver);
  const sql = postgres(project.stack.dbUrl, { max: 2, onnotice: () => {} });
  try {
    await sql`select cron.unschedule('tick-from-migration')`;
    await sleep(2000);
    globalThis.gc?.();
    const idleRss = mb();
    // What the workers themselves cost: a second set started beside the stack's, idle, then closed.
    const extra = startBackground({
      urls: { db: project.stack.dbUrl },
      log: () => {},
    } as unknown as StackContext);
    await sleep(1000);
    globalThis.gc?.();
    const workersRss = round(mb() - idleRss);
    await extra.close();

    // pg_net: one transaction queues every call; the clock runs from its commit.
    const base = `http://127.0.0.1:${receiver.port}`;
    const t0 = performance.now();
    const [first] = await sql`select min(id)::text as id from (
      select net.http_post(${`${base}/bulk`}, jsonb_build_object('n', g)) as id from generate_series(1, ${netCalls}) g) s`;
    await receiver.waitFor('/bulk', netCalls, 60_000);
    const receivedMs = performance.now() - t0;
    await until(
      'every bulk response',
      async () => {
        const [row] = await sql`select count(*)::int as n from net._http_response where id >= ${first!.id}`;
        return row!.n >= netCalls ? true : undefined;
      },
      60_000,
    );
    const storedMs = performance.now() - t0;

    // pg_cron: start_time's distance past the second it was due.
    const [job] = await sql`select cron.schedule('bench-every-second', '1 seconds', 'select 1') as id`;
    const runs = await until(
      `${cronRuns} runs`,
      async () => {
        const rows = await sql<{ late: number }[]>`
          select (extract(epoch from start_time) * 1000)::numeric % 1000 as late
          from cron.job_run_details where jobid = ${job!.id} and status = 'succeeded' order by runid`;
        return rows.length >= cronRuns ? rows.map((r) => Number(r.late)) : undefined;
      },
      (cronRuns + 30) * 1000,
    );
    await sql`select cron.unschedule('bench-every-second')`;

    // Webhooks: from the insert's call to the receiver's arrival, one at a time.
    const delays: number[] = [];
    for (let i = 0; i < webhookSamples; i++) {
      const before = receiver.received.length;
      const start = Date.now();
      await sql`insert into public.orders (item) values (${`bench-${i}`})`;
      await until('the webhook', async () => (receiver.received.length > before ? true : undefined), 10_000);
      delays.push(receiver.received.at(-1)!.at - start);
    }

    await sleep(1000);
    globalThis.gc?.();
    return [
      {
        name: `${netCalls} net.http_post: all received`,
        value: round(receivedMs),
        unit: 'ms',
        target: '≤ 2000',
      },
      {
        name: `${netCalls} net.http_post: all responses stored`,
        value: round(storedMs),
        unit: 'ms',
        target: '≤ 2000',
      },
      {
        name: "'1 seconds' job start after its second p50",
        value: round(percentileOf(runs, 50)),
        unit: 'ms',
      },
      {
        name: "'1 seconds' job start after its second p99",
        value: round(percentileOf(runs, 99)),
        unit: 'ms',
        target: '≤ 100',
      },
      { name: 'webhook insert → receiver p50', value: round(percentileOf(delays, 50)), unit: 'ms' },
      {
        name: 'webhook insert → receiver p95',
        value: round(percentileOf(delays, 95)),
        unit: 'ms',
        target: '≤ 50',
      },
      { name: 'stack process RSS idle (workers listening)', value: idleRss, unit: 'MB' },
      { name: 'RSS of a second, idle set of workers', value: workersRss, unit: 'MB' },
      { name: 'stack process RSS after the work', value: mb(), unit: 'MB' },
    ];
  } finally {
    await sql.end();
    await project.stop();
    await receiver.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await benchBackground());
}
