/**
 * Edge Functions lifecycle on an isolated stack over a copy of the fixture project: hot reload, the
 * wall-clock limit (2 s here), console output in the stack's log, workers stopped with the stack.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';
import { why } from './helpers/functions.ts';

const fixture = fileURLToPath(new URL('./fixtures/project', import.meta.url));
let workdir: string;
let stack: RunningStack;
let supabase: SupabaseClient;
const logs: string[] = [];

const functionsDir = () => join(workdir, 'supabase', 'functions');
const call = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.apiUrl}/functions/v1/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${stack.anonKey}`, ...init.headers },
  });

/** Asks until the answer changes: the file watcher reports a save asynchronously. */
async function until<T>(ask: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await ask();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  workdir = mkdtempSync(join(tmpdir(), 'stack-functions-'));
  cpSync(fixture, workdir, { recursive: true });
  const previous = process.env.STACK_FUNCTION_TIMEOUT_MS;
  process.env.STACK_FUNCTION_TIMEOUT_MS = '2000';
  try {
    stack = await startTestStack({ workdir, log: (service, line) => logs.push(`[${service}] ${line}`) });
  } finally {
    if (previous === undefined) delete process.env.STACK_FUNCTION_TIMEOUT_MS;
    else process.env.STACK_FUNCTION_TIMEOUT_MS = previous;
  }
  supabase = createClient(stack.apiUrl, stack.anonKey);
});

afterAll(async () => {
  await stack?.stop();
  rmSync(workdir, { recursive: true, force: true });
});

describe('wall-clock limit', () => {
  const limited = {
    code: 'WORKER_LIMIT',
    message: 'Function failed due to not having enough compute resources (please check logs)',
  };

  it('stops a handler that never answers with 546 WORKER_LIMIT', async () => {
    const res = await call('hangs');
    expect(res.status).toBe(546);
    expect(res.headers.get('sb-error-code')).toBe('WORKER_LIMIT');
    expect(await res.json()).toEqual(limited);
    expect(logs).toContain('[functions:hangs] wall clock limit of 2000 ms reached; worker stopped');
  });

  it('stops a busy loop, and the function and its neighbours answer again afterwards', async () => {
    const busy = await call('hangs/busy');
    expect(busy.status).toBe(546);
    expect(await busy.json()).toEqual(limited);
    const { data, error } = await supabase.functions.invoke('echo', { body: { after: 'limit' } });
    expect(error).toBeNull();
    expect(data.body.value).toEqual({ after: 'limit' });
    expect((await call('hangs')).status).toBe(546);
  });
});

describe('hot reload', () => {
  it('serves a new function and the new code of a changed one without a restart', async () => {
    const dir = join(functionsDir(), 'reload');
    mkdirSync(dir);
    const write = (version: string) =>
      writeFileSync(join(dir, 'index.ts'), `Deno.serve(() => Response.json({ version: '${version}' }));\n`);
    write('v1');
    const first = await supabase.functions.invoke('reload', { body: {} });
    expect(first.data).toEqual({ version: 'v1' });

    write('v2');
    const second = await until(
      () => supabase.functions.invoke('reload', { body: {} }),
      (r) => r.data?.version === 'v2',
    );
    expect(second.data).toEqual({ version: 'v2' });
  });

  it('reloads every function when shared code changes', async () => {
    const before = await supabase.functions.invoke('shared', { body: { name: 'Ada' } });
    expect(before.data, why(before.error)).toEqual({ message: 'Hello, Ada!' });
    writeFileSync(
      join(functionsDir(), '_shared', 'greeting.ts'),
      "export function greet(name: string): string {\n  return 'Welcome, ' + name + '.';\n}\n",
    );
    const after = await until(
      () => supabase.functions.invoke('shared', { body: { name: 'Ada' } }),
      (r) => r.data?.message !== 'Hello, Ada!',
    );
    expect(after.data, why(after.error)).toEqual({ message: 'Welcome, Ada.' });
  });

  it('recovers a function once a boot error is fixed', async () => {
    expect((await call('broken')).status).toBe(503);
    writeFileSync(join(functionsDir(), 'broken', 'index.ts'), "Deno.serve(() => new Response('fixed'));\n");
    const res = await until(
      () => call('broken'),
      (r) => r.status === 200,
    );
    expect(await res.text()).toBe('fixed');
  });
});

describe('logs and shutdown', () => {
  it("writes the function's console output to the stack log under its name", async () => {
    await supabase.functions.invoke('echo', { method: 'PUT', body: {} });
    // The line comes through the worker's stdout pipe, which can trail the answer on a loaded machine.
    await until(
      async () => logs.includes('[functions:echo] echo PUT /echo'),
      (seen) => seen,
    );
    expect(logs).toContain('[functions:echo] echo PUT /echo');
    expect(logs.some((l) => l.startsWith('[functions:broken] error: Uncaught'))).toBe(true);
  });

  it('stops every worker when the stack stops', async () => {
    const { pid } = await (await call('crashes')).json();
    expect(() => process.kill(pid, 0)).not.toThrow();
    await stack.stop();
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});
