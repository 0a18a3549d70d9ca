/**
 * @module bench/flood-client — the broadcast flood's client side, run as a child process by
 * bench/realtime-load.ts so its sockets do not share the stack's event loop: SOCKETS raw vsn 2.0.0
 * sockets join ROOMS rooms, then each sends PER_SOCKET broadcasts spread over SECONDS. It reports on
 * stdout (one JSON line per phase) and exits when told to on stdin.
 */
import { WebSocket } from 'ws';

const [url, sockets, rooms, perSocket, seconds] = process.argv.slice(2);
const SOCKETS = Number(sockets);
const ROOMS = Number(rooms);
const PER_SOCKET = Number(perSocket);
const SECONDS = Number(seconds);

const report = (o: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(o)}\n`);

const stats = { received: 0, refusedJoins: 0, closedChannels: 0, unmatched: 0 };
const all: WebSocket[] = [];

async function connect(i: number): Promise<WebSocket> {
  const ws = new WebSocket(url!);
  all.push(ws);
  const topic = `realtime:flood-${i % ROOMS}`;
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const joined = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const [, ref, , event, payload] = JSON.parse(String(data)) as [
        unknown,
        string,
        string,
        string,
        { status?: string; response?: { reason?: string } },
      ];
      if (event === 'phx_reply' && ref === 'join') {
        if (payload.status !== 'ok') stats.refusedJoins++;
        resolve();
      } else if (event === 'phx_reply' && payload?.response?.reason === 'unmatched topic') stats.unmatched++;
      else if (event === 'broadcast') stats.received++;
      else if (event === 'phx_close') stats.closedChannels++;
    });
  });
  ws.send(JSON.stringify(['join', 'join', topic, 'phx_join', { config: { broadcast: { self: false } } }]));
  await joined;
  return ws;
}

for (let i = 0; i < SOCKETS; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, SOCKETS - i) }, (_, k) => connect(i + k)));
}
report({ phase: 'joined', ...stats });

await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const started = performance.now();
// PER_SOCKET rounds, each round one broadcast from every socket, spread evenly over SECONDS.
for (let round = 0; round < PER_SOCKET; round++) {
  for (const [i, ws] of all.entries()) {
    if (ws.readyState !== ws.OPEN) continue;
    ws.send(
      JSON.stringify([
        'join',
        null,
        `realtime:flood-${i % ROOMS}`,
        'broadcast',
        { type: 'broadcast', event: 'flood', payload: { round, from: i, pad: 'x'.repeat(64) } },
      ]),
    );
  }
  const due = started + ((round + 1) * SECONDS * 1000) / PER_SOCKET;
  await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
}
report({ phase: 'sent', ms: performance.now() - started, ...stats });
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
report({ phase: 'done', ...stats });
for (const ws of all) ws.terminate();
process.exit(0);
