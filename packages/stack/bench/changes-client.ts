/**
 * @module bench/changes-client — the postgres_changes bench's subscribers, run as a child process by
 * bench/realtime-load.ts so that 1,000 client sockets do not share the stack's event loop and the bench
 * times the stack, not its own clients. Reads one JSON line on stdin ({ url, tokens, sees }), joins every
 * socket to INSERTs of public.rt_load, reports `{ phase: 'joined' }`; then for each line `<k>` on stdin
 * it answers `{ phase: 'ready', k }`, and once every seeing socket got change k, `{ phase: 'change', k,
 * times, leaked }` with the arrival times on the shared clock (`performance.timeOrigin + now()`).
 */
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';

const report = (o: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(o)}\n`);
const now = () => performance.timeOrigin + performance.now();

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const setup = JSON.parse(String((await lines.next()).value)) as {
  url: string;
  tokens: string[];
  sees: boolean[];
};
const seeing = setup.sees.filter(Boolean).length;
const sockets: WebSocket[] = [];
let current = -1;
let times: number[] = [];
let leaked = 0;

async function subscribe(i: number): Promise<void> {
  const ws = new WebSocket(setup.url);
  sockets.push(ws);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const sees = setup.sees[i]!;
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const at = now();
      const text = String(data);
      // No JSON parsing of events: changes come one at a time (the next insert waits for every arrival),
      // so an event belongs to `current`.
      if (text.includes('"postgres_changes",{"ids"')) {
        if (!sees) leaked++;
        else times.push(at);
        if (times.length === seeing) {
          report({ phase: 'change', k: current, times, leaked });
          times = [];
        }
        return;
      }
      const [, , , event, payload] = JSON.parse(text);
      if (event === 'system' && payload.extension === 'postgres_changes') {
        if (payload.status === 'ok') resolve();
        else reject(new Error(payload.message));
      }
    });
    const changes = [{ event: 'INSERT', schema: 'public', table: 'rt_load' }];
    ws.send(
      JSON.stringify([
        '1',
        '1',
        `realtime:load-${i}`,
        'phx_join',
        { config: { postgres_changes: changes }, access_token: setup.tokens[i] },
      ]),
    );
  });
}

const n = setup.tokens.length;
for (let i = 0; i < n; i += 50)
  await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, k) => subscribe(i + k)));
report({ phase: 'joined' });

for (;;) {
  const line = await lines.next();
  if (line.done || line.value === 'done') break;
  current = Number(line.value);
  times = [];
  report({ phase: 'ready', k: current });
}
for (const ws of sockets) ws.terminate();
process.exit(0);
