/**
 * The Management API routes a stack serves when it plays a hosted project (`managementApi`): function
 * deploys land in its project folder with their verify_jwt, secrets in `functions/.env`; any other token or
 * project is refused as hosted refuses it.
 * Driven in-process; the CLI talking to it is rehearsed in tooling/ci's deploy rehearsal.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RequestContext, Service, StackContext } from '../src/context.ts';
import { build } from '../src/management/index.ts';

const workdir = mkdtempSync(join(tmpdir(), 'stack-management-'));
mkdirSync(join(workdir, 'supabase'));
const stack = {
  config: { workdir, supabaseDir: join(workdir, 'supabase'), functions: {} },
  log: () => {},
} as unknown as StackContext;
const REF = 'abcdefghijklmnopqrst';
const TOKEN = 'sbp_test';
const service: Service = build(stack, { projectRef: REF, accessToken: TOKEN });
afterAll(() => rmSync(workdir, { recursive: true, force: true }));

function call(path: string, init: RequestInit & { token?: string | null } = {}) {
  const url = new URL(`http://127.0.0.1/v1${path}`);
  const headers = new Headers(init.headers);
  if (init.token !== null) headers.set('authorization', `Bearer ${init.token ?? TOKEN}`);
  const ctx = { path: url.pathname.slice(3), url, apikey: null, requestId: 'r', ip: '127.0.0.1' };
  return service.fetch(new Request(url, { ...init, headers }), ctx as RequestContext);
}

function deployForm(files: Record<string, string>, verifyJwt: boolean) {
  const form = new FormData();
  const metadata = {
    name: 'hello',
    entrypoint_path: 'supabase/functions/hello/index.ts',
    verify_jwt: verifyJwt,
  };
  form.append('metadata', JSON.stringify(metadata));
  for (const [name, text] of Object.entries(files)) form.append('file', new File([text], name));
  return form;
}

describe('management API', () => {
  it('answers 401 without an access token', async () => {
    expect((await call(`/projects/${REF}`, { token: null })).status).toBe(401);
  });

  it('answers 401 to a token other than the project’s, and deploys nothing with it', async () => {
    const response = await call(`/projects/${REF}/functions/deploy?slug=hello`, {
      method: 'POST',
      token: 'sbp_someone_else',
      body: deployForm({ 'supabase/functions/hello/index.ts': 'x' }, true),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    expect(existsSync(join(workdir, 'supabase', 'functions', 'hello'))).toBe(false);
  });

  it('answers 404 for another project, with the right token, and deploys nothing there', async () => {
    const other = 'zyxwvutsrqponmlkjihg';
    expect((await call(`/projects/${other}`)).status).toBe(404);
    const response = await call(`/projects/${other}/functions/deploy?slug=hello`, {
      method: 'POST',
      body: deployForm({ 'supabase/functions/hello/index.ts': 'x' }, true),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
    expect(existsSync(join(workdir, 'supabase', 'functions', 'hello'))).toBe(false);
    const secrets = await call(`/projects/${other}/secrets`, { method: 'POST', body: '[]' });
    expect(secrets.status).toBe(404);
  });

  it('writes a deployed function into the project folder and keeps its verify_jwt', async () => {
    const files = {
      'supabase/functions/hello/index.ts': 'Deno.serve(() => new Response("hi"));\n',
      'supabase/functions/_shared/util.ts': 'export const x = 1;\n',
    };
    const response = await call(`/projects/${REF}/functions/deploy?slug=hello`, {
      method: 'POST',
      body: deployForm(files, false),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ slug: 'hello', version: 1, verify_jwt: false });
    for (const [name, text] of Object.entries(files))
      expect(readFileSync(join(workdir, name), 'utf8')).toBe(text);
    expect(stack.config.functions.hello).toEqual({ verifyJwt: false, enabled: true });
    const list = (await (await call(`/projects/${REF}/functions`)).json()) as {
      slug: string;
    }[];
    expect(list.map((f) => f.slug)).toEqual(['hello']);
  });

  it('refuses a file outside the project folder and writes nothing', async () => {
    const response = await call(`/projects/${REF}/functions/deploy?slug=hello`, {
      method: 'POST',
      body: deployForm({ 'supabase/functions/hello/index.ts': 'x', '../escaped.ts': 'x' }, true),
    });
    expect(response.status).toBe(400);
    expect(existsSync(join(workdir, '..', 'escaped.ts'))).toBe(false);
    expect(stack.config.functions.hello?.verifyJwt).toBe(false);
  });

  it('merges secrets into functions/.env and refuses SUPABASE_ names', async () => {
    const set = (secrets: { name: string; value: string }[]) =>
      call(`/projects/${REF}/secrets`, { method: 'POST', body: JSON.stringify(secrets) });
    expect((await set([{ name: 'A', value: 'one "quoted"' }])).status).toBe(201);
    expect((await set([{ name: 'B', value: 'two' }])).status).toBe(201);
    expect((await set([{ name: 'SUPABASE_URL', value: 'x' }])).status).toBe(400);
    expect(readFileSync(join(workdir, 'supabase', 'functions', '.env'), 'utf8')).toBe(
      'A="one \\"quoted\\""\nB="two"\n',
    );
    const listed = (await (await call(`/projects/${REF}/secrets`)).json()) as {
      name: string;
    }[];
    expect(listed.map((s) => s.name)).toEqual(['A', 'B']);
  });
});
