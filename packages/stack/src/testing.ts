/**
 * @module testing — helpers for test suites that run against a stack: one stack per test run started in
 * vitest's globalSetup (`provideStack`), read back in tests with `stackEnv()`.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIN_HASH_COST } from './auth/passwords.ts';
import type { Logger } from './context.ts';
import { stackEnvironment } from './env.ts';
import { type RunningStack, type StartOptions, startStack } from './index.ts';

/** A free loopback port, for test setups that start servers beside a stack. */
export { freePort } from './util/ports.ts';

/**
 * What a test needs to reach a stack: RunningStack's urls and keys, and the project folder; plain JSON
 * so vitest can pass it from globalSetup to workers.
 */
export interface StackEnv
  extends Pick<
    RunningStack,
    | 'apiUrl'
    | 'dbUrl'
    | 'inboxUrl'
    | 'anonKey'
    | 'serviceRoleKey'
    | 'publishableKey'
    | 'secretKey'
    | 'jwtSecret'
  > {
  /** config.workdir */
  workdir: string;
}

export function toEnv(stack: RunningStack): StackEnv {
  return {
    apiUrl: stack.apiUrl,
    dbUrl: stack.dbUrl,
    inboxUrl: stack.inboxUrl,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    publishableKey: stack.publishableKey,
    secretKey: stack.secretKey,
    jwtSecret: stack.jwtSecret,
    workdir: stack.config.workdir,
  };
}

/**
 * Test stacks are quiet: `STACK_DEBUG` prints their log to stderr, `STACK_LOG_FILE` appends it to a file
 * (which CI keeps when a run fails, without flooding the job's output).
 */
function testLog(): Logger | undefined {
  const { STACK_DEBUG, STACK_LOG_FILE: file } = stackEnvironment();
  if (STACK_DEBUG) return undefined;
  if (!file) return () => {};
  return (service, message) => appendFileSync(file, `${new Date().toISOString()} [${service}] ${message}\n`);
}

/**
 * Starts a throwaway stack on free ports with its data in a temp folder that `stop()` removes.
 * Lanes runs on hosted Supabase, so its tests get hosted's key-auth at the gateway (`requireApiKey`)
 * unless they pass `requireApiKey: false` for the CLI's open local gateway.
 */
export async function startTestStack(options: StartOptions & { workdir: string }): Promise<RunningStack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'stack-test-'));
  const stack = await startStack({
    ports: 'auto',
    log: testLog(),
    requireApiKey: true,
    // bcrypt's least cost, as GoTrue's own test suites set (`crypto.PasswordHashCost = crypto.QuickHashCost`):
    // at 10 every sign-up and sign-in of a test costs ~50 ms of CPU, 28 s of `pnpm test`'s 5 min and three
    // fifths of the data suite's CPU (decision 109). Hashes stay real bcrypt; a test that needs GoTrue's cost
    // passes `passwordHashCost: 10`.
    passwordHashCost: MIN_HASH_COST,
    ...options,
    dataDir,
  });
  const stop = stack.stop;
  return {
    ...stack,
    stop: async () => {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The stack env in a test worker (set by globalSetup through the `STACK_ENV` variable). */
export function stackEnv(): StackEnv {
  const raw = stackEnvironment().STACK_ENV;
  if (!raw)
    throw new Error('STACK_ENV is not set: run these tests through vitest with the stack globalSetup');
  return JSON.parse(raw) as StackEnv;
}
