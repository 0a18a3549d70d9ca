/**
 * Realtime's tenant limits (decision 035): over a limit, the client gets the server's refusal (join reply
 * reasons, `system` "Too many messages per second" then `phx_close`, `payload_size_exceeded` acks, a
 * closed socket for join floods); under it, traffic is untouched. Each group runs its own stack with
 * small limits, since the counters are the whole stack's, as a tenant's are; raw sockets check frames.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningStack } from '../src/index.ts';
import type { RealtimeLimits } from '../src/realtime/limits.ts';
import { startTestStack } from '../src/testing.ts';
import { Collector, realtimeClient, sleep, subscribed } from './realtime-helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: frames are asserted field by field
type Payload = any;

const workdir = fileURLToPath(new URL('./fixtures/project', import.meta.url));

/** A stack with `limits` for the describe block it is called in. */
function stackWith(limits: Partial<RealtimeLimits>) {
  const box = {} as { stack: RunningStack; sockets: WebSocket[] };
  beforeAll(async () => {
    box.stack = await startTestStack({ workdir, realtimeLimits: limits });
    box.sockets = [];
  });
  afterAll(async () => {
    for (const ws of box.sockets) ws.terminate();
    await box.stack.stop();
  });
  return box;
}

interface Raw {
  ws: WebSocket;
  /** Every frame received, in order (vsn 1.0.0 objects). */
  frames: Collector<Payload>;
  closed: Promise<void>;
  join(topic: string, config?: Record<string, unknown>): Promise<Payload>;
  push(topic: string, event: string, payload: unknown): string;
  /** The reply to the push with `ref`. */
  reply(ref: string): Promise<Payload>;
  /** Every frame so far, once one matches `pred`. */
  until(pred: (frame: Payload) => boolean): Promise<Payload[]>;
}

let refs = 0;
async function open(box: { stack: RunningStack; sockets: WebSocket[] }): Promise<Raw> {
  const { apiUrl, anonKey } = box.stack;
  const ws = new WebSocket(
    `${apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=1.0.0`,
  );
  box.sockets.push(ws);
  const frames = new Collector<Payload>();
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<void>((r) => ws.once('close', () => r()));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const push = (topic: string, event: string, payload: unknown) => {
    const ref = String(++refs);
    ws.send(JSON.stringify({ topic: `realtime:${topic}`, event, payload, ref, join_ref: ref }));
    return ref;
  };
  const until = async (pred: (frame: Payload) => boolean) => {
    for (let seen = 1; ; seen++) {
      const list = await frames.until(seen);
      if (pred(list[seen - 1])) return list;
    }
  };
  const reply = async (ref: string) =>
    (await until((f) => f.event === 'phx_reply' && f.ref === ref)).find(
      (f: Payload) => f.event === 'phx_reply' && f.ref === ref,
    );
  return {
    ws,
    frames,
    closed,
    push,
    reply,
    until,
    join: (topic, config = {}) => reply(push(topic, 'phx_join', { config, access_token: anonKey })),
  };
}

