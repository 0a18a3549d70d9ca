/**
 * Realtime broadcast, presence and private channels through supabase-js, plus the raw Phoenix protocol
 * (exact replies, malformed frames) over a plain WebSocket.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { realtimeSuite } from './helpers/realtime-suite.ts';
import { Collector, realtimeClient, signToken, sleep, subscribed } from './realtime-helpers.ts';

const { env, sql, clients, alice, bob, client } = realtimeSuite();

// biome-ignore lint/suspicious/noExplicitAny: payloads are asserted field by field
type Payload = any;

async function listener(
  topic: string,
  opts: { token?: string; vsn?: '1.0.0' | '2.0.0'; private?: boolean } = {},
) {
  const got = new Collector<Payload>();
  const c = await client(opts.token, opts.vsn);
  const channel = c
    .channel(topic, { config: { private: opts.private ?? false } })
    .on('broadcast', { event: '*' }, got.push);
  await subscribed(channel);
  return { got, channel, client: c };
}

describe('broadcast', () => {
  it('reaches the other clients on the topic but not the sender unless self is set', async () => {
    const other = await listener('room-1');
    const got = new Collector<Payload>();
    const sender = (await client())
      .channel('room-1', { config: { broadcast: { self: false } } })
      .on('broadcast', { event: '*' }, got.push);
    await subscribed(sender);
    expect(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
    const [msg] = await other.got.until(1);
    expect(msg).toEqual({ type: 'broadcast', event: 'cursor', payload: { x: 1 } });
    await sleep(100);
    expect(got.list).toEqual([]);

    const mirrored = new Collector<Payload>();
    const selfish = (await client())
      .channel('room-1', { config: { broadcast: { self: true } } })
      .on('broadcast', { event: 'cursor' }, mirrored.push);
    await subscribed(selfish);
    await selfish.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } });
    expect((await mirrored.until(1))[0]).toEqual({ type: 'broadcast', event: 'cursor', payload: { x: 2 } });
  });

  it('with ack, send resolves once the server acknowledged the push', async () => {
    const other = await listener('room-ack');
    const sender = (await client()).channel('room-ack', { config: { broadcast: { ack: true } } });
    await subscribed(sender);
    expect(await sender.send({ type: 'broadcast', event: 'e', payload: { n: 1 } })).toBe('ok');
    expect((await other.got.until(1))[0].payload).toEqual({ n: 1 });
  });

  it('crosses protocol versions, and binary payloads arrive as binary', async () => {
    const v1 = await listener('room-vsn', { vsn: '1.0.0' });
    const v2 = await listener('room-vsn', { vsn: '2.0.0' });
    const sender = (await client(undefined, '2.0.0')).channel('room-vsn');
    await subscribed(sender);
    await sender.send({ type: 'broadcast', event: 'json', payload: { hello: 'wörld 👋' } });
    expect((await v1.got.until(1))[0]).toEqual({
      type: 'broadcast',
      event: 'json',
      payload: { hello: 'wörld 👋' },
    });
    expect((await v2.got.until(1))[0]).toEqual({
      type: 'broadcast',
      event: 'json',
      payload: { hello: 'wörld 👋' },
    });

    await sender.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([1, 2, 255]).buffer });
    const [, bin] = await v2.got.until(2);
    expect(bin.event).toBe('bytes');
    expect(Array.from(new Uint8Array(bin.payload as ArrayBuffer))).toEqual([1, 2, 255]);
  });

  it('REST broadcast answers 202 with no body and reaches subscribers; bad bodies get 422', async () => {
    const sub = await listener('room-rest');
    const res = await fetch(`${env.apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'room-rest', event: 'from-rest', payload: { ok: true } }] }),
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect((await sub.got.until(1))[0]).toEqual({
      type: 'broadcast',
      event: 'from-rest',
      payload: { ok: true },
    });

    const bad = await fetch(`${env.apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'room-rest' }] }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      errors: { messages: [{ event: ["can't be blank"], payload: ["can't be blank"] }] },
    });
  });

  it('works with the opaque publishable key as apikey (it stands for the anon role)', async () => {
    const c = await realtimeClient(env.apiUrl, env.publishableKey);
    clients.push(c);
    const got = new Collector<Payload>();
    const ch = c
      .channel('room-sb', { config: { broadcast: { self: true } } })
      .on('broadcast', { event: '*' }, got.push);
    await subscribed(ch);
    await ch.send({ type: 'broadcast', event: 'hi', payload: {} });
    expect(await ch.httpSend('hi', { via: 'rest' })).toEqual({ success: true });
    expect((await got.until(2)).map((m) => m.payload)).toEqual([{}, { via: 'rest' }]);
  });

  it('httpSend() delivers through the single-message endpoint', async () => {
    const sub = await listener('room-http');
    const sender = (await client()).channel('room-http');
    expect(await sender.httpSend('ping', { n: 3 })).toEqual({ success: true });
    expect((await sub.got.until(1))[0]).toEqual({ type: 'broadcast', event: 'ping', payload: { n: 3 } });
  });
});

describe('private channels', () => {
  it('refuses a join the realtime.messages policies do not allow, with the server’s reason', async () => {
    const topic = `private-room:${alice.id}`;
    const channel = (await client(bob.token)).channel(topic, { config: { private: true } });
    await expect(subscribed(channel)).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    );
    const anon = (await client()).channel(topic, { config: { private: true } });
    await expect(subscribed(anon)).rejects.toThrow(/^Unauthorized: /);
  });

  it('admits a user the policies allow; broadcasts, REST and realtime.send() reach them', async () => {
    const topic = `private-room:${alice.id}`;
    const mine = await listener(topic, { token: alice.token, private: true });
    // A public channel of the same name is another room.
    const pub = await listener(topic);
    const sender = (await client(alice.token)).channel(topic, { config: { private: true } });
    await subscribed(sender);
    await sender.send({ type: 'broadcast', event: 'ws', payload: { n: 1 } });
    expect((await mine.got.until(1))[0]).toEqual({ type: 'broadcast', event: 'ws', payload: { n: 1 } });

    // Bob's REST message to Alice's room is dropped by the insert policy; Alice's own goes through.
    for (const who of [bob, alice]) {
      const res = await fetch(`${env.apiUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: {
          apikey: env.anonKey,
          authorization: `Bearer ${who.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          messages: [{ topic, event: 'rest', payload: { from: who.id }, private: true }],
        }),
      });
      expect(res.status).toBe(202);
    }
    const [, rest] = await mine.got.until(2);
    expect(rest).toEqual({ type: 'broadcast', event: 'rest', payload: { from: alice.id } });

    await sql`select realtime.send(${sql.json({ n: 9 })}, 'db', ${topic}, true)`;
    const [, , fromDb] = await mine.got.until(3);
    expect(fromDb).toMatchObject({
      type: 'broadcast',
      event: 'db',
      payload: { n: 9, id: expect.any(String) },
    });
    await sleep(100);
    expect(mine.got.list).toHaveLength(3);
    expect(pub.got.list).toEqual([]);
  });

  it('a broadcast from the database does not wait for the postgres_changes checks of its transaction', async () => {
    const topic = `private-room:${alice.id}`;
    const mine = await listener(topic, { token: alice.token, private: true });
    const changes = new Collector<Payload>();
    const rows = (await client(alice.token))
      .channel('gated-rows')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_gated' }, changes.push);
    await subscribed(rows);
    // While the gate's lock is held, checking whether alice may see an rt_gated row waits (its policy).
    const gate = await sql.reserve();
    try {
      await gate`select pg_advisory_lock(4242)`;
      await sql.begin(async (tx) => {
        await tx`insert into public.rt_gated (n) values (1)`;
        await tx`select realtime.send(${tx.json({ n: 1 })}, 'gated', ${topic}, true)`;
      });
      const [bell] = await mine.got.until(1);
      expect(bell).toMatchObject({ event: 'gated', payload: { n: 1 } });
      // The row's check is still waiting on the lock: the broadcast did not wait for it.
      expect(changes.list).toEqual([]);
    } finally {
      await gate`select pg_advisory_unlock(4242)`;
      gate.release();
    }
    const [row] = await changes.until(1);
    expect(row).toMatchObject({ eventType: 'INSERT', new: { n: 1 } });
  });
});

describe('presence', () => {
  it('converges for three clients, and a dropped client disappears from the others', async () => {
    const channels: RealtimeChannel[] = [];
    const cs: SupabaseClient[] = [];
    for (const key of ['ann', 'ben', 'cat']) {
      const c = await client();
      cs.push(c);
      const ch = c
        .channel('lobby', { config: { presence: { key } } })
        .on('presence', { event: 'sync' }, () => {});
      await subscribed(ch);
      await ch.track({ name: key });
      channels.push(ch);
    }
    const keys = (ch: RealtimeChannel) => Object.keys(ch.presenceState()).sort();
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await sleep(50);
    };
    await until(() => channels.every((ch) => keys(ch).length === 3));
    for (const ch of channels) expect(keys(ch)).toEqual(['ann', 'ben', 'cat']);
    expect(channels[0]!.presenceState().cat).toEqual([
      expect.objectContaining({ name: 'cat', presence_ref: expect.any(String) }),
    ]);

    // cat's socket drops without leaving: the server cleans up.
    cs[2]!.realtime.disconnect();
    await until(() => keys(channels[0]!).length === 2 && keys(channels[1]!).length === 2);
    expect(keys(channels[0]!)).toEqual(['ann', 'ben']);
    expect(keys(channels[1]!)).toEqual(['ann', 'ben']);

    await channels[1]!.untrack();
    await until(() => keys(channels[0]!).length === 1);
    expect(keys(channels[0]!)).toEqual(['ann']);
  });
});

describe('presence turned on by track()', () => {
  it('a channel joined without presence listeners shows its state once it tracks', async () => {
    const watcher = await client();
    const seen = watcher.channel('late-lobby').on('presence', { event: 'sync' }, () => {});
    await subscribed(seen);
    const tracker = await client();
    // No presence listener: supabase-js joins with presence disabled.
    const quiet = tracker.channel('late-lobby', { config: { presence: { key: 'dora' } } });
    await subscribed(quiet);
    expect(await quiet.track({ name: 'dora' })).toBe('ok');
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await sleep(50);
    };
    await until(() => 'dora' in seen.presenceState() && 'dora' in quiet.presenceState());
    expect(Object.keys(seen.presenceState())).toEqual(['dora']);
    expect(quiet.presenceState().dora).toEqual([
      expect.objectContaining({ name: 'dora', presence_ref: expect.any(String) }),
    ]);
  });
});

describe('the Phoenix protocol on a raw socket', () => {
  const open = (vsn: string, apikey = env.anonKey) =>
    new Promise<{ ws: WebSocket; next: () => Promise<Payload> }>((resolve, reject) => {
      const url = `${env.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`;
      const ws = new WebSocket(url);
      const inbox = new Collector<Payload>();
      ws.on('message', (data, isBinary) => inbox.push(isBinary ? data : JSON.parse(String(data))));
      let read = 0;
      ws.once('open', () => resolve({ ws, next: async () => (await inbox.until(++read))[read - 1] }));
      ws.once('error', reject);
    });

  it('answers heartbeats, refuses unknown topics and bad tokens, ignores malformed frames (vsn 1.0.0)', async () => {
    const { ws, next } = await open('1.0.0');
    ws.send('not json');
    ws.send(JSON.stringify([1, 2]));
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }));
    expect(await next()).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '1',
      join_ref: null,
    });
    ws.send(JSON.stringify({ topic: 'realtime:x', event: 'broadcast', payload: {}, ref: '2' }));
    expect(await next()).toMatchObject({
      event: 'phx_reply',
      ref: '2',
      payload: { status: 'error', response: { reason: 'unmatched topic' } },
    });

    const forged = signToken('not-the-secret-but-long-enough-to-look-real', {
      role: 'authenticated',
      exp: 2e9,
    });
    ws.send(
      JSON.stringify({
        topic: 'realtime:x',
        event: 'phx_join',
        payload: { config: {}, access_token: forged },
        ref: '3',
        join_ref: '3',
      }),
    );
    expect(await next()).toMatchObject({
      event: 'phx_reply',
      payload: {
        status: 'error',
        response: { reason: 'JwtSignatureError: Failed to validate JWT signature' },
      },
    });
    ws.send(
      JSON.stringify({
        topic: 'realtime:x',
        event: 'phx_join',
        payload: { config: {}, access_token: 'nope' },
        ref: '4',
        join_ref: '4',
      }),
    );
    expect(await next()).toMatchObject({
      payload: {
        status: 'error',
        response: { reason: 'MalformedJWT: The token provided is not a valid JWT' },
      },
    });
    ws.close();
  });

  it('refuses a topic over 255 bytes at the join (a 100 KB one included) and stays usable', async () => {
    const { ws, next } = await open('2.0.0');
    const huge = `realtime:${'x'.repeat(100_000)}`;
    ws.send(JSON.stringify(['1', '1', huge, 'phx_join', { config: {} }]));
    expect((await next()).slice(3)).toEqual([
      'phx_reply',
      {
        status: 'error',
        response: {
          reason:
            'unable to convert topic to binary: must be less than or equal to 255 bytes, but is 100009 bytes',
        },
      },
    ]);
    // The refused topic holds no channel: a broadcast on it is unmatched.
    ws.send(JSON.stringify(['1', '2', huge, 'broadcast', { type: 'broadcast', event: 'e', payload: {} }]));
    expect((await next())[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    // 256 bytes is refused, 255 (multi-byte characters counted as bytes) is a channel like any other.
    const over = `realtime:${'é'.repeat(123)}x`;
    ws.send(JSON.stringify(['3', '3', over, 'phx_join', { config: {} }]));
    expect((await next())[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringContaining('is 256 bytes') },
    });
    const edge = `realtime:${'é'.repeat(122)}xx`;
    ws.send(JSON.stringify(['4', '4', edge, 'phx_join', { config: {} }]));
    const [, , topic, , reply] = await next();
    expect(Buffer.byteLength(topic)).toBe(255);
    expect(reply).toMatchObject({ status: 'ok' });
    ws.close();
  });

  it('speaks arrays with vsn 2.0.0: join reply with postgres_changes ids, then leave', async () => {
    const { ws, next } = await open('2.0.0');
    const config = { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_ticks' }] };
    ws.send(JSON.stringify(['1', '1', 'realtime:arr', 'phx_join', { config }]));
    const [joinRef, ref, topic, event, payload] = await next();
    expect([joinRef, ref, topic, event]).toEqual(['1', '1', 'realtime:arr', 'phx_reply']);
    expect(payload).toEqual({
      status: 'ok',
      response: {
        postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_ticks', id: expect.any(Number) }],
      },
    });
    expect(await next()).toEqual([
      null,
      null,
      'realtime:arr',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'arr' },
    ]);
    expect((await next())[3]).toBe('presence_state');
    ws.send(Buffer.from([3, 1, 1, 200, 1, 0, 1])); // a truncated binary push is dropped
    ws.send(JSON.stringify(['1', '2', 'realtime:arr', 'phx_leave', {}]));
    expect(await next()).toEqual(['1', '2', 'realtime:arr', 'phx_reply', { status: 'ok', response: {} }]);
    ws.close();
  });

  it('an expired access_token pushed on a joined channel ends it with a system error and phx_close', async () => {
    const { ws, next } = await open('1.0.0');
    ws.send(
      JSON.stringify({
        topic: 'realtime:t',
        event: 'phx_join',
        payload: { config: {}, access_token: alice.token },
        ref: '1',
        join_ref: '1',
      }),
    );
    expect(await next()).toMatchObject({ event: 'phx_reply', payload: { status: 'ok' } });
    expect((await next()).event).toBe('presence_state');
    const now = Math.floor(Date.now() / 1000);
    const expired = signToken(env.jwtSecret, { sub: alice.id, role: 'authenticated', exp: now - 5 });
    ws.send(
      JSON.stringify({
        topic: 'realtime:t',
        event: 'access_token',
        payload: { access_token: expired },
        ref: '2',
        join_ref: '1',
      }),
    );
    expect(await next()).toEqual({
      topic: 'realtime:t',
      event: 'system',
      payload: {
        extension: 'system',
        status: 'error',
        message: expect.stringMatching(/^Token has expired [5-9] seconds ago$/),
        channel: 't',
      },
      ref: null,
      join_ref: null,
    });
    expect(await next()).toEqual({
      topic: 'realtime:t',
      event: 'phx_close',
      payload: {},
      ref: '1',
      join_ref: '1',
    });
    // The channel is gone; the socket is not.
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '3' }));
    expect(await next()).toMatchObject({ topic: 'phoenix', ref: '3', payload: { status: 'ok' } });
    ws.close();
  });

  it('refuses an unknown protocol version at the upgrade', async () => {
    await expect(open('9.9.9')).rejects.toThrow(/403/);
  });
});
