/** @module tests/helpers — clients, users and emails for tests that run against the stack. */
import { type StackEnv, stackEnv } from '@lanes/stack/testing';
import { createLanesClient, type LanesClient } from '../src/client.ts';

export const SITE_URL = 'http://localhost:5173';

export function env(): StackEnv {
  return stackEnv();
}

/** A client with its own in-memory session, as one browser tab would have. */
export function anonClient(): LanesClient {
  const { apiUrl, anonKey } = env();
  return createLanesClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export function serviceClient(): LanesClient {
  const { apiUrl, serviceRoleKey } = env();
  return createLanesClient(apiUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@lanes.test`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: LanesClient;
}

/** A confirmed user made through the admin API, signed in on a fresh client. */
export async function createUser(
  displayName = 'Test User',
  prefix = 'user',
  address?: string,
): Promise<TestUser> {
  const email = address ?? uniqueEmail(prefix);
  const password = 'secret-pass-1';
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { display_name: displayName },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, email, password, client };
}

interface InboxMessage {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
  To: { Address: string }[];
}

/** The newest email to `address` in the stack's inbox (Auth's and the functions' emails alike), or null. */
export async function latestEmail(address: string): Promise<InboxMessage | null> {
  const { inboxUrl } = env();
  const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  const { messages } = (await search.json()) as { messages: { ID: string }[] };
  const first = messages[0];
  if (!first) return null;
  return (await (await fetch(`${inboxUrl}/api/v1/message/${first.ID}`)).json()) as InboxMessage;
}

/**
 * The token hash of the link in the newest email to `address`: `token_hash=` in the project's templates (links to
 * the app's /auth/confirm), `token=` in GoTrue's default ones (links to /auth/v1/verify).
 */
export async function emailedTokenHash(address: string): Promise<string> {
  const message = await latestEmail(address);
  const token = /[?&]token(?:_hash)?=([^&\s"'<>)]+)/.exec(
    `${message?.Text ?? ''} ${message?.HTML ?? ''}`,
  )?.[1];
  if (!token) throw new Error(`no token link in the email to ${address}`);
  return decodeURIComponent(token);
}

/** A slug no other test uses. */
export function uniqueSlug(prefix = 'ws'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** Makes `userId` a member with `role` directly (service role), as an accepted invitation would. */
export async function addMember(
  workspaceId: string,
  userId: string,
  role: 'owner' | 'admin' | 'member' | 'viewer',
) {
  const { error } = await serviceClient()
    .from('workspace_members')
    .insert({ workspace_id: workspaceId, user_id: userId, role });
  if (error) throw error;
}

/** Counts the HTTP requests a client makes, to prove "one request" reads. */
export function countingClient(): { client: LanesClient; requests: string[] } {
  const { apiUrl, anonKey } = env();
  const requests: string[] = [];
  const client = createLanesClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: (input, init) => {
        requests.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    },
  });
  return { client, requests };
}

/** The raw invitation token from the `/invite/<token>` link in the newest email to `address`. */
export async function emailedInviteToken(address: string): Promise<string> {
  const message = await latestEmail(address);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(message?.Text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link in the email to ${address}`);
  return token;
}
