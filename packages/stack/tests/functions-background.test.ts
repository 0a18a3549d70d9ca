/**
 * The edge runtime's `EdgeRuntime.waitUntil` and `[edge_runtime.secrets]` (decision 059), on a stack of
 * its own over a copy of tests/fixtures/vault-project with a 15 s wall-clock limit: background work runs
 * after the answer, a worker replaced by a code change finishes it first, one that never settles is
 * stopped at the limit; config.toml's secrets reach Deno.env beside functions/.env, which wins.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';

const fixture = fileURLToPath(new URL('./fixtures/vault-project', import.meta.url));
const LIMIT_MS = 15_000;
let workdir: string;
let stack: RunningStack;
let sql: Sql;
const logs: string[] = [];

// The gate: background work asks GET /<id> and waits until the test opens that gate.
let gate: Server;
let gateUrl: string;
const waiting = new Map<string, ServerResponse>();

const call = (name: string, body: unknown) =>
  fetch(`${stack.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Polls `check` until it returns true or 15 s pass; reports whether it did. */
async function until(check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const written = async (id: string) =>
  (await sql`select 1 from public.background_writes where id = ${id}`).length === 1;

function open(id: string): void {
  const res = waiting.get(id);
  if (!res) throw new Error(`no background work waits at gate ${id}`);
  waiting.delete(id);
  res.end('go');
}

beforeAll(async () => {
  gate = createServer((req, res) => waiting.set(req.url!.slice(1), res));
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  gateUrl = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;

  workdir = mkdtempSync(join(tmpdir(), 'stack-background-'));
  cpSync(fixture, workdir, { recursive: true });
  process.env.STACK_SECRETS_FIXTURE_VALUE = 'from the environment';
  const previous = process.env.STACK_FUNCTION_TIMEOUT_MS;
  process.env.STACK_FUNCTION_TIMEOUT_MS = String(LIMIT_MS);
  try {
    stack = await startTestStack({ workdir, log: (service, line) => logs.push(`[${service}] ${line}`) });
  } finally {
    if (previous === undefined) delete process.env.STACK_FUNCTION_TIMEOUT_MS;
    else process.env.STACK_FUNCTION_TIMEOUT_MS = previous;
    delete process.env.STACK_SECRETS_FIXTURE_VALUE;
  }
  sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  for (const res of waiting.values()) res.end('go');
  await sql?.end();
  await stack?.stop();
  gate?.closeAllConnections();
  await new Promise((resolve) => gate?.close(resolve));
  rmSync(workdir, { recursive: true, force: true });
});

describe('EdgeRuntime.waitUntil', () => {
  it('lets a function answer first and finish its work afterwards', async () => {
    const id = randomUUID();
    const res = await call('background', { id, gate: `${gateUrl}/${id}` });
    expect(res.status).toBe(200);
    // As the edge runtime: a user worker's EdgeRuntime has waitUntil only, which returns its argument.
    expect(await res.json()).toEqual({ id, returnsItsArgument: true, nonPromise: 5, keys: ['waitUntil'] });

    // The work runs after the answer, and has not written yet: it waits at the gate.
    expect(await until(() => waiting.has(id))).toBe(true);
    expect(await written(id)).toBe(false);
    open(id);
    expect(await until(() => written(id))).toBe(true);
    // The line leaves through the worker's stdout pipe, which can trail the database write on a loaded machine.
    const done = `[functions:background] background work ${id} done`;
    expect(await until(() => logs.includes(done))).toBe(true);
  });

  it('keeps a worker replaced by a code change alive until its work has settled', async () => {
    const id = randomUUID();
    const res = await call('background', { id, gate: `${gateUrl}/${id}` });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    expect(await until(() => waiting.has(id))).toBe(true);

    // A save retires the worker; the next requests go to a new one running the new code.
    const file = join(workdir, 'supabase', 'functions', 'background', 'index.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('const VERSION = 1;', 'const VERSION = 2;'));
    const swapped = await until(async () => {
      const probe = await call('background', { probe: true });
      return probe.ok && (await probe.json()).version === 2;
    });
    expect(swapped).toBe(true);

    // The retired worker is still there to finish what it promised.
    open(id);
    expect(await until(() => written(id))).toBe(true);
  });

  it('stops a worker whose promise is still pending at the wall-clock limit, and serves again after', {
    timeout: 90_000,
  }, async () => {
    const res = await call('background', { id: 'forever', forever: true });
    expect(await res.json()).toEqual({ id: 'forever', pending: true });
    const line = `[functions:background] EdgeRuntime.waitUntil: a promise did not settle within the wall clock limit of ${LIMIT_MS} ms; worker stopped`;
    // The worker prints that line just before it exits; a request in between reaches a dying worker and gets
    // WORKER_ERROR, as on the edge runtime. "Serves again" is asked once the stack has seen the exit.
    const exitedAfterLimit = () => {
      const at = logs.indexOf(line);
      return (
        at >= 0 && logs.slice(at + 1).some((l) => l.startsWith('[functions:background] worker exited ('))
      );
    };
    const deadline = Date.now() + LIMIT_MS + 45_000;
    while (!exitedAfterLimit() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(logs).toContain(line);
    expect(exitedAfterLimit()).toBe(true);
    const probe = await call('background', { probe: true });
    expect(probe.status).toBe(200);
    expect(await probe.json()).toEqual({ version: 2 });
  });
});

describe('[edge_runtime.secrets]', () => {
  it('reach Deno.env upper-cased, env() resolved, with functions/.env winning a shared name', async () => {
    const res = await call('secrets', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      env: {
        PLAIN_VALUE: 'literal from config.toml',
        FROM_ENV: 'from the environment',
        // env() also reads supabase/.env, as the CLI does; that file itself does not reach functions.
        FROM_DOTENV_FILE: 'from supabase/.env',
        STACK_SECRETS_FIXTURE_DOTENV: null,
        UNSET_VALUE: null,
        OVERRIDDEN: 'from functions/.env',
        plain_value: null,
      },
      supabaseUrl: stack.apiUrl,
    });
  });

  it('says at start which secrets were left out, and why', () => {
    expect(logs).toContain(
      '[stack] config.toml: [edge_runtime.secrets] unset_value = "env(STACK_SECRETS_FIXTURE_UNSET)": STACK_SECRETS_FIXTURE_UNSET is not set, so UNSET_VALUE is left out',
    );
    expect(logs).toContain(
      '[stack] config.toml: [edge_runtime.secrets] names cannot start with SUPABASE_, skipped SUPABASE_URL',
    );
  });
});
