/**
 * The gateway as a unit: routing by prefix, Kong-style apikey checks, opaque key mapping, CORS and error
 * containment, driven in-process with fake services (the gateway is what is under test here).
 */
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext, Service } from '../src/context.ts';
import { Gateway } from '../src/gateway/gateway.ts';
import { stackRoutes } from '../src/gateway/routes.ts';
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../src/keys.ts';

interface Seen {
  authorization: string | null;
  apikey: string | null;
  profile: string | null;
  body: string;
  ctx: RequestContext;
}

/** A service that echoes what reached it, so tests see the gateway's rewriting. */
function echo(): Service & { last?: Seen } {
  const service: Service & { last?: Seen } = {
    fetch: async (request, ctx) => {
      service.last = {
        authorization: request.headers.get('authorization'),
        apikey: request.headers.get('apikey'),
        profile: request.headers.get('content-profile'),
        body: await request.text(),
        ctx,
      };
      return Response.json({ path: ctx.path, role: ctx.apikey?.role ?? null });
    },
  };
  return service;
}

const rest = echo();
const auth = echo();
const functions = echo();
const logged: string[] = [];
let failNext = false;
const flaky: Service = {
  fetch: async () => {
    if (failNext) {
      failNext = false;
      throw new Error('boom');
    }
    return new Response('ok');
  },
};
const realtime: Service = {
  fetch: async () => new Response('http'),
  upgrade: (_req, socket, _head, ctx) =>
    socket.end(`HTTP/1.1 418 Upgraded\r\nx-role: ${ctx.apikey?.role}\r\n\r\n`),
};
// The stack's own route table, with fake services behind it.
const routes = stackRoutes({ auth, rest, realtime, storage: flaky, functions });
const log = (service: string, message: string) => logged.push(`[${service}] ${message}`);
/** Hosted's key-auth, which Lanes' own tests run with. */
const gateway = new Gateway(routes, log, { requireApiKey: true });
/** The default: the CLI's local gateway, without key-auth. */
const open = new Gateway(routes, log);

const call = (path: string, init: RequestInit = {}) =>
  gateway.handle(new Request(`http://127.0.0.1:54321${path}`, init));
const callOpen = (path: string, init: RequestInit = {}) =>
  open.handle(new Request(`http://127.0.0.1:54321${path}`, init));

describe('the CLI’s local gateway (default): no key-auth', () => {
  it('lets a request without apikey or Authorization reach the service as anon', async () => {
    const res = await callOpen('/rest/v1/tasks');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ path: '/tasks', role: 'anon' });
    expect(rest.last?.authorization).toBe(`Bearer ${ANON_KEY}`);
    const signup = await callOpen('/auth/v1/signup', { method: 'POST' });
    expect(await signup.json()).toEqual({ path: '/signup', role: 'anon' });
  });

  it('passes an Authorization of its own through, and an unknown apikey as the bearer', async () => {
    await callOpen('/rest/v1/tasks', { headers: { authorization: 'Bearer user.jwt.x' } });
    expect(rest.last?.authorization).toBe('Bearer user.jwt.x');
    expect(rest.last?.ctx.apikey).toBeNull();
    const res = await callOpen('/rest/v1/tasks', { headers: { apikey: 'project.own.jwt' } });
    expect(res.status).toBe(200);
    expect(rest.last?.authorization).toBe('Bearer project.own.jwt');
    expect(rest.last?.apikey).toBe('project.own.jwt');
  });

  it('still maps the sb_ keys to their JWTs', async () => {
    const res = await callOpen('/rest/v1/tasks', { headers: { apikey: SECRET_KEY } });
    expect(await res.json()).toEqual({ path: '/tasks', role: 'service_role' });
    expect(rest.last?.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);
    expect(rest.last?.apikey).toBe(SERVICE_ROLE_KEY);
  });

  it('leaves functions without a key to their own JWT check', async () => {
    await callOpen('/functions/v1/hello');
    expect(functions.last?.authorization).toBeNull();
  });
});

