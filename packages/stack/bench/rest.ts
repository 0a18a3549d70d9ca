/**
 * @module bench/rest — REST GET of one row by primary key with a user JWT, 10 concurrent keep-alive
 * clients for ~5 s, against the stack and against a bare node:http + postgres handler doing the same
 * transaction (set_config + query) in the same run. The load runs in a child process. Besides throughput,
 * it prints the server process's CPU time per request for each side, which the machine's load moves less.
 *
 *   node bench/rest.ts
 */
import { fork } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { startTestStack } from '../src/testing.ts';
import { signHs256 } from '../tests/helpers/jwt.ts';

const CLIENTS = 10;
const DURATION_MS = 5000;
const WARMUP_MS = 1000;
const ROUNDS = 5;

interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  /** Every latency in ms, sorted, so rounds can be combined. */
  latencies: number[];
  seconds: number;
}

function combine(runs: LoadResult[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((t, r) => t + r.seconds, 0);
  const pct = (p: number) => Number((latencies[Math.floor((latencies.length - 1) * p)] ?? 0).toFixed(2));
  return {
    requests: latencies.length,
    errors: runs.reduce((t, r) => t + r.errors, 0),
    rps: Math.round(latencies.length / seconds),
    p50: pct(0.5),
    p99: pct(0.99),
    latencies,
    seconds,
  };
}

function token(secret: string): string {
  const claims = {
    sub: '11111111-1111-1111-1111-111111111111',
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  return signHs256(claims, secret);
}

/** Child side: hammers `url` with CLIENTS keep-alive loops and reports throughput and latency. */
async function load(url: string, headers: Record<string, string>, ms: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number((latencies[Math.floor((latencies.length - 1) * p)] ?? 0).toFixed(2));
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50: pct(0.5),
    p99: pct(0.99),
    latencies,
    seconds: elapsed,
  };
}

function runChild(url: string, headers: Record<string, string>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['load'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.send({ url, headers });
  });
}

/** The bare handler: same role switch, claims and query, pipelined in one transaction. */
async function startBaseline(dbUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const url = new URL(dbUrl);
  url.username = 'authenticator';
  url.password = 'postgres';
  const sql = postgres(url.toString(), { max: 10, onnotice: () => {} });
  const server = createServer(async (req, res) => {
    const claims = token('x').split('.')[1] ?? '';
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '1';
    try {
      const [, rows] = await sql.begin('read only', (tx) => [
        tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true),
            set_config('request.method', 'GET', true), set_config('request.path', '/countries', true)`,
        tx`select coalesce(json_agg(t), '[]')::text as body from (select * from public.countries where id = ${id}) t`,
      ]);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(String(rows[0]?.body));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/countries?id=1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await sql.end({ timeout: 1 });
    },
  };
}

export async function benchRest(): Promise<Record<string, number | string>> {
  const workdir = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
  const stack = await startTestStack({ workdir });
  try {
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${token(stack.jwtSecret)}` };
    const restUrl = `${stack.apiUrl}/rest/v1/countries?id=eq.1`;
    const check = await fetch(restUrl, { headers });
    if (check.status !== 200) throw new Error(`stack answered ${check.status}: ${await check.text()}`);
    const baseline = await startBaseline(stack.dbUrl);
    try {
      // Alternate short windows so both sides see the same background load on a shared machine.
      await runChild(restUrl, { ...headers, 'x-warmup': String(WARMUP_MS) });
      await runChild(baseline.url, { 'x-warmup': String(WARMUP_MS) });
      const restRuns: LoadResult[] = [];
      const bareRuns: LoadResult[] = [];
      // This process's CPU time (user + system) while each side serves: a cost per request that other
      // processes' load on the machine changes far less than it changes throughput.
      let restCpu = 0;
      let bareCpu = 0;
      const cpu = async (run: () => Promise<LoadResult>, into: LoadResult[]): Promise<number> => {
        const before = process.cpuUsage();
        into.push(await run());
        const used = process.cpuUsage(before);
        return used.user + used.system;
      };
      for (let round = 0; round < ROUNDS; round++) {
        const ms = String(DURATION_MS / ROUNDS);
        restCpu += await cpu(() => runChild(restUrl, { ...headers, 'x-ms': ms }), restRuns);
        bareCpu += await cpu(() => runChild(baseline.url, { 'x-ms': ms }), bareRuns);
      }
      const rest = combine(restRuns);
      const bare = combine(bareRuns);
      const perRequest = (micros: number, runs: LoadResult) =>
        Math.round(micros / Math.max(1, runs.requests));
      return {
        'rest.rps': rest.rps,
        'rest.p50_ms': rest.p50,
        'rest.p99_ms': rest.p99,
        'rest.errors': rest.errors,
        'baseline.rps': bare.rps,
        'baseline.p50_ms': bare.p50,
        'baseline.p99_ms': bare.p99,
        'rest.vs_baseline': `${Math.round((rest.rps / Math.max(1, bare.rps)) * 100)}%`,
        'rest.cpu_us_per_req': perRequest(restCpu, rest),
        'baseline.cpu_us_per_req': perRequest(bareCpu, bare),
      };
    } finally {
      await baseline.close();
    }
  } finally {
    await stack.stop();
  }
}

if (import.meta.main && process.argv[2] === 'load') {
  process.once('message', async (m) => {
    const { url, headers } = m as { url: string; headers: Record<string, string> };
    const ms = Number(headers['x-warmup'] ?? headers['x-ms'] ?? DURATION_MS);
    const result = await load(url, headers, ms);
    process.send?.(result, () => process.exit(0));
  });
} else if (import.meta.main) {
  const result = await benchRest();
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(18)} ${v}`);
  process.exit(0);
}
