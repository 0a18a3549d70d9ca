/**
 * The gateway's Kong plugins against the real services of the shared stack: the cors plugin on every
 * route (supabase-js's `traceparent` and custom headers pass a preflight; function replies allow any
 * origin) and `/graphql/v1` reaching REST's `rpc/graphql` in `graphql_public`.
 */
import { createServer, type Server } from 'node:http';
import { createClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../src/testing.ts';
import { type Browser, launchChromium } from './helpers/chromium.ts';

const env = stackEnv();
const origin = 'http://localhost:5173';
const requested = 'authorization,x-client-info,apikey,content-type,traceparent,x-lanes-trace';

describe('Kong’s cors plugin in front of the real services', () => {
  it('answers a preflight with traceparent and a custom header on every service', async () => {
    for (const path of [
      '/rest/v1/tasks?select=*',
      '/auth/v1/token?grant_type=password',
      '/storage/v1/object/avatars/a.png',
      '/functions/v1/echo',
      '/realtime/v1/api/broadcast',
      '/graphql/v1',
    ]) {
      const res = await fetch(`${env.apiUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': requested,
        },
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-allow-headers'), path).toBe(requested);
      expect(res.headers.get('access-control-allow-methods'), path).toContain('POST');
      expect(await res.text(), path).toBe('');
    }
  });

  it('gives a function’s reply Access-Control-Allow-Origin, though the function set none', async () => {
    const res = await fetch(`${env.apiUrl}/functions/v1/echo`, {
      method: 'POST',
      headers: { origin, authorization: `Bearer ${env.anonKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('passes supabase-js’s traceparent (what tracePropagation sends) through to the function', async () => {
    const supabase = createClient(env.apiUrl, env.publishableKey, {
      global: { headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } },
    });
    const { data, error } = await supabase.functions.invoke('echo', { body: { n: 1 } });
    expect(error).toBeNull();
    expect(data.headers.traceparent).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
  });
});

describe('from a real browser on another origin (Chromium)', { timeout: 60_000 }, () => {
  let browser: Browser;
  let page: Server;
  let pageUrl = '';
  beforeAll(async () => {
    browser = await launchChromium();
    page = createServer((_req, res) => res.end('<!doctype html><title>app</title>'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const address = page.address();
    pageUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    page?.close();
  });

  it('calls every service with traceparent and a custom header, and reads the answers', async () => {
    const trace = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const out = await browser.evaluate(
      pageUrl,
      `(async () => {
        const api = ${JSON.stringify(env.apiUrl)};
        const key = ${JSON.stringify(env.anonKey)};
        const headers = { apikey: key, authorization: 'Bearer ' + key, traceparent: ${JSON.stringify(trace)},
          'x-lanes-trace': 'yes' };
        const json = { ...headers, 'content-type': 'application/json' };
        const rest = await fetch(api + '/rest/v1/countries?select=id', { headers: { ...headers, prefer: 'count=exact' } });
        const auth = await fetch(api + '/auth/v1/settings', { headers });
        const storage = await fetch(api + '/storage/v1/bucket', { headers });
        const fn = await fetch(api + '/functions/v1/echo', { method: 'POST', headers: json, body: '{"n":1}' });
        const graphql = await fetch(api + '/graphql/v1', { method: 'POST', headers: json, body: '{"query":"{ __typename }"}' });
        // The control: the inbox's port has no CORS layer, so the browser must refuse this one.
        const control = await fetch(${JSON.stringify(env.inboxUrl)} + '/', { headers: { 'x-lanes-trace': 'yes' } })
          .then(() => 'read', () => 'blocked');
        return {
          control,
          origin: location.origin,
          rest: [rest.status, rest.headers.get('content-range')],
          auth: auth.status,
          storage: storage.status,
          fn: [fn.status, (await fn.json()).headers.traceparent],
          graphql: graphql.status,
        };
      })()`,
    );
    expect(out).toEqual({
      control: 'blocked',
      origin: pageUrl.slice(0, -1),
      rest: [200, expect.stringMatching(/^(\d+-\d+|\*)\/\d+$/)],
      auth: 200,
      storage: 200,
      fn: [200, trace],
      graphql: 200,
    });
  });
});

describe('/graphql/v1 → rpc/graphql with Content-Profile: graphql_public', () => {
  const sql = postgres(env.dbUrl, { max: 1, onnotice: () => {} });
  const graphql = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${env.apiUrl}/graphql/v1`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  /** The bootstrap's stand-in, put back after the fixture replaced it. */
  let original = '';

  afterAll(async () => {
    if (original) await sql.unsafe(original);
    await sql.end();
  });

  it('reaches graphql_public.graphql: without pg_graphql, the bootstrap’s stand-in answers', async () => {
    const res = await graphql({ query: '{ __typename }' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      errors: [{ message: 'pg_graphql extension is not enabled.' }],
    });
  });

  it('hands a fixture graphql_public.graphql the query, variables and caller, as PostgREST would', async () => {
    const [row] = await sql<{ def: string }[]>`
      select pg_get_functiondef('graphql_public.graphql(text, text, jsonb, jsonb)'::regprocedure) as def`;
    original = row!.def;
    // The same signature, so the schema cache and generated types stay as they were.
    await sql.unsafe(`
      create or replace function graphql_public.graphql(
        "operationName" text default null, query text default null,
        variables jsonb default null, extensions jsonb default null
      ) returns jsonb language sql as $$
        select jsonb_build_object('data', jsonb_build_object(
          'query', query, 'variables', variables, 'role', current_user,
          'profile', current_setting('request.headers', true)::jsonb ->> 'content-profile'))
      $$`);
    const res = await graphql({ query: '{ tasks { id } }', variables: { first: 2 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      data: { query: '{ tasks { id } }', variables: { first: 2 }, role: 'anon', profile: 'graphql_public' },
    });
  });

  it('keeps a Content-Profile the client sent: public has no graphql function, so REST’s 404', async () => {
    const res = await graphql({ query: '{ __typename }' }, { 'content-profile': 'public' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST202');
  });
});
