/** Edge Functions through supabase-js and raw fetch against the shared stack: bodies, auth, env, errors. */
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../src/testing.ts';
import { why } from './helpers/functions.ts';
import { signHs256 } from './helpers/jwt.ts';

const env = stackEnv();
const supabase = createClient(env.apiUrl, env.publishableKey);
const anonHeaders = { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}` };
const call = (path: string, init: RequestInit = {}) => fetch(`${env.apiUrl}/functions/v1/${path}`, init);

/** An HS256 token signed with `secret`, like the ones GoTrue issued before asymmetric keys. */
const hs256 = (claims: Record<string, unknown>, secret = env.jwtSecret) => signHs256(claims, secret);

describe('request and response bodies', () => {
  it('passes a JSON body and shows the function its own path', async () => {
    const { data, error } = await supabase.functions.invoke('echo', { body: { task: 'write tests', n: 3 } });
    expect(error).toBeNull();
    expect(data.method).toBe('POST');
    expect(data.pathname).toBe('/echo');
    expect(data.url).toBe(`${env.apiUrl}/echo`);
    expect(data.body).toEqual({ kind: 'json', value: { task: 'write tests', n: 3 } });
    expect(data.headers['content-type']).toBe('application/json');
  });

  it('passes a text body', async () => {
    const { data } = await supabase.functions.invoke('echo', { body: 'plain words' });
    expect(data.body).toEqual({ kind: 'text', value: 'plain words' });
    expect(data.headers['content-type']).toBe('text/plain');
  });

  it('passes form data with a file', async () => {
    const form = new FormData();
    form.append('title', 'report');
    form.append('file', new Blob(['file contents'], { type: 'text/csv' }), 'data.csv');
    const { data } = await supabase.functions.invoke('echo', { body: form });
    expect(data.body).toEqual({
      kind: 'form',
      value: {
        title: 'report',
        file: { name: 'data.csv', type: 'text/csv', size: 13, text: 'file contents' },
      },
    });
  });

  it('passes binary bodies both ways unchanged', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const described = await supabase.functions.invoke('echo', { body: bytes.buffer });
    expect(described.data.body).toEqual({ kind: 'binary', size: 256, bytes: [...bytes.slice(0, 16)] });

    const raw = await supabase.functions.invoke('echo', {
      body: new Blob([bytes], { type: 'application/octet-stream' }),
      headers: { 'x-echo-raw': '1' },
    });
    expect(raw.data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (raw.data as Blob).arrayBuffer())).toEqual(bytes);
  });

  it('passes the method, sub-path, query and headers', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const { data, response } = await supabase.functions.invoke('echo', { method });
      expect(data.method).toBe(method);
      expect(response?.headers.get('x-echo-method')).toBe(method);
    }
    const res = await call('echo/tasks/42?sort=asc&tag=a&tag=b', {
      headers: { ...anonHeaders, 'x-custom-header': 'custom value' },
    });
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.pathname).toBe('/echo/tasks/42');
    expect(data.search).toBe('?sort=asc&tag=a&tag=b');
    expect(data.headers['x-custom-header']).toBe('custom value');
    expect(data.headers.authorization).toBe(`Bearer ${env.anonKey}`);

    const viaLocalhost = await fetch(`${env.apiUrl.replace('127.0.0.1', 'localhost')}/functions/v1/echo/x`, {
      headers: anonHeaders,
    });
    expect((await viaLocalhost.json()).url).toBe(`${env.apiUrl.replace('127.0.0.1', 'localhost')}/echo/x`);

    const head = await call('echo', { method: 'HEAD', headers: anonHeaders });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-echo-method')).toBe('HEAD');
    expect(await head.text()).toBe('');
  });
});

describe('verify_jwt', () => {
  const refusal = async (res: Response) => ({
    status: res.status,
    code: res.headers.get('sb-error-code'),
    body: await res.json(),
  });

  it('refuses a request without an Authorization header, readable cross-origin', async () => {
    const res = await call('echo', { method: 'POST', headers: { origin: 'http://localhost:3000' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refusal(res)).toEqual({
      status: 401,
      code: 'UNAUTHORIZED_NO_AUTH_HEADER',
      body: { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' },
    });
  });

  it('refuses a token that is not a JWT', async () => {
    const res = await call('echo', { headers: { authorization: 'Bearer not-a-jwt' } });
    expect(await refusal(res)).toEqual({
      status: 401,
      code: 'UNAUTHORIZED_INVALID_JWT_FORMAT',
      body: { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' },
    });
    const basic = await call('echo', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect((await basic.json()).message).toBe("Auth header is not 'Bearer {token}'");
  });

  it('refuses a JWT with a bad signature or past its expiry', async () => {
    const forged = hs256({ role: 'authenticated', sub: 'u1' }, 'another-secret-that-is-32-chars-long!!');
    const expired = hs256({ role: 'authenticated', sub: 'u1', exp: Math.floor(Date.now() / 1000) - 60 });
    for (const token of [forged, expired]) {
      const res = await call('echo', { headers: { authorization: `Bearer ${token}` } });
      expect(await refusal(res)).toEqual({
        status: 401,
        code: 'UNAUTHORIZED_LEGACY_JWT',
        body: { code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' },
      });
    }
  });

  it('surfaces a refusal to supabase-js as FunctionsHttpError', async () => {
    const client = createClient(env.apiUrl, 'not-a-known-key');
    const { data, error } = await client.functions.invoke('echo', { body: {} });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(401);
    expect(await context.json()).toEqual({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' });
  });

  it('admits a user JWT signed with the project secret', async () => {
    const token = hs256({ role: 'authenticated', sub: 'u1', exp: Math.floor(Date.now() / 1000) + 60 });
    const res = await call('echo', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).headers.authorization).toBe(`Bearer ${token}`);
  });

  it('lets anyone call a function with verify_jwt = false', async () => {
    const res = await call('no-jwt', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authorization: null });
    const garbage = await call('no-jwt', { headers: { authorization: 'Bearer garbage' } });
    expect(await garbage.json()).toEqual({ authorization: 'Bearer garbage' });
  });
});

describe('environment', () => {
  it('sees the SUPABASE_* values, functions/.env and the start options, and nothing of the host', async () => {
    const { data } = await supabase.functions.invoke('env', { method: 'GET' });
    const seen = data.env as Record<string, string>;
    expect(Object.keys(seen).sort()).toEqual([
      'FROM_OPTIONS',
      'GREETING',
      'PLAIN_VALUE',
      'STACK_INBOX_URL',
      'SUPABASE_ANON_KEY',
      'SUPABASE_DB_URL',
      'SUPABASE_JWKS',
      'SUPABASE_PUBLISHABLE_KEYS',
      'SUPABASE_SECRET_KEYS',
      'SUPABASE_SERVICE_ROLE_KEY',
      'SUPABASE_URL',
    ]);
    expect(seen.SUPABASE_URL).toBe(env.apiUrl);
    expect(seen.SUPABASE_ANON_KEY).toBe(env.anonKey);
    expect(seen.SUPABASE_SERVICE_ROLE_KEY).toBe(env.serviceRoleKey);
    expect(seen.SUPABASE_DB_URL).toBe(env.dbUrl);
    expect(JSON.parse(seen.SUPABASE_PUBLISHABLE_KEYS!)).toEqual({ default: env.publishableKey });
    expect(JSON.parse(seen.SUPABASE_SECRET_KEYS!)).toEqual({ default: env.secretKey });
    // The public half of the stack's ES256 signing key, as Auth publishes it; never the private part.
    const [key, ...others] = JSON.parse(seen.SUPABASE_JWKS!).keys;
    expect(others).toEqual([]);
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
    // The start options win over functions/.env, as the CLI's --env-file does.
    expect(seen.GREETING).toBe('overridden by options');
    expect(seen.FROM_OPTIONS).toBe('from start options');
    expect(seen.PLAIN_VALUE).toBe('plain');
  });

  it("hands functions this stack's own addresses, not the default ports", async () => {
    // The test stack runs on free ports, so none of these may be the CLI's defaults.
    const ports = [env.apiUrl, env.dbUrl, env.inboxUrl].map((url) => new URL(url).port);
    for (const port of ports) expect(['54321', '54322', '54324']).not.toContain(port);
    const { data } = await supabase.functions.invoke('env', { method: 'GET' });
    const seen = data.env as Record<string, string>;
    expect(seen.SUPABASE_URL).toBe(env.apiUrl);
    expect(seen.SUPABASE_DB_URL).toBe(env.dbUrl);
    expect(seen.STACK_INBOX_URL).toBe(env.inboxUrl);
    // And the address works: an email a function sends lands in this stack's inbox.
    const { data: sent } = await supabase.functions.invoke('mail', {
      body: { to: 'inbox-check@lanes.test', subject: 'sent from a function' },
    });
    expect(sent).toEqual({ status: 200 });
    const search = await fetch(`${env.inboxUrl}/api/v1/search?query=to:inbox-check@lanes.test`);
    const { messages } = (await search.json()) as { messages: { Subject: string }[] };
    expect(messages.map((m) => m.Subject)).toEqual(['sent from a function']);
  });
});

describe('calling back into the stack', () => {
  it('reaches the stack from inside a function with SUPABASE_URL and the service role key', async () => {
    const { data, error } = await supabase.functions.invoke('relay', { body: { via: 'relay' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      status: 200,
      body: { kind: 'json', value: { via: 'relay' } },
      authorization: `Bearer ${env.serviceRoleKey}`,
    });
  });
});

describe('failures stay inside their function', () => {
  it('answers 500 when the handler throws, and the others keep answering', async () => {
    const thrown = await call('throws', { headers: anonHeaders });
    expect(thrown.status).toBe(500);
    expect(await thrown.text()).toBe('Internal Server Error');
    const { data, error } = await supabase.functions.invoke('echo', { body: 'still here' });
    expect(error).toBeNull();
    expect(data.body.value).toBe('still here');
    expect((await call('throws', { headers: anonHeaders })).status).toBe(500);
  });

  it('restarts a worker that crashed, on the next request', async () => {
    const before = await (await call('crashes', { headers: anonHeaders })).json();
    const crash = await call('crashes/exit', { headers: anonHeaders });
    expect(crash.status).toBe(500);
    expect(crash.headers.get('sb-error-code')).toBe('WORKER_ERROR');
    expect(await crash.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    const after = await (await call('crashes', { headers: anonHeaders })).json();
    expect(after.pid).not.toBe(before.pid);
  });

  it('answers BOOT_ERROR for a function that fails while loading', async () => {
    const res = await call('broken', { headers: anonHeaders });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 'BOOT_ERROR',
      message: 'Function failed to start (please check logs)',
    });
    // Deno's own error, so the reason is visible without the stack's log.
    expect(res.headers.get('x-stack-boot-error')).toMatch(/^error: Uncaught .*broken at boot/);
  });
});

describe('streaming', () => {
  it('streams the response as the function writes it', async () => {
    const res = await call('streams', { headers: anonHeaders });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The function holds the stream open until released, so this chunk can only arrive if it is streamed.
    expect((await reader.read()).value).toBe('data: ready\n\n');
    const released = await call('streams/release', { method: 'POST', headers: anonHeaders });
    expect(await released.json()).toEqual({ released: true });
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += r.value;
    expect(rest).toBe('data: released\n\n');
  });

  it('cancels the function stream when the client goes away', async () => {
    const cancelledCount = async () =>
      (await (await call('streams/cancelled', { headers: anonHeaders })).json()).cancelled as number;
    const before = await cancelledCount();
    const abort = new AbortController();
    const res = await call('streams', { headers: anonHeaders, signal: abort.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: ready\n\n');
    abort.abort();
    let after = before;
    for (let i = 0; i < 100 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await cancelledCount();
    }
    expect(after).toBe(before + 1);
  });

  it('hands supabase-js the stream of a text/event-stream answer', async () => {
    const invoked = supabase.functions.invoke('streams', { method: 'GET' });
    const { data } = await invoked;
    const reader = (data as Response).body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe('data: ready\n\n');
    await supabase.functions.invoke('streams/release');
    await reader.cancel();
  });

  it('streams a request body to the function', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(7);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await call('streams', {
      method: 'POST',
      headers: { ...anonHeaders, 'content-type': 'application/octet-stream' },
      body,
      // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM types lack it.
      duplex: 'half',
    });
    expect((await res.json()).bytes).toBe(8 * 64 * 1024);
  });
});

describe('routing', () => {
  it('answers a function’s CORS preflight at the gateway, as Kong does; other OPTIONS reach the function', async () => {
    const res = await call('cors', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type, x-other',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-client-info, apikey, content-type, x-other',
    );
    // No Origin: not a preflight, so the function answers it itself, without a JWT.
    const own = await call('cors', { method: 'OPTIONS' });
    expect(await own.text()).toBe('ok');
    expect(own.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-client-info, apikey, content-type, x-custom',
    );
    const { data } = await supabase.functions.invoke('cors', { body: {} });
    expect(data).toEqual({ cors: true });
  });

  it('answers 404 for unknown functions and names that are not functions', async () => {
    for (const path of ['missing', '_shared', '_shared/greeting.ts', '..%2Fsecrets', '', '.env']) {
      const res = await call(path, { headers: anonHeaders });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('sb-error-code')).toBe('NOT_FOUND');
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  it('resolves shared code by relative path and import map, with npm packages', async () => {
    const { data, error } = await supabase.functions.invoke('shared', { body: { name: 'Lanes' } });
    expect(error, why(error)).toBeNull();
    expect(data).toEqual({ message: 'Hello, Lanes!' });

    const invalid = await supabase.functions.invoke('shared', { body: { name: '' } });
    expect(invalid.error).toBeInstanceOf(FunctionsHttpError);
    const context = (invalid.error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(400);
    const body = await context.json();
    expect(body.error).toBe('invalid input');
    expect(Object.keys(body.issues.fieldErrors)).toEqual(['name']);
  });
});
