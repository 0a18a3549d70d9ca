/**
 * @module tests/lanes — the stack's `pnpm test`: the suite in two vitest processes at once, each with a stack of
 * its own (vitest's global setup runs per process), so the files that mostly wait overlap the rest (decision 105).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Files that mostly wait: pg_cron's 1-second ticks, a function's wall-clock limit, stacks of their own that boot,
// fail, restart or migrate. At load 4-9 they take about as long together as the ~75 other files (decision 105).
// Within a lane files run one at a time, in one process (vitest.config.ts).
const WAITING = [
  'tests/cli-boot-failure.test.ts',
  'tests/cron.test.ts',
  'tests/cli.test.ts',
  'tests/functions-background.test.ts',
  'tests/realtime-limits.test.ts',
  'tests/functions-runtime.test.ts',
  'tests/durability.test.ts',
  'tests/project-template.test.ts',
  'tests/migration-push.test.ts',
  'tests/core.test.ts',
];

const missing = WAITING.filter((file) => !existsSync(resolve(packageDir, file)));
if (missing.length > 0)
  throw new Error(`tests/lanes.ts names test files that do not exist: ${missing.join(', ')}`);

const children = new Set<ReturnType<typeof spawn>>();

/** Runs vitest with `args` plus whatever `pnpm test` was given; every output line starts with the lane's name. */
function lane(name: string, args: string[]): Promise<number> {
  const vitest = resolve(packageDir, 'node_modules/.bin/vitest');
  const child = spawn(vitest, ['run', ...args, ...process.argv.slice(2)], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: from }).on('line', (line) => to.write(`[${name}] ${line}\n`));
  }
  return new Promise((done) => {
    child.once('exit', (code) => {
      children.delete(child);
      done(code ?? 1);
    });
  });
}

// A stop from turbo or Ctrl-C reaches both vitest processes, which stop their stacks in their teardown.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

const codes = await Promise.all([
  lane('waits', WAITING),
  lane(
    'rest',
    WAITING.flatMap((file) => ['--exclude', file]),
  ),
]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
