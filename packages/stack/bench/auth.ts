/**
 * @module bench/auth — Auth latency through supabase-js against an isolated stack on the fixture project:
 * p50/p99 of password sign-in (dominated by bcrypt at GoTrue's cost 10, not a test stack's 4) and of
 * refresh-token rotation, ~50 each.
 *
 * Run: `node bench/auth.ts` from packages/stack.
 */
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { DEFAULT_HASH_COST } from '../src/auth/passwords.ts';
import { startTestStack } from '../src/testing.ts';
import { percentileOf as percentile, round } from './lib.ts';

export interface AuthBench {
  signInP50Ms: number;
  signInP99Ms: number;
  refreshP50Ms: number;
  refreshP99Ms: number;
  samples: number;
}

export async function benchAuth(samples = 50): Promise<AuthBench> {
  const workdir = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
  const stack = await startTestStack({ workdir, skipMigrations: true, passwordHashCost: DEFAULT_HASH_COST });
  try {
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    const admin = createClient(stack.apiUrl, stack.serviceRoleKey, options);
    const client = createClient(stack.apiUrl, stack.anonKey, options);
    const email = 'bench@example.test';
    const password = 'bench-password-1';
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;

    const signIn: number[] = [];
    let refreshToken = '';
    for (let i = 0; i < samples + 3; i++) {
      const t0 = performance.now();
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw error;
      if (i >= 3) signIn.push(performance.now() - t0); // the first few warm the pool and the JIT
      refreshToken = data.session!.refresh_token;
    }

    const refresh: number[] = [];
    for (let i = 0; i < samples + 3; i++) {
      const t0 = performance.now();
      const { data, error } = await client.auth.refreshSession({ refresh_token: refreshToken });
      if (error) throw error;
      if (i >= 3) refresh.push(performance.now() - t0);
      refreshToken = data.session!.refresh_token;
    }
    return {
      signInP50Ms: round(percentile(signIn, 50)),
      signInP99Ms: round(percentile(signIn, 99)),
      refreshP50Ms: round(percentile(refresh, 50)),
      refreshP99Ms: round(percentile(refresh, 99)),
      samples,
    };
  } finally {
    await stack.stop();
  }
}

if (import.meta.main) {
  console.log(JSON.stringify(await benchAuth(), null, 2));
}

export interface SignInTimingBench {
  wrongPasswordKnownEmailP50Ms: number;
  unknownEmailP50Ms: number;
  samples: number;
}

/**
 * What a stranger measures (issue 26): a wrong password for an existing account against any password for an
 * address without one. GoTrue answers the second before any bcrypt comparison (token.go), and so does the stack;
 * the gap is how Auth tells who has an account (decision 071).
 */
export async function benchSignInTiming(samples = 30): Promise<SignInTimingBench> {
  const workdir = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
  const stack = await startTestStack({ workdir, skipMigrations: true, passwordHashCost: DEFAULT_HASH_COST });
  try {
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    const admin = createClient(stack.apiUrl, stack.serviceRoleKey, options);
    const client = createClient(stack.apiUrl, stack.anonKey, options);
    const email = 'timing@example.test';
    const created = await admin.auth.admin.createUser({
      email,
      password: 'bench-password-1',
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a busy moment of the machine weighs on both alike.
    for (let i = 0; i < samples + 3; i++) {
      for (const [target, into] of [
        [email, known],
        [`nobody-${i}@example.test`, unknown],
      ] as const) {
        const t0 = performance.now();
        const { error } = await client.auth.signInWithPassword({
          email: target,
          password: 'wrong-password-1',
        });
        if (error?.code !== 'invalid_credentials')
          throw error ?? new Error('signed in with a wrong password');
        if (i >= 3) into.push(performance.now() - t0);
      }
    }
    return {
      wrongPasswordKnownEmailP50Ms: round(percentile(known, 50)),
      unknownEmailP50Ms: round(percentile(unknown, 50)),
      samples,
    };
  } finally {
    await stack.stop();
  }
}
