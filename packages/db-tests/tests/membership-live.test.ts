/**
 * Membership changes over Realtime, from the attacker's side (decision 068): someone signed out and someone of
 * another workspace listen every way they can (postgres_changes on workspace_members, filtered or not; the
 * private topic; a public channel of the same name) and learn nothing when a member is re-roled or removed,
 * while a member of the workspace hears both.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from './support/clients.ts';
import { asUser, createWorkspace, db, type User, type Workspace } from './support/db.ts';

const channels: RealtimeChannel[] = [];
afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
});

/** The public room the attackers' postgres_changes ride on; its sentinel comes by broadcast. */
const SENTINEL_ROOM = `attacker-${crypto.randomUUID()}`;
const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

interface Person {
  user: User;
  /** A new client signed in as them (supabase-js holds one channel per topic name per client). */
  client(): Promise<SupabaseClient>;
}

/** A fresh user with a password; each client carries their token to Realtime. */
async function person(name: string): Promise<Person> {
  const admin = createClient(env.apiUrl, env.serviceRoleKey, options);
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@lanes.test`;
  const created = await admin.auth.admin.createUser({
    email,
    password: 'secret-pass-1',
    email_confirm: true,
  });
  if (created.error) throw created.error;
  return {
    user: { id: created.data.user.id, email },
    async client() {
      const client = createClient(env.apiUrl, env.anonKey, options);
      const signIn = await client.auth.signInWithPassword({ email, password: 'secret-pass-1' });
      if (signIn.error) throw signIn.error;
      await client.realtime.setAuth();
      return client;
    },
  };
}

/** Joins `channel` and resolves with its first status other than CLOSED. */
function joined(channel: RealtimeChannel): Promise<string> {
  channels.push(channel);
  return new Promise((resolve) =>
    channel.subscribe((status) => {
      if (status !== 'CLOSED') resolve(status);
    }),
  );
}

/** Polls until `predicate` holds (the test's timeout is the deadline). */
function until(predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (predicate() ? resolve() : setTimeout(check, 20));
    check();
  });
}

interface Ears {
  /** Everything heard about memberships, in order. */
  heard: string[];
  /** Whether the sentinel, sent after the membership changes, has arrived on every channel. */
  sentinels: () => boolean;
}

/**
 * Listens as `client` everywhere a membership change of `ws` could surface. Each channel also waits for a
 * sentinel, a public broadcast from the database sent after the changes on the same replication stream, so
 * "heard nothing" is checked once the sentinels are in.
 */
async function listen(client: () => Promise<SupabaseClient>, ws: Workspace, topic: string): Promise<Ears> {
  const heard: string[] = [];
  let changesSentinel = false;
  let publicSentinel = false;
  const changes = (await client())
    .channel(SENTINEL_ROOM)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'workspace_members' }, (p) =>
      heard.push(`changes ${p.eventType} ${JSON.stringify(p.old)}`),
    )
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'workspace_members', filter: `workspace_id=eq.${ws.id}` },
      (p) => heard.push(`filtered ${p.eventType} ${JSON.stringify(p.old)}`),
    )
    .on('broadcast', { event: 'sentinel' }, () => {
      changesSentinel = true;
    });
  expect(await joined(changes)).toBe('SUBSCRIBED');
  const publicRoom = (await client())
    .channel(topic)
    .on('broadcast', { event: 'membership_changed' }, (m) => heard.push(`public ${JSON.stringify(m)}`))
    .on('broadcast', { event: 'sentinel' }, () => {
      publicSentinel = true;
    });
  expect(await joined(publicRoom)).toBe('SUBSCRIBED');
  const privateRoom = (await client())
    .channel(topic, { config: { private: true } })
    .on('broadcast', { event: '*' }, (m) => heard.push(`private ${JSON.stringify(m)}`));
  expect(await joined(privateRoom)).toBe('CHANNEL_ERROR');
  return { heard, sentinels: () => changesSentinel && publicSentinel };
}

let ws: Workspace & { owner: User };
let victim: Person;
let member: Person;
let outsider: Person;

beforeAll(async () => {
  member = await person('member');
  outsider = await person('outsider');
  victim = await person('victim');
  ws = await createWorkspace({ member: member.user, admin: victim.user });
});

/** Changes the victim's role, then removes them, as an admin's RPCs would (the triggers fire alike). */
async function reRoleAndRemove() {
  await db`update public.workspace_members set role = 'viewer' where workspace_id = ${ws.id} and user_id = ${victim.user.id}`;
  await db`delete from public.workspace_members where workspace_id = ${ws.id} and user_id = ${victim.user.id}`;
}

describe('membership changes', () => {
  test('reach nobody signed out or outside the workspace, however they listen', async () => {
    const topic = `workspace:${ws.id}:members`;
    const signedOut = async () => createClient(env.apiUrl, env.anonKey, options);
    const ears = [await listen(signedOut, ws, topic), await listen(() => outsider.client(), ws, topic)];
    await reRoleAndRemove();
    // The sentinels follow the changes on the same replication stream.
    for (const room of [SENTINEL_ROOM, topic])
      await db`select realtime.send('{}'::jsonb, 'sentinel', ${room}, false)`;
    await until(() => ears.every((e) => e.sentinels()));
    for (const { heard } of ears) expect(heard).toEqual([]);
  });

  test("reach the workspace's members over the private topic", async () => {
    const other = await createWorkspace({ member: member.user, admin: victim.user });
    const heard: string[] = [];
    const room = (await member.client())
      .channel(`workspace:${other.id}:members`, { config: { private: true } })
      .on('broadcast', { event: 'membership_changed' }, ({ payload }) => heard.push(payload.operation));
    expect(await joined(room)).toBe('SUBSCRIBED');
    ws = other;
    await reRoleAndRemove();
    await until(() => heard.length >= 2);
    expect(heard).toEqual(['UPDATE', 'DELETE']);
  });

  test('a member cannot forge a membership change on the topic', async () => {
    const topic = `workspace:${ws.id}:members`;
    const forge = asUser(member.user, async (tx) => {
      await tx`select set_config('realtime.topic', ${topic}, true)`;
      return tx`insert into realtime.messages (topic, extension, event, payload, private)
                values (${topic}, 'broadcast', 'membership_changed', '{}', true) returning id`;
    });
    await expect(forge).rejects.toMatchObject({ code: '42501' });
  });
});
