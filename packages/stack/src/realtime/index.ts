/**
 * @module realtime — the Realtime service: Phoenix channels over WebSocket at `/realtime/v1/websocket`
 * (broadcast, presence, postgres_changes from logical replication) and REST broadcast at `/api/broadcast`.
 */
import { randomBytes } from 'node:crypto';
import { WebSocketServer } from 'ws';
import type { Service, StackContext } from '../context.ts';
import { handleBroadcast } from './broadcast-api.ts';
import { ChangeDispatcher } from './changes.ts';
import { Hub } from './hub.ts';
import { TenantLimits } from './limits.ts';
import type { Vsn } from './protocol.ts';
import { PUBLICATIONS, startReplication } from './replication.ts';
import { RealtimeSocket } from './socket.ts';

/** Phoenix's transport timeout: realtime-js heartbeats every 25 s. */
const IDLE_TIMEOUT_MS = 60_000;

export async function build(stack: StackContext): Promise<Service> {
  const sql = stack.connect('postgres', { max: 4 });
  const limits = new TenantLimits(stack.realtimeLimits);
  const hub = new Hub(limits);
  const sockets = new Set<RealtimeSocket>();
  // A temporary slot: Postgres drops it when this connection ends, so a crashed stack leaves nothing behind.
  const slot = `stack_realtime_${process.pid}_${randomBytes(4).toString('hex')}`;
  // A database bootstrapped before the realtime schema existed lacks the messages publication and helpers.
  const [catalog] = await sql<{ publications: string[]; helpers: boolean }[]>`
    select coalesce(array_agg(pubname::text), '{}') as publications,
           to_regprocedure('realtime.stack_changes(jsonb)') is not null as helpers
      from pg_publication where pubname = any(${PUBLICATIONS})`;
  if (!catalog?.helpers || catalog.publications.length < PUBLICATIONS.length)
    stack.log(
      'realtime',
      'this database lacks the realtime bootstrap; run `stack reset` for postgres_changes',
    );
  let dispatcher: ChangeDispatcher;
  const replication = startReplication(
    stack.urls.db,
    slot,
    catalog?.publications.length ? catalog.publications : ['supabase_realtime'],
    (tx) => dispatcher.enqueue(tx),
    stack.log,
  );
  dispatcher = new ChangeDispatcher(sql, hub, stack.log, (lsn) => replication.ack(lsn));
  // Phoenix's frame cap; payloads over the tenant's max_payload_size_in_kb are refused per broadcast.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 5_000_000 });
  const deps = { hub, jwt: stack.jwt, sql, log: stack.log, limits, replicationReady: replication.ready };
  // Ready means changes committed from now on are delivered: wait for the slot (it waits for open
  // transactions to finish), but never hold the stack's start hostage to it.
  await Promise.race([replication.ready.catch(() => {}), new Promise((r) => setTimeout(r, 10_000).unref())]);

  // A client that vanished without closing (sleeping laptop, dropped network) stops heartbeating.
  const reaper = setInterval(() => {
    for (const s of sockets) if (Date.now() - s.lastSeen > IDLE_TIMEOUT_MS) s.close();
  }, 15_000);
  reaper.unref();

  return {
    fetch: async (request, ctx) => {
      if (ctx.path.startsWith('/api/broadcast'))
        return handleBroadcast(request, ctx.path, hub, sql, stack.jwt);
      return Response.json({ message: 'Not Found' }, { status: 404 });
    },
    upgrade(req, socket, head, ctx) {
      if (ctx.path !== '/websocket' && ctx.path !== '/websocket/') {
        socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
        return;
      }
      const requested = ctx.url.searchParams.get('vsn');
      // Phoenix answers 1.0.0 when no vsn is asked for.
      const vsn: Vsn = requested === '2.0.0' ? '2.0.0' : '1.0.0';
      if (requested && requested !== '1.0.0' && requested !== '2.0.0') {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const rs = new RealtimeSocket(ws, vsn, ctx.apikey?.jwt ?? null, deps);
        sockets.add(rs);
        ws.on('close', () => sockets.delete(rs));
      });
    },
    async close() {
      clearInterval(reaper);
      limits.close();
      for (const s of sockets) s.close();
      wss.close();
      await replication.close();
    },
  };
}
