/**
 * Realtime postgres_changes through supabase-js: the join reply and system message, filtered subscriptions
 * seeing inserts/updates/deletes, RLS deciding per subscriber (no leak either way), bursts in commit order,
 * both protocol versions, and access_token updates.
 */
import { describe, expect, it } from 'vitest';
import { realtimeSuite } from './helpers/realtime-suite.ts';
import { Collector, sleep, subscribed, tokenFor } from './realtime-helpers.ts';

const { env, sql, alice, bob, client } = realtimeSuite();

// biome-ignore lint/suspicious/noExplicitAny: payloads are asserted field by field
type Payload = any;

describe('postgres_changes', () => {
  it('a user sees their own inserts, updates and deletes on a filtered subscription, typed as hosted', async () => {
    const events = new Collector<Payload>();
    const system = new Collector<Payload>();
    const c = await client(alice.token);
    const channel = c
      .channel('notes-alice')
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'rt_notes', filter: `owner=eq.${alice.id}` },
        events.push,
      )
      .on('system', {}, system.push);
    await subscribed(channel);
    const [sys] = await system.until(1);
    expect(sys).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'notes-alice',
    });

    const [row] = await sql`insert into public.rt_notes (owner, body, rank, tags, meta)
      values (${alice.id}, 'first', 3, '{a,b}', '{"k":1}') returning id, created_at`;
    // Visibility is checked on the row as it is when the change is processed (as the real server's
    // apply_rls does), so each step waits for its event before the next one changes the row.
    await events.until(1);
    await sql`update public.rt_notes set body = 'second' where id = ${row!.id}`;
    await events.until(2);
    await sql`delete from public.rt_notes where id = ${row!.id}`;
    const [ins, upd, del] = await events.until(3);

    expect(ins).toMatchObject({
      schema: 'public',
      table: 'rt_notes',
      eventType: 'INSERT',
      errors: null,
      old: {},
      new: { id: Number(row!.id), owner: alice.id, body: 'first', rank: 3, tags: ['a', 'b'], meta: { k: 1 } },
    });
    expect(ins.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(new Date(ins.new.created_at).getTime()).toBe((row!.created_at as Date).getTime());
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { body: 'second' }, old: { body: 'first' } });
    // Under RLS a delete carries the primary key only, even with replica identity full (as on hosted).
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: Number(row!.id) } });
    expect(del.old).toEqual({ id: Number(row!.id) });
  });

  it('echoes each binding with an id in the join reply, as realtime-js matches them', async () => {
    const c = await client(alice.token);
    const channel = c
      .channel('two-bindings')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_ticks' }, () => {})
      .on(
        'postgres_changes',
        { event: 'DELETE', schema: 'public', table: 'rt_ticks', filter: 'n=gt.5' },
        () => {},
      );
    await subscribed(channel);
    const bindings = (
      channel as unknown as { bindings: { postgres_changes: { id: number; filter: unknown }[] } }
    ).bindings.postgres_changes;
    expect(bindings.map((b) => typeof b.id)).toEqual(['number', 'number']);
    expect(bindings[0]!.id).not.toBe(bindings[1]!.id);
  });

  it('RLS decides per subscriber: neither user receives the other one’s inserts or updates', async () => {
    const seenByAlice = new Collector<Payload>();
    const seenByBob = new Collector<Payload>();
    await subscribed(
      (await client(alice.token))
        .channel('leak-a')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, seenByAlice.push),
    );
    await subscribed(
      (await client(bob.token))
        .channel('leak-b')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, seenByBob.push),
    );
    const [a] =
      await sql`insert into public.rt_notes (owner, body) values (${alice.id}, 'alice secret') returning id`;
    const [b] =
      await sql`insert into public.rt_notes (owner, body) values (${bob.id}, 'bob secret') returning id`;
    await sql`update public.rt_notes set rank = 7 where id in (${a!.id}, ${b!.id})`;
    // Then a note each may see: deliveries keep commit order, so once it arrives, anything of the other
    // user's that leaked would already be in the list.
    await sql`insert into public.rt_notes (owner, body) values (${alice.id}, 'alice later'), (${bob.id}, 'bob later')`;
    await seenByAlice.until(3);
    await seenByBob.until(3);
    expect(seenByAlice.list.map((p) => [p.eventType, p.new.body])).toEqual([
      ['INSERT', 'alice secret'],
      ['UPDATE', 'alice secret'],
      ['INSERT', 'alice later'],
    ]);
    expect(seenByBob.list.map((p) => [p.eventType, p.new.body])).toEqual([
      ['INSERT', 'bob secret'],
      ['UPDATE', 'bob secret'],
      ['INSERT', 'bob later'],
    ]);
  });

  it('deletes cannot be checked against RLS: they carry only the primary key, as on hosted', async () => {
    const seenByBob = new Collector<Payload>();
    await subscribed(
      (await client(bob.token))
        .channel('delete-b')
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'rt_notes' }, seenByBob.push),
    );
    const [a] =
      await sql`insert into public.rt_notes (owner, body) values (${alice.id}, 'to delete') returning id`;
    await sql`delete from public.rt_notes where id = ${a!.id}`;
    const [del] = await seenByBob.until(1);
    expect(del.old).toEqual({ id: Number(a!.id) });
  });

  it('a user without a session (anon) sees nothing of an RLS table, and everything of a table without RLS', async () => {
    const notes = new Collector<Payload>();
    const ticks = new Collector<Payload>();
    await subscribed(
      (await client())
        .channel('anon')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, notes.push)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'rt_ticks', filter: 'n=in.(41,42)' },
          ticks.push,
        ),
    );
    await sql`insert into public.rt_notes (owner, body) values (${alice.id}, 'hidden')`;
    await sql`insert into public.rt_ticks (n) values (40), (41), (42)`;
    const got = await ticks.until(2);
    expect(got.map((p) => p.new.n)).toEqual([41, 42]);
    expect(notes.list).toEqual([]);

    // Default replica identity: an UPDATE's old record carries the primary key only.
    const updates = new Collector<Payload>();
    await subscribed(
      (await client())
        .channel('anon-updates')
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'rt_ticks', filter: 'n=eq.43' },
          updates.push,
        ),
    );
    const [tick] = await sql`update public.rt_ticks set n = 43 where n = 42 returning id`;
    const [upd] = await updates.until(1);
    expect(upd.old).toEqual({ id: Number(tick!.id) });
    expect(upd.new).toEqual({ id: Number(tick!.id), n: 43 });
  });

  it('a table without a primary key sends its changes as the server’s error, without the record', async () => {
    const events = new Collector<Payload>();
    await subscribed(
      (await client())
        .channel('nokey')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_nokey' }, events.push),
    );
    await sql`insert into public.rt_nokey (n) values (1)`;
    const [e] = await events.until(1);
    expect(e).toMatchObject({
      schema: 'public',
      table: 'rt_nokey',
      eventType: 'INSERT',
      new: {},
      old: {},
      errors: ['Error 400: Bad Request, no primary key'],
    });
  });

  it('judges a change only once its commit is visible to new snapshots (the walsender can ship it earlier)', async () => {
    // An update moving a row out of a subscriber's sight, checked a moment before its commit was visible,
    // was judged on the row as it had been, and delivered to that subscriber (found by the db-tests' move).
    const open = await sql.reserve();
    try {
      await open`begin`;
      const [mine] = await open<{ xid: string }[]>`select txid_current()::text as xid`;
      const xid32 = Number(BigInt(mine!.xid) % 2n ** 32n);
      const visible = async () =>
        (await sql<{ v: boolean }[]>`select realtime.stack_xid_visible(${xid32}) as v`)[0]!.v;
      expect(await visible()).toBe(false);
      await open`commit`;
      expect(await visible()).toBe(true);
      // An xid from long ago (the same epoch) is visible too.
      expect((await sql<{ v: boolean }[]>`select realtime.stack_xid_visible(3) as v`)[0]!.v).toBe(true);
    } finally {
      open.release();
    }
  });

  it('1,000 inserts in a burst arrive as 1,000 events in commit order', async () => {
    const events = new Collector<Payload>();
    await subscribed(
      (await client(alice.token))
        .channel('burst')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: `owner=eq.${alice.id}` },
          events.push,
        ),
    );
    const conn = await sql.reserve();
    try {
      for (let i = 0; i < 1000; i++)
        await conn`insert into public.rt_notes (owner, body, rank) values (${alice.id}, 'burst', ${i})`;
    } finally {
      conn.release();
    }
    const got = await events.until(1000, 30_000);
    expect(got.map((p) => p.new.rank)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  }, 60_000);

  it('applies the filter operators realtime-js can build: like, not.in, is, ilike, gte, isdistinct', async () => {
    const matched = new Collector<Payload>();
    const other = new Collector<Payload>();
    const filter = `owner=eq.${alice.id},body=like.hello%,rank=not.in.(1,2),meta=is.null`;
    await subscribed(
      (await client(alice.token))
        .channel('ops')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'rt_notes', filter },
          matched.push,
        )
        .on(
          'postgres_changes',
          {
            event: 'INSERT',
            schema: 'public',
            table: 'rt_notes',
            filter: `body=ilike.BYE_,rank=gte.10,rank=isdistinct.11`,
          },
          other.push,
        ),
    );
    const rows: [string, number, string | null][] = [
      ['hello world', 3, null], // matches the first binding
      ['hello again', 1, null], // rank in (1,2)
      ['hello meta', 4, '{}'], // meta not null
      ['well hello', 5, null], // not a prefix
      ['byes', 10, null], // matches the second
      ['BYEs', 11, null], // rank 11 is not distinct from 11
      ['byes', 9, null], // rank < 10
    ];
    for (const [body, rank, meta] of rows)
      await sql`insert into public.rt_notes (owner, body, rank, meta) values (${alice.id}, ${body}, ${rank}, ${meta}::jsonb)`;
    await sql`insert into public.rt_notes (owner, body, rank) values (${alice.id}, 'hello end', 12)`;
    const got = await matched.until(2);
    expect(got.map((p) => p.new.body)).toEqual(['hello world', 'hello end']);
    expect(other.list.map((p) => [p.new.body, p.new.rank])).toEqual([['byes', 10]]);
  });

  it('works the same over protocol 1.0.0', async () => {
    const events = new Collector<Payload>();
    await subscribed(
      (await client(alice.token, '1.0.0'))
        .channel('v1')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: `owner=eq.${alice.id}` },
          events.push,
        ),
    );
    await sql`insert into public.rt_notes (owner, body) values (${alice.id}, 'over v1')`;
    const [e] = await events.until(1);
    expect(e.new.body).toBe('over v1');
  });

  it('a malformed filter gets the server’s system error and no events', async () => {
    const system = new Collector<Payload>();
    await subscribed(
      (await client(alice.token))
        .channel('bad-filter')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'rt_notes', filter: 'body=foo.hey' },
          () => {},
        )
        .on('system', {}, system.push),
    );
    const [sys] = await system.until(1);
    expect(sys).toEqual({
      extension: 'postgres_changes',
      status: 'error',
      message: 'Error parsing `filter` params: ["foo", "hey"]',
      channel: 'bad-filter',
    });
  });

  it('a table outside the publication or an unknown filter column gets the server’s subscribe error', async () => {
    const system = new Collector<Payload>();
    await subscribed(
      (await client(alice.token))
        .channel('not-published')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'nope' }, () => {})
        .on('system', {}, system.push),
    );
    const [sys] = await system.until(1);
    expect(sys).toMatchObject({ extension: 'postgres_changes', status: 'error', channel: 'not-published' });
    expect(sys.message).toMatch(
      /^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled for the given connect parameters: \[event: \*, schema: public, table: nope/,
    );

    const waiting = (await client(alice.token))
      .channel('bad-column', { config: { postgres_changes_options: { wait: true } } })
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'rt_notes', filter: 'colour=eq.red' },
        () => {},
      );
    await expect(subscribed(waiting)).rejects.toThrow(
      /^RealtimeDisabledForConfiguration: Unable to subscribe .*Exception: .*invalid column for filter colour$/,
    );
  });

  it('access_token: a newer token changes what the channel sees; an expired one closes it', async () => {
    const events = new Collector<Payload>();
    const ticks = new Collector<Payload>();
    const system = new Collector<Payload>();
    const c = await client();
    const channel = c
      .channel('token-swap')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, events.push)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_ticks' }, ticks.push)
      .on('system', {}, system.push);
    await subscribed(channel);
    await sql`insert into public.rt_notes (owner, body) values (${alice.id}, 'before login')`;
    // A change is judged with the token the channel holds when the stack gets to it, as on hosted Realtime,
    // so 'before login' must have been judged before the swap. A tick everyone may see, committed after it,
    // says so: deliveries keep commit order. (A CI run swapped first and got 'before login' as Alice.)
    await sql`insert into public.rt_ticks (n) values (1)`;
    await ticks.until(1);

    // The server does not acknowledge a new token, so its first visible effect is the signal: a note
    // inserted after the swap arrives. Deliveries keep commit order, so had the anonymous channel been sent
    // 'before login', it would be first.
    await c.setToken(tokenFor(env.jwtSecret, alice.id, 3));
    for (let i = 0; i < 100 && events.list.length === 0; i++) {
      await sql`insert into public.rt_notes (owner, body) values (${alice.id}, 'after login')`;
      await events.until(1, 100).catch(() => {});
    }
    expect(events.list.length).toBeGreaterThan(0);
    expect(new Set(events.list.map((e) => e.new.body))).toEqual(new Set(['after login']));

    // The 3-second token runs out: the server ends the channel with a system error.
    const messages = await system.until(2, 6000);
    expect(messages[1]).toEqual({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
      channel: 'token-swap',
    });
    for (let i = 0; i < 100 && channel.state !== 'closed'; i++) await sleep(20);
    expect(channel.state).toBe('closed');
  });

  it('keeps delivering after the replication connection is killed (a new slot takes over)', async () => {
    const events = new Collector<Payload>();
    await subscribed(
      (await client())
        .channel('survivor')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'rt_ticks', filter: 'n=gte.1000' },
          events.push,
        ),
    );
    const killed = await sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
      where application_name = 'stack realtime replication'`;
    expect(killed.length).toBeGreaterThan(0);
    // Retry until the new slot streams: changes committed while it was down are not replayed (as hosted).
    for (let n = 1000; events.list.length === 0 && n < 1100; n++) {
      await sql`insert into public.rt_ticks (n) values (${n})`;
      await sleep(200);
    }
    await sql`insert into public.rt_ticks (n) values (5000)`;
    const got = await events.until(2);
    expect(got.at(-1).new.n).toBe(5000);
  });

  it('refuses a join with an expired token with the server’s reason', async () => {
    const c = await client(tokenFor(env.jwtSecret, alice.id, -10));
    await expect(subscribed(c.channel('expired'))).rejects.toThrow(
      /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
    );
  });
});