describe('apikey with hosted key-auth (requireApiKey)', () => {
  it('refuses a request without an apikey with 401 and Kong’s message', async () => {
    const res = await call('/rest/v1/tasks');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ message: 'No API key found in request' });
  });

  it('refuses an unknown apikey with 401 Invalid API key', async () => {
    const res = await call('/rest/v1/tasks', { headers: { apikey: 'not-a-key' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid API key' });
  });

  it('passes the anon JWT through untouched and leaves the Authorization header to the client', async () => {
    const res = await call('/rest/v1/tasks?select=id', {
      headers: { apikey: ANON_KEY, authorization: 'Bearer user-token' },
    });
    expect(await res.json()).toEqual({ path: '/tasks', role: 'anon' });
    expect(rest.last?.authorization).toBe('Bearer user-token');
    expect(rest.last?.apikey).toBe(ANON_KEY);
    expect(rest.last?.ctx.url.searchParams.get('select')).toBe('id');
  });

  it('passes a JWT apikey to Auth as `Authorization: <apikey>`, no Bearer, as the CLI template does', async () => {
    await callOpen('/auth/v1/user', { headers: { apikey: ANON_KEY } });
    expect(auth.last?.authorization).toBe(ANON_KEY);
    await callOpen('/auth/v1/user', { headers: { apikey: PUBLISHABLE_KEY } });
    expect(auth.last?.authorization).toBe(`Bearer ${ANON_KEY}`);
    await callOpen('/auth/v1/user', { headers: { apikey: ANON_KEY, authorization: 'Bearer user.jwt.x' } });
    expect(auth.last?.authorization).toBe('Bearer user.jwt.x');
    // With hosted key-auth the known key is mapped to a bearer.
    await call('/auth/v1/user', { headers: { apikey: ANON_KEY } });
    expect(auth.last?.authorization).toBe(`Bearer ${ANON_KEY}`);
  });

  it('sets Authorization to the anon JWT when a client sends only the anon key', async () => {
    await call('/rest/v1/tasks', { headers: { apikey: ANON_KEY } });
    expect(rest.last?.authorization).toBe(`Bearer ${ANON_KEY}`);
  });

  it('maps sb_publishable to the anon JWT and sb_secret to the service_role JWT', async () => {
    const pub = await call('/rest/v1/tasks', {
      headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${PUBLISHABLE_KEY}` },
    });
    expect(await pub.json()).toEqual({ path: '/tasks', role: 'anon' });
    expect(rest.last?.authorization).toBe(`Bearer ${ANON_KEY}`);
    expect(rest.last?.apikey).toBe(ANON_KEY);

    const secret = await call('/rest/v1/tasks', { headers: { apikey: SECRET_KEY } });
    expect(await secret.json()).toEqual({ path: '/tasks', role: 'service_role' });
    expect(rest.last?.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);
    expect(rest.last?.apikey).toBe(SERVICE_ROLE_KEY);
  });

  it('keeps a user JWT in Authorization when the apikey is an sb_ key', async () => {
    await call('/rest/v1/tasks', {
      headers: { apikey: PUBLISHABLE_KEY, authorization: 'Bearer user.jwt.x' },
    });
    expect(rest.last?.authorization).toBe('Bearer user.jwt.x');
  });

  it('accepts the apikey as a query parameter', async () => {
    const res = await call(`/rest/v1/tasks?apikey=${SERVICE_ROLE_KEY}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ path: '/tasks', role: 'service_role' });
  });

  it('lets open auth paths through without a key, and guards the others', async () => {
    for (const path of ['/verify', '/callback', '/authorize', '/.well-known/jwks.json']) {
      const res = await call(`/auth/v1${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual({ path, role: null });
    }
    const guarded = await call('/auth/v1/signup', { method: 'POST' });
    expect(guarded.status).toBe(401);
    expect(await guarded.json()).toEqual({ message: 'No API key found in request' });
  });

  it('lets functions through without a key (they check JWTs themselves)', async () => {
    const res = await call('/functions/v1/hello');
    expect(await res.json()).toEqual({ path: '/hello', role: null });
  });
});

describe('routing, CORS and errors', () => {
  /** A browser's preflight carrying supabase-js's `traceparent` and a header of the app's own. */
  const preflightFrom = (path: string) =>
    call(path, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,apikey,content-type,traceparent,x-lanes-custom',
      },
    });

  it('answers preflights on every route as Kong’s cors plugin: requested headers echoed, no key needed', async () => {
    for (const path of [
      '/rest/v1/tasks',
      '/auth/v1/token',
      '/storage/v1/object/x',
      '/functions/v1/hello',
      '/realtime/v1/api/broadcast',
      '/graphql/v1',
    ]) {
      functions.last = undefined;
      const res = await preflightFrom(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe('');
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name] = value;
      });
      expect(headers, path).toEqual({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT',
        'access-control-allow-headers': 'authorization,apikey,content-type,traceparent,x-lanes-custom',
        'content-length': '0',
      });
      // The function never sees the preflight: Kong answers it before the edge runtime.
      expect(functions.last, path).toBeUndefined();
    }
  });

  it('allows no headers in a preflight that asked for none, and sends other OPTIONS on to the service', async () => {
    const bare = await call('/rest/v1/tasks', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(bare.headers.get('access-control-allow-headers')).toBeNull();
    // Without Origin it is no preflight: the service answers (here, the echo), with the origin allowed.
    const passed = await callOpen('/functions/v1/hello', { method: 'OPTIONS' });
    expect(await passed.json()).toEqual({ path: '/hello', role: null });
    expect(passed.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('adds the origin to refusals and to every reply, functions’ included; the services’ exposed headers', async () => {
    const refused = await call('/rest/v1/tasks');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const fromRest = await call('/rest/v1/tasks', { headers: { apikey: ANON_KEY } });
    expect(fromRest.headers.get('access-control-expose-headers')).toContain('content-range');
    const fromFunction = await call('/functions/v1/hello', { method: 'POST' });
    expect(fromFunction.headers.get('access-control-allow-origin')).toBe('*');
    // A function's reply passes with its own headers; Kong sets only the origin on it.
    expect(fromFunction.headers.get('access-control-expose-headers')).toBeNull();
  });

  it('routes /graphql/v1 to REST’s rpc/graphql with Content-Profile: graphql_public, as kong.yml does', async () => {
    const res = await call('/graphql/v1', {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await res.json()).toEqual({ path: '/rpc/graphql', role: 'anon' });
    expect(rest.last?.ctx.url.pathname).toBe('/rest/v1/rpc/graphql');
    expect(rest.last?.profile).toBe('graphql_public');
    expect(rest.last?.body).toBe('{"query":"{ __typename }"}');
    // Kong's request-transformer `add` leaves a header the client sent; key-auth applies as on REST.
    await call('/graphql/v1?x=1', {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-profile': 'public' },
    });
    expect(rest.last?.profile).toBe('public');
    expect(rest.last?.ctx.url.search).toBe('?x=1');
    expect((await call('/graphql/v1', { method: 'POST' })).status).toBe(401);
  });

  it('answers an unknown route with 404 like Kong', async () => {
    const res = await call('/nope/v1/x', { headers: { apikey: ANON_KEY } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
    expect((await call('/rest/v10')).status).toBe(404);
  });

  it('the path below the prefix is "/" for the prefix itself', async () => {
    const res = await call('/rest/v1', { headers: { apikey: ANON_KEY } });
    expect(await res.json()).toEqual({ path: '/', role: 'anon' });
  });

  it('turns a service that throws into a 500 and keeps serving', async () => {
    failNext = true;
    const res = await call('/storage/v1/object/x');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string; request_id: string };
    expect(body.message).toBe('An unexpected error occurred');
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.some((l) => l.includes('boom'))).toBe(true);
    const after = await call('/storage/v1/object/x');
    expect(after.status).toBe(200);
    expect(await after.text()).toBe('ok');
  });
});

describe('over HTTP', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await gateway.listen(0);
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('serves the same refusals and survives a throwing service', async () => {
    const refused = await fetch(`${base}/rest/v1/tasks`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'No API key found in request' });
    failNext = true;
    expect((await fetch(`${base}/storage/v1/x`)).status).toBe(500);
    const ok = await fetch(`${base}/rest/v1/tasks`, { headers: { apikey: SECRET_KEY } });
    expect(await ok.json()).toEqual({ path: '/tasks', role: 'service_role' });
  });

  const upgrade = (path: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });

  it('checks the apikey of WebSocket upgrades before the service sees them', async () => {
    const missing = await upgrade('/realtime/v1/websocket?vsn=1.0.0');
    expect(missing.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    expect(missing.endsWith('{"message":"No API key found in request"}')).toBe(true);
    const wrong = await upgrade('/realtime/v1/websocket?apikey=nope');
    expect(wrong.endsWith('{"message":"Invalid API key"}')).toBe(true);
    const ok = await upgrade(`/realtime/v1/websocket?apikey=${PUBLISHABLE_KEY}`);
    expect(ok).toContain('x-role: anon');
    const unrouted = await upgrade('/nope/websocket');
    expect(unrouted.startsWith('HTTP/1.1 404')).toBe(true);
  });
});
