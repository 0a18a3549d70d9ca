/**
 * Who may do what with notifications, watchers and preferences (SPEC §10), from each side: the recipient, another
 * member, an outsider, anon; removal hides a task's notifications; the per-user private channel delivers to its
 * user and refuses everyone else, through supabase-js against the stack (decisions 072, 074).
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, test } from 'vitest';
import { env } from './support/clients.ts';
import { asUser, createUser, createWorkspace, db, type Tx, type User } from './support/db.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const channels: RealtimeChannel[] = [];
afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
});

/** A workspace where the owner assigned a task to `member`: one notification for member. */
async function assignedWorld() {
  const [member, other, outsider] = [
    await createUser('member'),
    await createUser('other'),
    await createUser('outsider'),
  ];
  const ws = await createWorkspace({ member, admin: other });
  await createWorkspace({ member: outsider });
  const task = await asUser(
    ws.owner,
    async (tx) =>
      (
        await tx<{ id: string }[]>`
          insert into public.tasks (board_id, column_id, title, assignee_id, created_by)
          values (${ws.board}, ${ws.todo}, 'For member', ${member.id}, ${ws.owner.id}) returning id`
      )[0]!.id,
    { commit: true },
  );
  const [note] = await db<
    { id: string }[]
  >`select id from public.notifications where task_id = ${task} and user_id = ${member.id}`;
  return { ws, member, other, outsider, task, note: note!.id };
}

const readAs = (user: User | null, id: string) =>
  asUser(user, (tx) => tx`select id from public.notifications where id = ${id}`);

