/**
 * pg_net, emulated (decision 171): requests are sent after commit to a local HTTP server with their
 * method, headers and body; a rolled-back transaction sends nothing; unreachable hosts and timeouts
 * become rows with error_msg / timed_out; old responses go after pg_net.ttl; the API roles may call
 * http_get and http_post as on Supabase.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startBackgroundProject, startReceiver, until } from './helpers/background.ts';
import type { Project } from './helpers/project.ts';

let receiver: Receiver;
let project: Project;
let sql: postgres.Sql;
let base: string;

beforeAll(async () => {
  receiver = await startReceiver();
  project = await startBackgroundProject(receiver);
  sql = postgres(project.stack.dbUrl, { max: 3, onnotice: () => {} });
  base = `http://127.0.0.1:${receiver.port}`;
  // The fixture's every-second job is not what these tests are about.
  await sql`select cron.unschedule('tick-from-migration')`;
});

afterAll(async () => {
  await sql?.end();
  await project?.stop();
  await receiver?.close();
});

interface Response {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

function response(id: string, timeoutMs = 15_000): Promise<Response> {
  return until(
    `the response to request ${id}`,
    async () => {
      const [row] = await sql<Response[]>`
        select id::text, status_code, content_type, headers, content, timed_out, error_msg
        from net._http_response where id = ${id}`;
      return row;
    },
    timeoutMs,
  );
}

describe('pg_net', () => {
  it('posts JSON after commit, with the headers and params given, and stores the answer', async () => {
    const [{ id }] = (await sql`select net.http_post(
      url := ${`${base}/post`},
      body := '{"hello": "world", "n": 1}'::jsonb,
      params := '{"q": "a b&c", "x": "é"}'::jsonb,
      headers := '{"Content-Type": "application/json", "Authorization": "Bearer t0k"}'::jsonb
    )::text as id`) as unknown as [{ id: string }];
    const [got] = await receiver.waitFor('/post');
    expect(got!.method).toBe('POST');
    expect(got!.url).toBe('/post?q=a%20b%26c&x=%C3%A9');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers.authorization).toBe('Bearer t0k');
    expect(JSON.parse(got!.body)).toEqual({ hello: 'world', n: 1 });
    const answer = await response(id);
    expect(answer).toMatchObject({
      status_code: 200,
      content_type: 'application/json',
      content: '{"ok":true}',
      timed_out: false,
      error_msg: null,
    });
    expect(answer.headers?.['X-Receiver']).toBe('yes');
  });

  it('sends GET and DELETE with pg_net’s defaults, and keeps error statuses as answers', async () => {
    const [get] = await sql`select net.http_get(${`${base}/status/404`})::text as id`;
    const [del] =
      await sql`select net.http_delete(${`${base}/delete`}, body := '{"gone": true}'::jsonb)::text as id`;
    const [g] = await receiver.waitFor('/status/404');
    expect(g!.method).toBe('GET');
    expect(g!.body).toBe('');
    const [d] = await receiver.waitFor('/delete');
    expect(d!.method).toBe('DELETE');
    expect(JSON.parse(d!.body)).toEqual({ gone: true });
    expect(await response(get!.id)).toMatchObject({
      status_code: 404,
      content: 'status 404',
      error_msg: null,
    });
    expect(await response(del!.id)).toMatchObject({ status_code: 200 });
    const [queue] = await sql`select count(*)::int as n from net.http_request_queue`;
    expect(queue!.n).toBe(0);
  });

  it('reaches the host for host.docker.internal, as webhooks written for the CLI address it', async () => {
    const [req] =
      await sql`select net.http_get(${`http://host.docker.internal:${receiver.port}/docker-host`})::text as id`;
    await receiver.waitFor('/docker-host');
    expect(await response(req!.id)).toMatchObject({ status_code: 200 });
  });

  it('answers a fast request while a slow one is still waiting', async () => {
    const [slow] =
      await sql`select net.http_get(${`${base}/slow`}, timeout_milliseconds := 10000)::text as id`;
    await receiver.waitFor('/slow');
    const [fast] = await sql`select net.http_get(${`${base}/fast`})::text as id`;
    expect(await response(fast!.id)).toMatchObject({ status_code: 200 });
    const [pending] = await sql`select count(*)::int as n from net._http_response where id = ${slow!.id}`;
    expect(pending!.n).toBe(0);
  });

  it('sends nothing for a rolled-back transaction', async () => {
    await sql
      .begin(async (tx) => {
        await tx`select net.http_post(${`${base}/rolled-back`}, '{}'::jsonb)`;
        throw new Error('roll back');
      })
      .catch(() => {});
    // The positive signal: a request committed afterwards arrives; the rolled-back one never did.
    await sql`select net.http_post(${`${base}/committed-after`}, '{}'::jsonb)`;
    await receiver.waitFor('/committed-after');
    expect(receiver.received.filter((r) => r.url.startsWith('/rolled-back'))).toEqual([]);
  });

  it('records an unreachable host as error_msg and a slow one as timed_out, and goes on', async () => {
    // A port nothing listens on: the receiver's, once closed, is the surest one to have.
    const closed = await startReceiver();
    const deadPort = closed.port;
    await closed.close();
    const [refused] = await sql`select net.http_get(${`http://127.0.0.1:${deadPort}/nobody`})::text as id`;
    const [slow] = await sql`select net.http_get(${`${base}/slow`}, timeout_milliseconds := 300)::text as id`;
    const [bad] = await sql`select net.http_get('not a url')::text as id`;
    expect(await response(refused!.id)).toMatchObject({
      status_code: null,
      timed_out: false,
      error_msg: "Couldn't connect to server",
    });
    const timedOut = await response(slow!.id);
    expect(timedOut).toMatchObject({ status_code: null, timed_out: true });
    expect(timedOut.error_msg).toMatch(/^Timeout of 300 ms reached\. Total time: [\d.]+ ms \(DNS time: /);
    expect(await response(bad!.id)).toMatchObject({
      error_msg: 'URL using bad/illegal format or missing URL',
    });
    const [after] = await sql`select net.http_get(${`${base}/after-failures`})::text as id`;
    expect(await response(after!.id)).toMatchObject({ status_code: 200 });
  });

  it('refuses a non-JSON content type for http_post and queues nothing', async () => {
    const [{ n: before }] = (await sql`select count(*)::int as n from net._http_response`) as unknown as [
      { n: number },
    ];
    await expect(
      sql`select net.http_post(${`${base}/x`}, '{}'::jsonb, headers := '{"Content-Type": "text/plain"}'::jsonb)`,
    ).rejects.toThrow('Content-Type header must be "application/json"');
    const [queue] = await sql`select count(*)::int as n from net.http_request_queue`;
    expect(queue!.n).toBe(0);
    const [{ n: after }] = (await sql`select count(*)::int as n from net._http_response`) as unknown as [
      { n: number },
    ];
    expect(after).toBe(before);
  });

  it('collects a response with _http_collect_response', async () => {
    const [{ id }] = (await sql`select net.http_get(${`${base}/collect`}) as id`) as unknown as [
      { id: string },
    ];
    await response(String(id));
    const [row] =
      await sql`select (r).status::text as status, (r).message, ((r).response).status_code as code,
      ((r).response).body as body from (select net._http_collect_response(${id}) as r) s`;
    expect(row).toEqual({ status: 'SUCCESS', message: 'ok', code: 200, body: '{"ok":true}' });
    const [missing] = await sql`select (net._http_collect_response(-1)).message`;
    expect(missing!.message).toBe('request matching request_id not found');
  });

  it('deletes responses older than pg_net.ttl (6 hours) when it next works', async () => {
    await sql`insert into net._http_response (id, status_code, created) values
      (-100, 200, now() - interval '7 hours'), (-101, 200, now() - interval '5 hours')`;
    const [{ id }] = (await sql`select net.http_get(${`${base}/ttl`})::text as id`) as unknown as [
      { id: string },
    ];
    await response(id);
    const kept = await sql`select id::int from net._http_response where id in (-100, -101)`;
    expect(kept).toEqual([{ id: -101 }]);
  });

  it('reports its worker as up', async () => {
    const [row] = await sql`select net.check_worker_is_up()::text as up, net.worker_restart() as restarted`;
    expect(row).toEqual({ up: '', restarted: true });
  });

  it('lets the API roles call http_get and http_post, as on Supabase', async () => {
    const rows = await sql`select r.role, has_schema_privilege(r.role, 'net', 'usage') as net,
      has_function_privilege(r.role, 'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute') as post,
      has_function_privilege(r.role, 'net.http_get(text, jsonb, jsonb, integer)', 'execute') as get
      from (values ('anon'), ('authenticated'), ('service_role')) as r(role)`;
    for (const row of rows) expect(row).toMatchObject({ net: true, post: true, get: true });
    const [{ id }] = (await sql.begin(async (tx) => {
      await tx`set local role authenticated`;
      return tx`select net.http_post(${`${base}/as-authenticated`}, '{"from": "authenticated"}'::jsonb)::text as id`;
    })) as unknown as [{ id: string }];
    const [got] = await receiver.waitFor('/as-authenticated');
    expect(JSON.parse(got!.body)).toEqual({ from: 'authenticated' });
    expect(await response(id)).toMatchObject({ status_code: 200 });
  });
});
