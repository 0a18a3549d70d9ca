/**
 * Sign-in and auth-email limits (decision 069): what `begin_auth_attempt` and `sign_in_succeeded` count, who
 * may call them, and that a stranger without the web server's secret cannot spend or clear anyone's budget.
 * Each test uses fresh random keys, so tests never share a bucket.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, test } from 'vitest';
import { env } from './support/clients.ts';
import { alice, asUser, db } from './support/db.ts';

/** A key as the web server makes one: a base64url HMAC-SHA256 digest (43 characters). */
const key = () => randomBytes(32).toString('base64url');

const begin = (action: string, account: string, address: string) =>
  asUser(
    null,
    async (tx) => {
      const [row] = await tx<{ wait: number }[]>`
        select public.begin_auth_attempt(${action}, ${account}, ${address}) as wait`;
      return row!.wait;
    },
    { commit: true },
  );

const succeeded = (account: string, address: string) =>
  asUser(alice, (tx) => tx`select public.sign_in_succeeded(${account}, ${address})`, { commit: true });

/** Makes `n` attempts and returns each answer. */
async function attempts(n: number, action: string, account: string, address: string) {
  const waits: number[] = [];
  for (let i = 0; i < n; i += 1) waits.push(await begin(action, account, address));
  return waits;
}

const counted = async (bucketPrefix: string) => {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from private.auth_attempts where bucket like ${`${bucketPrefix}%`}`;
  return row!.n;
};

describe('sign-in attempts', () => {
  test('an account+address pair gets 10 failed attempts in 15 minutes, then a wait of up to 15 minutes', async () => {
    const [account, address] = [key(), key()];
    const waits = await attempts(12, 'sign_in', account, address);
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits[10]).toBeGreaterThan(14 * 60);
    expect(waits[10]).toBeLessThanOrEqual(15 * 60);
    // A refused attempt is not counted: the pair still holds exactly 10.
    expect(await counted(`sign_in:pair:${account}:${address}`)).toBe(10);
  });

  test('the same account from another address is not locked out by the pair limit', async () => {
    const account = key();
    await attempts(10, 'sign_in', account, key());
    expect(await begin('sign_in', account, key())).toBe(0);
  });

  test('another account from the locked address still gets in', async () => {
    const address = key();
    await attempts(10, 'sign_in', key(), address);
    expect(await begin('sign_in', key(), address)).toBe(0);
  });

  test('an account gets 50 failures across all addresses: then every address waits', async () => {
    const account = key();
    for (let i = 0; i < 10; i += 1) {
      expect(await attempts(5, 'sign_in', account, key())).toEqual(Array(5).fill(0));
    }
    expect(await begin('sign_in', account, key())).toBeGreaterThan(0);
  });

  test('an address gets 100 failures across all accounts (credential stuffing), then waits', async () => {
    const address = key();
    for (let i = 0; i < 100; i += 1) expect(await begin('sign_in', key(), address)).toBe(0);
    expect(await begin('sign_in', key(), address)).toBeGreaterThan(0);
  });

  test('a success clears the pair and takes back its own count from the account and address buckets', async () => {
    const [account, address] = [key(), key()];
    await attempts(9, 'sign_in', account, address);
    expect(await begin('sign_in', account, address)).toBe(0); // the 10th, then it succeeds
    await succeeded(account, address);
    expect(await counted(`sign_in:pair:${account}`)).toBe(0);
    expect(await counted(`sign_in:account:${account}`)).toBe(9);
    expect(await counted(`sign_in:address:${address}`)).toBe(9);
    expect(await attempts(10, 'sign_in', account, address)).toEqual(Array(10).fill(0));
  });

  test('a burst of concurrent attempts cannot all pass the check before any is counted', async () => {
    const [account, address] = [key(), key()];
    const waits = await Promise.all(Array.from({ length: 20 }, () => begin('sign_in', account, address)));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    expect(await counted(`sign_in:pair:${account}`)).toBe(10);
  });
});

describe('auth emails', () => {
  test('3 per account+address in 15 minutes, and the account can still ask from elsewhere', async () => {
    const [account, address] = [key(), key()];
    expect(await attempts(4, 'email', account, address)).toEqual([0, 0, 0, expect.any(Number)]);
    expect((await attempts(1, 'email', account, address))[0]).toBeGreaterThan(0);
    expect(await begin('email', account, key())).toBe(0);
  });

  test('10 per account in an hour from anywhere (nobody can flood one inbox), with a wait up to an hour', async () => {
    const account = key();
    for (let i = 0; i < 10; i += 1) expect(await begin('email', account, key())).toBe(0);
    const wait = await begin('email', account, key());
    expect(wait).toBeGreaterThan(59 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });

  test('sign-in and email budgets are separate', async () => {
    const [account, address] = [key(), key()];
    await attempts(3, 'email', account, address);
    expect(await begin('sign_in', account, address)).toBe(0);
  });
});

describe('bad input and callers', () => {
  test('an unknown action or a key that is not a digest is VALIDATION and counts nothing', async () => {
    const before = await counted('');
    for (const [action, account, address, field] of [
      ['sign_up', key(), key(), 'action'],
      ['sign_in', 'alice@lanes.test', key(), 'account_key'],
      ['sign_in', key(), '203.0.113.9', 'address_key'],
      ['email', key(), null, 'address_key'],
    ] as const) {
      const error = await begin(action, account, address as string).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'P0001', message: 'VALIDATION', hint: field });
    }
    expect(await counted('')).toBe(before);
  });

  test('the table is out of the API: anon and signed-in users cannot read or write it', async () => {
    for (const user of [null, alice]) {
      const error = await asUser(user, (tx) => tx`select * from private.auth_attempts`).catch((e) => e);
      expect(error).toMatchObject({ code: '42501' });
    }
  });

  test('over /rest/v1/rpc anon may begin an attempt but not clear failures; nobody may call the helper', async () => {
    const anon = createClient(env.apiUrl, env.anonKey, { auth: { persistSession: false } });
    const [account, address] = [key(), key()];
    const begun = await anon.rpc('begin_auth_attempt', {
      action: 'sign_in',
      account_key: account,
      address_key: address,
    });
    expect(begun).toMatchObject({ data: 0, error: null });
    const cleared = await anon.rpc('sign_in_succeeded', { account_key: account, address_key: address });
    expect(cleared.error).toMatchObject({ code: '42501' });
    expect(await counted(`sign_in:pair:${account}`)).toBe(1);
    const [grants] = await db<{ anon: boolean; authenticated: boolean }[]>`
      select has_function_privilege('anon', 'private.auth_attempt_wait(text, integer, interval)', 'execute') as anon,
             has_function_privilege('authenticated', 'private.auth_attempt_wait(text, integer, interval)', 'execute')
               as authenticated`;
    expect(grants).toEqual({ anon: false, authenticated: false });
  });
});
