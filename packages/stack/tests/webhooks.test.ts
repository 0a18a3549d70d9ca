/**
 * Database Webhooks as the CLI's image has them (decision 171): supabase_functions.http_request() as an
 * AFTER trigger posts {type, table, schema, record, old_record} for each insert, update and delete,
 * with the trigger's headers and params, records each call in supabase_functions.hooks, and a GET
 * webhook sends no body. The fixture's migration creates the webhook, as the dashboard would.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startBackgroundProject, startReceiver, until } from './helpers/background.ts';
import type { Project } from './helpers/project.ts';

let receiver: Receiver;
let project: Project;
let sql: postgres.Sql;

beforeAll(async () => {
  receiver = await startReceiver();
  project = await startBackgroundProject(receiver);
  sql = postgres(project.stack.dbUrl, { max: 3, onnotice: () => {} });
  await sql`select cron.unschedule('tick-from-migration')`;
});

afterAll(async () => {
  await sql?.end();
  await project?.stop();
  await receiver?.close();
});

describe('Database Webhooks', () => {
  it('posts the exact payload for an insert, an update and a delete', async () => {
    const [row] = await sql`insert into public.orders (item, quantity) values ('apple', 2) returning id`;
    await sql`update public.orders set quantity = 5 where id = ${row!.id}`;
    await sql`delete from public.orders where id = ${row!.id}`;
    const calls = await receiver.waitFor('/hooks/orders', 3);
    const id = Number(row!.id);
    // pg_net sends a batch at once, so arrival order is not guaranteed (as with the real one).
    const order = ['INSERT', 'UPDATE', 'DELETE'];
    const payloads = calls
      .map((c) => JSON.parse(c.body) as { type: string })
      .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
    expect(payloads).toEqual([
      {
        type: 'INSERT',
        table: 'orders',
        schema: 'public',
        record: { id, item: 'apple', quantity: 2 },
        old_record: null,
      },
      {
        type: 'UPDATE',
        table: 'orders',
        schema: 'public',
        record: { id, item: 'apple', quantity: 5 },
        old_record: { id, item: 'apple', quantity: 2 },
      },
      {
        type: 'DELETE',
        table: 'orders',
        schema: 'public',
        record: null,
        old_record: { id, item: 'apple', quantity: 5 },
      },
    ]);
    for (const call of calls) {
      expect(call.method).toBe('POST');
      expect(call.url).toBe('/hooks/orders?source=webhook');
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers['x-hook']).toBe('orders');
    }
  });

  it('records each call in supabase_functions.hooks with its pg_net request', async () => {
    const [row] = await sql`insert into public.orders (item) values ('pear') returning id`;
    const hooks = await until('the hook row', async () => {
      const rows = await sql`
        select h.hook_table_id, h.hook_name, r.status_code
        from supabase_functions.hooks h
        join net._http_response r on r.id = h.request_id
        where h.request_id = (select max(request_id) from supabase_functions.hooks)`;
      return rows.length ? rows : undefined;
    });
    const [{ oid }] = (await sql`select 'public.orders'::regclass::oid::int as oid`) as unknown as [
      { oid: number },
    ];
    expect(hooks).toEqual([{ hook_table_id: oid, hook_name: 'orders webhook', status_code: 200 }]);
    await sql`delete from public.orders where id = ${row!.id}`;
  });

  it('sends a GET webhook without a body, and refuses a trigger without a url or with a bad method', async () => {
    await sql.unsafe(`
      create table public.pings (id int primary key);
      create trigger "pings webhook" after insert on public.pings
        for each row execute function supabase_functions.http_request(
          'http://127.0.0.1:${receiver.port}/hooks/pings', 'GET', '{}', '{"k":"v"}', '1000');`);
    await sql`insert into public.pings values (1)`;
    const [call] = await receiver.waitFor('/hooks/pings');
    expect(call).toMatchObject({ method: 'GET', url: '/hooks/pings?k=v', body: '' });

    await sql.unsafe(`
      create table public.broken (id int primary key);
      create trigger "no url" after insert on public.broken
        for each row execute function supabase_functions.http_request();`);
    await expect(sql`insert into public.broken values (1)`).rejects.toThrow('url argument is missing');
    await sql.unsafe(`
      drop trigger "no url" on public.broken;
      create trigger "bad method" after insert on public.broken
        for each row execute function supabase_functions.http_request('http://127.0.0.1:1/', 'PUT');`);
    await expect(sql`insert into public.broken values (1)`).rejects.toThrow('method argument PUT is invalid');
    const [count] = await sql`select count(*)::int as n from public.broken`;
    expect(count!.n).toBe(0);
  });

  it('is in every database from the start, as the CLI image has it', async () => {
    const [row] = await sql`select
      (select nspowner::regrole::text from pg_namespace where nspname = 'supabase_functions') as owner,
      (select extnamespace::regnamespace::text from pg_extension where extname = 'pg_net') as pg_net,
      (select array_agg(version order by version) from supabase_functions.migrations) as versions,
      has_function_privilege('anon', 'supabase_functions.http_request()', 'execute') as anon_exec`;
    expect(row).toEqual({
      owner: 'supabase_admin',
      pg_net: 'extensions',
      versions: ['20210809183423_update_grants', 'initial'],
      anon_exec: true,
    });
  });
});
