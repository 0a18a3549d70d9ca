/**
 * Edge Functions on a brand-new machine: an empty Deno cache, two stacks and several requests booting
 * functions with npm imports at once. Every first boot must answer as a warm one does.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';
import { why } from './helpers/functions.ts';

const fixture = fileURLToPath(new URL('./fixtures/project', import.meta.url));
// Not created beforehand: on a brand-new machine not even the cache folder exists.
const coldRoot = mkdtempSync(join(tmpdir(), 'stack-cold-deno-'));
const denoDir = join(coldRoot, 'lanes-stack-deno');
let workdir: string;
const stacks: RunningStack[] = [];
const logs: string[] = [];

beforeAll(async () => {
  workdir = mkdtempSync(join(tmpdir(), 'stack-cold-'));
  cpSync(fixture, workdir, { recursive: true });
  // A version zod never published: Deno's resolution error, from the registry data the other boots fetch.
  const missing = join(workdir, 'supabase', 'functions', 'missing-package');
  mkdirSync(missing);
  writeFileSync(
    join(missing, 'index.ts'),
    "import { z } from 'npm:zod@0.0.1-never';\nDeno.serve(() => Response.json(z.string().parse('x')));\n",
  );
  const previous = process.env.STACK_DENO_DIR;
  process.env.STACK_DENO_DIR = denoDir;
  try {
    for (const name of ['a', 'b']) {
      stacks.push(
        await startTestStack({ workdir, log: (service, line) => logs.push(`${name} [${service}] ${line}`) }),
      );
    }
  } finally {
    if (previous === undefined) delete process.env.STACK_DENO_DIR;
    else process.env.STACK_DENO_DIR = previous;
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(stacks.map((stack) => stack.stop()));
  rmSync(workdir, { recursive: true, force: true });
  rmSync(coldRoot, { recursive: true, force: true });
});

describe('first boot on an empty Deno cache', () => {
  it('answers every concurrent first request of functions with npm imports, on two stacks', async () => {
    const calls = stacks.flatMap((stack) => {
      const supabase = createClient(stack.apiUrl, stack.anonKey);
      return ['Ada', 'Grace', 'Linus'].map((name) => supabase.functions.invoke('shared', { body: { name } }));
    });
    const results = await Promise.all(calls);
    for (const [i, { data, error }] of results.entries()) {
      expect(error, `${why(error)}\n${logs.join('\n')}`).toBeNull();
      expect(data).toEqual({ message: `Hello, ${['Ada', 'Grace', 'Linus'][i % 3]}!` });
    }
    // The packages were fetched before the first boot, and the fetch is in the log.
    expect(logs.some((line) => /\[functions:shared\] Download .*zod/.test(line))).toBe(true);
  }, 120_000);

  it("answers BOOT_ERROR with Deno's error when a package cannot be fetched, in the log too", async () => {
    const res = await fetch(`${stacks[0]!.apiUrl}/functions/v1/missing-package`, {
      headers: { authorization: `Bearer ${stacks[0]!.anonKey}` },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 'BOOT_ERROR',
      message: 'Function failed to start (please check logs)',
    });
    const detail = "error: Could not find npm package 'zod' matching '0.0.1-never'";
    expect(res.headers.get('x-stack-boot-error')).toContain(detail);
    expect(
      logs.some(
        (line) => line.startsWith('a [functions:missing-package] failed to boot: ') && line.includes(detail),
      ),
    ).toBe(true);
  }, 60_000);
});