describe('notifications under row-level security', () => {
  test('only the recipient reads it; nobody inserts or deletes; the recipient changes read_at alone', async () => {
    const { member, other, outsider, ws, task, note } = await assignedWorld();
    expect(await readAs(member, note)).toHaveLength(1);
    for (const who of [other, outsider, ws.owner]) expect(await readAs(who, note)).toHaveLength(0);
    await expect(readAs(null, note)).rejects.toMatchObject({ code: '42501' });

    await expect(
      asUser(
        member,
        (tx) =>
          tx`insert into public.notifications (user_id, kind, task_id) values (${member.id}, 'assigned', ${task})`,
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      asUser(member, (tx) => tx`delete from public.notifications where id = ${note}`),
    ).rejects.toMatchObject({
      code: '42501',
    });
    for (const change of [
      (tx: Tx) => tx`update public.notifications set kind = 'removed' where id = ${note}`,
      (tx: Tx) => tx`update public.notifications set data = '{}' where id = ${note}`,
      (tx: Tx) => tx`update public.notifications set user_id = ${other.id} where id = ${note}`,
      (tx: Tx) => tx`update public.notifications set emailed_at = now() where id = ${note}`,
    ]) {
      await expect(asUser(member, change)).rejects.toMatchObject({ code: '42501' });
    }
    // Someone else marking it read changes nothing.
    const theirs = await asUser(
      other,
      (tx) => tx`update public.notifications set read_at = now() where id = ${note} returning id`,
      {
        commit: true,
      },
    );
    expect(theirs).toHaveLength(0);
    const mine = await asUser(
      member,
      (tx) => tx`update public.notifications set read_at = now() where id = ${note} returning id`,
      {
        commit: true,
      },
    );
    expect(mine).toHaveLength(1);
    const [row] = await db`select read_at, kind from public.notifications where id = ${note}`;
    expect(row!.read_at).not.toBeNull();
    expect(row!.kind).toBe('assigned');
  });

  test("removal hides the workspace's task notifications; the removal notice stays visible", async () => {
    const { ws, member, note } = await assignedWorld();
    await asUser(ws.owner, (tx) => tx`select public.remove_member(${ws.id}, ${member.id})`, { commit: true });
    expect(await readAs(member, note)).toHaveLength(0);
    // Marked read as well, so the bell's count (a plain count of unread rows) drops it too.
    const [hidden] = await db`select read_at from public.notifications where id = ${note}`;
    expect(hidden!.read_at).not.toBeNull();
    const visible = await asUser(
      member,
      (tx) => tx<{ kind: string }[]>`select kind from public.notifications`,
    );
    expect(visible.map((n) => n.kind)).toEqual(['removed']);
    // Nor can a hidden notification be marked read.
    const marked = await asUser(
      member,
      (tx) => tx`update public.notifications set read_at = now() where id = ${note} returning id`,
    );
    expect(marked).toHaveLength(0);
    expect(await db`select 1 from public.task_watchers where user_id = ${member.id}`).toHaveLength(0);
  });
});

describe('watching', () => {
  test('anyone who can see the task may watch and unwatch it, for themselves only', async () => {
    const viewer = await createUser('viewer');
    const { ws, task, outsider, member } = await assignedWorld();
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws.id}, ${viewer.id}, 'viewer')`;
    const watch = (who: User, userId = who.id) =>
      asUser(
        who,
        (tx) =>
          tx`insert into public.task_watchers (task_id, user_id) values (${task}, ${userId}) returning user_id`,
        {
          commit: true,
        },
      );
    expect(await watch(viewer)).toHaveLength(1);
    await expect(watch(outsider)).rejects.toMatchObject({ code: '42501' });
    await expect(watch(viewer, outsider.id)).rejects.toMatchObject({ code: '42501' });
    expect(
      await asUser(outsider, (tx) => tx`select * from public.task_watchers where task_id = ${task}`),
    ).toHaveLength(0);
    expect(
      await asUser(viewer, (tx) => tx`select * from public.task_watchers where task_id = ${task}`),
    ).toHaveLength(3);

    const unwatch = (who: User, userId: string) =>
      asUser(
        who,
        (tx) =>
          tx`delete from public.task_watchers where task_id = ${task} and user_id = ${userId} returning user_id`,
        {
          commit: true,
        },
      );
    expect(await unwatch(viewer, member.id)).toHaveLength(0);
    expect(await unwatch(viewer, viewer.id)).toHaveLength(1);
    // An unwatched viewer hears nothing of the next comment.
    await asUser(
      member,
      (tx) =>
        tx`insert into public.comments (task_id, author_id, body) values (${task}, ${member.id}, 'hello')`,
      {
        commit: true,
      },
    );
    expect(await db`select 1 from public.notifications where user_id = ${viewer.id}`).toHaveLength(0);
  });
});

describe('preferences and time zone', () => {
  test('defaults, own rows only, unknown kinds and deliveries refused; instant ones queue an email', async () => {
    const { member, other, ws, task } = await assignedWorld();
    // Assignments default to instant: the assignment queued one email.
    expect(await db`select kind from public.email_outbox where user_id = ${member.id}`).toEqual([
      { kind: 'instant' },
    ]);
    const set = (who: User, kind: string, delivery: string, userId = who.id) =>
      asUser(
        who,
        (tx) => tx`
          insert into public.notification_preferences (user_id, kind, delivery) values (${userId}, ${kind}, ${delivery})
          on conflict (user_id, kind) do update set delivery = excluded.delivery returning kind`,
        { commit: true },
      );
    await expect(set(member, 'shouted', 'instant')).rejects.toMatchObject({
      code: '23514',
      constraint_name: 'notification_preferences_kind_known',
    });
    await expect(set(member, 'assigned', 'carrier-pigeon')).rejects.toMatchObject({
      constraint_name: 'notification_preferences_delivery_known',
    });
    await expect(set(member, 'assigned', 'in_app', other.id)).rejects.toMatchObject({ code: '42501' });
    await set(member, 'assigned', 'in_app');
    await set(member, 'assigned', 'in_app');
    expect(await asUser(other, (tx) => tx`select * from public.notification_preferences`)).toHaveLength(0);
    await expect(
      asUser(null, (tx) => tx`select * from public.notification_preferences`),
    ).rejects.toMatchObject({
      code: '42501',
    });
    await expect(asUser(null, (tx) => tx`select * from public.task_watchers`)).rejects.toMatchObject({
      code: '42501',
    });
    await expect(asUser(member, (tx) => tx`select * from public.email_outbox`)).rejects.toMatchObject({
      code: '42501',
    });

    await asUser(ws.owner, (tx) => tx`update public.tasks set assignee_id = ${other.id} where id = ${task}`, {
      commit: true,
    });
    await asUser(
      ws.owner,
      (tx) => tx`update public.tasks set assignee_id = ${member.id} where id = ${task}`,
      { commit: true },
    );
    expect(await db`select kind from public.email_outbox where user_id = ${member.id}`).toHaveLength(1);
    expect(await db`select kind from public.email_outbox where user_id = ${other.id}`).toHaveLength(1);
  });

  test('a time zone from pg_timezone_names, UTC by default; anything else is VALIDATION', async () => {
    const user = await createUser('tz');
    const zone = () =>
      db`select time_zone from public.profiles where id = ${user.id}`.then((r) => r[0]!.time_zone);
    expect(await zone()).toBe('UTC');
    await asUser(
      user,
      (tx) => tx`update public.profiles set time_zone = 'Europe/Paris' where id = ${user.id}`,
      { commit: true },
    );
    await expect(
      asUser(user, (tx) => tx`update public.profiles set time_zone = 'Mars/Olympus' where id = ${user.id}`),
    ).rejects.toMatchObject({ code: 'P0001', message: 'VALIDATION', hint: 'time_zone' });
    expect(await zone()).toBe('Europe/Paris');
  });
});

describe('the per-user channel user:<uuid>:notifications', () => {
  async function signedIn(name: string) {
    const admin = createClient(env.apiUrl, env.serviceRoleKey, options);
    const email = `${name}-${crypto.randomUUID().slice(0, 8)}@lanes.test`;
    const created = await admin.auth.admin.createUser({
      email,
      password: 'secret-pass-1',
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const client = createClient(env.apiUrl, env.anonKey, options);
    const signIn = await client.auth.signInWithPassword({ email, password: 'secret-pass-1' });
    if (signIn.error) throw signIn.error;
    await client.realtime.setAuth();
    return { user: { id: created.data.user.id, email }, client };
  }

  function listen(
    client: SupabaseClient,
    topic: string,
    events: { event: string; payload: Record<string, unknown> }[],
  ) {
    const channel = client.channel(topic, { config: { private: true } });
    channels.push(channel);
    channel.on('broadcast', { event: '*' }, (message) =>
      events.push({ event: message.event, payload: message.payload }),
    );
    return new Promise<string>((resolve) =>
      channel.subscribe((status) => {
        if (status !== 'CLOSED') resolve(status);
      }),
    );
  }

  const until = (predicate: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (predicate() ? resolve() : setTimeout(check, 20));
      check();
    });

  test('delivers new notifications and read counts to its user and refuses everyone else', async () => {
    const me = await signedIn('me');
    const teammate = await signedIn('teammate');
    const ws = await createWorkspace({ member: me.user, admin: teammate.user });
    const topic = `user:${me.user.id}:notifications`;
    const mine: { event: string; payload: Record<string, unknown> }[] = [];
    expect(await listen(me.client, topic, mine)).toBe('SUBSCRIBED');
    expect(await listen(teammate.client, topic, [])).toBe('CHANNEL_ERROR');
    const anon = createClient(env.apiUrl, env.anonKey, options);
    expect(await listen(anon, topic, [])).toBe('CHANNEL_ERROR');

    const { error } = await teammate.client
      .from('tasks')
      .insert({ board_id: ws.board, column_id: ws.todo, title: 'Yours', assignee_id: me.user.id });
    expect(error).toBeNull();
    await until(() => mine.some((m) => m.event === 'notification'));
    const [note] = await db<
      { id: string }[]
    >`select id from public.notifications where user_id = ${me.user.id}`;
    expect(mine.find((m) => m.event === 'notification')!.payload).toMatchObject({
      notification_id: note!.id,
      kind: 'assigned',
      unread_count: 1,
    });

    const read = await me.client
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', note!.id)
      .select();
    expect(read.data).toHaveLength(1);
    await until(() => mine.some((m) => m.event === 'read'));
    expect(mine.find((m) => m.event === 'read')!.payload).toMatchObject({ unread_count: 0 });
  });
});