describe('events per second', () => {
  // One minute per tick: the limit is 60 events in the first tick, whatever the machine's speed.
  const box = stackWith({ maxEventsPerSecond: 1, tickMs: 60_000 });

  it('under the limit every broadcast arrives; over it each receiving channel gets the system error and is closed', async () => {
    const listener = await open(box);
    expect((await listener.join('flood')).payload.status).toBe('ok');
    const client = await realtimeClient(box.stack.apiUrl, box.stack.anonKey);
    const sender = client.channel('flood', { config: { broadcast: { ack: true } } });
    await subscribed(sender);

    const broadcasts = () => listener.frames.list.filter((f) => f.event === 'broadcast');
    // Each broadcast counts twice (sent, delivered): 20 of them stay under 60.
    for (let n = 1; n <= 20; n++)
      expect(await sender.send({ type: 'broadcast', event: 'e', payload: { n } })).toBe('ok');
    await listener.until(() => broadcasts().length === 20);
    expect(broadcasts().map((f) => f.payload.payload.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(listener.frames.list.some((f) => f.event === 'system')).toBe(false);

    // The 30th broadcast's delivery is the 60th event: it still arrives, then the channel is shut down.
    for (let n = 21; n <= 35; n++) await sender.send({ type: 'broadcast', event: 'e', payload: { n } });
    const frames = await listener.until((f) => f.event === 'phx_close');
    const tail = frames.slice(-3);
    expect(tail[0]).toMatchObject({ event: 'broadcast', payload: { payload: { n: 30 } } });
    expect(tail[1]).toEqual({
      topic: 'realtime:flood',
      event: 'system',
      payload: {
        extension: 'system',
        status: 'error',
        message: 'Too many messages per second',
        channel: 'flood',
      },
      ref: null,
      join_ref: null,
    });
    expect(tail[2]).toMatchObject({ topic: 'realtime:flood', event: 'phx_close', payload: {} });
    await sleep(200);
    // Nothing more reaches the closed channel; the socket itself stays open.
    expect(broadcasts()).toHaveLength(30);
    expect(listener.ws.readyState).toBe(WebSocket.OPEN);
    const after = listener.push('flood', 'broadcast', { type: 'broadcast', event: 'e', payload: {} });
    expect((await listener.reply(after)).payload).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    await client.removeAllChannels();
  });
});

describe('payload size, channels per socket', () => {
  const box = stackWith({ maxPayloadSizeInKb: 1, maxChannelsPerClient: 2 });

  it('refuses a broadcast over max_payload_size_in_kb with payload_size_exceeded when acked, and drops it silently otherwise', async () => {
    const listener = await open(box);
    await listener.join('sizes');
    const sender = await open(box);
    await sender.join('sizes', { broadcast: { ack: true } });
    const big = 'x'.repeat(1600);
    const refused = sender.push('sizes', 'broadcast', { type: 'broadcast', event: 'e', payload: { big } });
    expect((await sender.reply(refused)).payload).toEqual({
      status: 'error',
      response: 'payload_size_exceeded',
    });
    const fine = sender.push('sizes', 'broadcast', {
      type: 'broadcast',
      event: 'e',
      payload: { small: 'y'.repeat(400) },
    });
    expect((await sender.reply(fine)).payload).toEqual({ status: 'ok', response: {} });
    const got = await listener.until((f) => f.event === 'broadcast');
    expect(got.at(-1)).toMatchObject({
      event: 'broadcast',
      payload: { payload: { small: 'y'.repeat(400) } },
    });

    const quiet = await open(box);
    await quiet.join('sizes');
    const unacked = quiet.push('sizes', 'broadcast', { type: 'broadcast', event: 'e', payload: { big } });
    quiet.ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb' }));
    await quiet.reply('hb');
    // Frames are handled in order: by the heartbeat's reply the big broadcast was dropped without one.
    expect(quiet.frames.list.some((f) => f.ref === unacked)).toBe(false);
    // supabase-js sees a refused acked send as 'error'.
    const client = await realtimeClient(box.stack.apiUrl, box.stack.anonKey);
    const acked = client.channel('sizes-js', { config: { broadcast: { ack: true } } });
    await subscribed(acked);
    expect(await acked.send({ type: 'broadcast', event: 'e', payload: { big } })).toBe('error');
    expect(await acked.send({ type: 'broadcast', event: 'e', payload: { ok: true } })).toBe('ok');
    await client.removeAllChannels();
    for (const s of [listener, sender, quiet]) s.ws.close();
    await Promise.all([listener.closed, sender.closed, quiet.closed]);
    // The listener saw only the small one.
    expect(listener.frames.list.filter((f) => f.event === 'broadcast')).toHaveLength(1);
  });

  it('refuses a third channel on one socket; re-joining a held topic still works', async () => {
    const s = await open(box);
    expect((await s.join('c1')).payload.status).toBe('ok');
    expect((await s.join('c2')).payload.status).toBe('ok');
    expect((await s.join('c3')).payload).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    expect((await s.join('c2')).payload.status).toBe('ok');
    s.ws.close();
    await s.closed;
  });
});

describe('connected users', () => {
  const box = stackWith({ maxConcurrentUsers: 3 });

  it('refuses joins from a fourth connected socket until one leaves', async () => {
    const socks = [await open(box), await open(box), await open(box)];
    for (const [i, s] of socks.entries()) expect((await s.join(`u${i}`)).payload.status).toBe('ok');
    const fourth = await open(box);
    expect((await fourth.join('u4')).payload).toEqual({
      status: 'error',
      response: { reason: 'ConnectionRateLimitReached: Too many connected users' },
    });
    // A socket already counted may join more channels.
    expect((await socks[0]!.join('u0-more')).payload.status).toBe('ok');
    socks[2]!.ws.close();
    await socks[2]!.closed;
    // The server counts the socket out when it reads the close, which may come after ours: ask until then.
    let answer = await fourth.join('u4');
    for (let i = 0; i < 100 && answer.payload.status !== 'ok'; i++) {
      await sleep(50);
      answer = await fourth.join('u4');
    }
    expect(answer.payload.status).toBe('ok');
    for (const s of [socks[0]!, socks[1]!, fourth]) s.ws.close();
  });
});

describe('joins per second', () => {
  const box = stackWith({ maxJoinsPerSecond: 1, tickMs: 60_000 });

  it('refuses the join past the limit with ClientJoinRateLimitReached and closes the socket', async () => {
    const s = await open(box);
    // 60 joins in the first minute-long tick are an average of 1 per second: the 60th trips the limit.
    for (let i = 0; i < 60; i++) expect((await s.join(`j${i % 50}`)).payload.status).toBe('ok');
    expect((await s.join('one-too-many')).payload).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    });
    await s.closed;
    // The count is the tenant's: another socket is refused too.
    const other = await open(box);
    expect((await other.join('elsewhere')).payload.response.reason).toBe(
      'ClientJoinRateLimitReached: Too many joins per second',
    );
  });
});

