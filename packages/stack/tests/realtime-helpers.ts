/**
 * Helpers for the Realtime tests and bench: users in auth.users, HS256 tokens for them, supabase-js clients
 * with a chosen protocol version, and promises for subscription states and events.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { Sql } from 'postgres';
import { signHs256 } from './helpers/jwt.ts';

export interface TestUser {
  id: string;
  token: string;
}

export function signToken(secret: string, claims: Record<string, unknown>): string {
  return signHs256(claims, secret);
}

/** A user's id and a token for it, not yet in auth.users (see insertUser). */
export function newUser(secret: string, expiresIn = 3600): TestUser {
  const id = randomUUID();
  return { id, token: tokenFor(secret, id, expiresIn) };
}

export async function insertUser(sql: Sql, user: TestUser): Promise<void> {
  await sql`insert into auth.users (id, aud, role, email) values (${user.id}, 'authenticated', 'authenticated', ${`${user.id}@example.com`})`;
}

export async function createUser(sql: Sql, secret: string, expiresIn = 3600): Promise<TestUser> {
  const user = newUser(secret, expiresIn);
  await insertUser(sql, user);
  return user;
}

export function tokenFor(secret: string, id: string, expiresIn: number): string {
  const now = Math.floor(Date.now() / 1000);
  return signToken(secret, {
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + expiresIn,
  });
}

/**
 * A supabase-js client whose Realtime identity is `token` (through the `accessToken` option, so supabase-js
 * sends it on join and on every refresh); `setToken` swaps it and pushes `access_token` to joined channels.
 */
export async function realtimeClient(
  apiUrl: string,
  anonKey: string,
  options: { token?: string; vsn?: '1.0.0' | '2.0.0' } = {},
): Promise<SupabaseClient & { setToken(token: string): Promise<void> }> {
  let current = options.token ?? anonKey;
  const client = createClient(apiUrl, anonKey, {
    accessToken: async () => current,
    realtime: { vsn: options.vsn ?? '2.0.0', heartbeatIntervalMs: 5000 },
  });
  // Let the client settle its token before any channel is made, so the join carries it.
  await client.realtime.setAuth();
  return Object.assign(client, {
    async setToken(token: string) {
      current = token;
      await client.realtime.setAuth();
    },
  });
}

/** Subscribes and resolves with SUBSCRIBED, or rejects with the channel error. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

/** Collects payloads pushed into `list`; `until(n)` resolves once `list` has n entries. */
export class Collector<T> {
  readonly list: T[] = [];
  #waiters: { n: number; resolve: () => void }[] = [];
  push = (item: T): void => {
    this.list.push(item);
    this.#waiters = this.#waiters.filter((w) => {
      if (this.list.length < w.n) return true;
      w.resolve();
      return false;
    });
  };
  until(n: number, timeoutMs = 10_000): Promise<T[]> {
    if (this.list.length >= n) return Promise.resolve(this.list);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${n} events, got ${this.list.length}`)),
        timeoutMs,
      );
      this.#waiters.push({
        n,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.list);
        },
      });
    });
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
