/** Shared helpers of the auth contract tests: clients, unique addresses, the inbox, raw requests. */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { stackEnv } from '../src/testing.ts';

export const env = stackEnv();

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export const anon = (): SupabaseClient => createClient(env.apiUrl, env.anonKey, options);
export const admin = (): SupabaseClient => createClient(env.apiUrl, env.serviceRoleKey, options);

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export interface Mail {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
  To: { Address: string }[];
}

/** The newest email to `to`, read through the inbox's Mailpit-like API. */
export async function latestEmail(to: string): Promise<Mail> {
  const search = await fetch(`${env.inboxUrl}/api/v1/search?query=to:${encodeURIComponent(to)}`);
  const { messages } = (await search.json()) as { messages: { ID: string }[] };
  if (!messages.length) throw new Error(`no email for ${to}`);
  const one = await fetch(`${env.inboxUrl}/api/v1/message/${messages[0]!.ID}`);
  return (await one.json()) as Mail;
}

export async function emailCount(to: string): Promise<number> {
  const search = await fetch(`${env.inboxUrl}/api/v1/search?query=to:${encodeURIComponent(to)}`);
  return ((await search.json()) as { total: number }).total;
}

export function linkIn(mail: Mail): URL {
  const match = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.Text);
  if (!match) throw new Error(`no link in: ${mail.Text}`);
  return new URL(match[1]!);
}

export function codeIn(mail: Mail): string {
  const match = /enter this code: (\d+)/.exec(mail.Text);
  if (!match) throw new Error(`no code in: ${mail.Text}`);
  return match[1]!;
}

/** A raw request to the auth API with the anon apikey (plus `headers`). */
export function authFetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${env.apiUrl}/auth/v1${path}`, {
    ...init,
    redirect: 'manual',
    headers: { apikey: env.anonKey, 'content-type': 'application/json', ...init.headers },
  });
}

/** A user who can sign in with a password right away (made through the admin API). */
export async function confirmedUser(
  prefix = 'user',
  password = 'password-123',
  data: Record<string, unknown> = {},
) {
  const email = uniqueEmail(prefix);
  const { data: created, error } = await admin().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: data,
  });
  if (error) throw error;
  return { email, password, id: created.user!.id };
}

/** Signs in with a password and returns the session (throws on failure). */
export async function signIn(email: string, password: string) {
  const { data, error } = await anon().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session!;
}

export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
} {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(p!, 'base64url').toString()),
  };
}