describe('a socket that stops reading', () => {
  const logs: string[] = [];
  const box = {} as { stack: RunningStack; sockets: WebSocket[] };
  beforeAll(async () => {
    box.stack = await startTestStack({
      workdir,
      realtimeLimits: { maxEventsPerSecond: 10_000 },
      log: (service, line) => logs.push(`[${service}] ${line}`),
    });
    box.sockets = [];
  });
  afterAll(async () => {
    for (const ws of box.sockets) ws.terminate();
    await box.stack.stop();
  });

  it('has pushes to it dropped past 8 MiB unsent, while the other members still get every one', async () => {
    const stalled = await open(box);
    await stalled.join('slow');
    const reader = await open(box);
    await reader.join('slow');
    const sender = await open(box);
    await sender.join('slow', { broadcast: { ack: true } });
    // The stalled client stops reading its socket: the kernel's buffers fill, then the stack's.
    (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const payload = { type: 'broadcast', event: 'big', payload: { blob: 'z'.repeat(1_000_000) } };
    for (let i = 0; i < 40; i++) {
      const ref = sender.push('slow', 'broadcast', payload);
      expect((await sender.reply(ref)).payload.status).toBe('ok');
    }
    await reader.until(() => reader.frames.list.filter((f) => f.event === 'broadcast').length === 40);
    expect(logs).toContain('[realtime] a socket stopped reading; dropping pushes to it');
    // The stalled client gets what was queued before the limit, not all 40; replies were never dropped.
    (stalled.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    stalled.ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb-slow' }));
    await stalled.reply('hb-slow');
    const got = stalled.frames.list.filter((f) => f.event === 'broadcast').length;
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(40);
  });
});
