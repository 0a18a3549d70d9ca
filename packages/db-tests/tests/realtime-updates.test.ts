/**
 * Realtime UPDATE events on Lanes' own tables, from the side of whoever must not get them: an outsider, a
 * member removed while subscribed, and a viewer whose row moved out of their sight. An event is checked
 * against the row as it is after the update, as each subscriber (decision 031). Absence is shown by order:
 * each test ends with an update the subscriber may see, and the events that arrived before it are the proof.
 */
import { createHmac } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, test } from 'vitest';
import { env } from './support/clients.ts';
import { createTasks, createUser, createWorkspace, db, type User } from './support/db.ts';

const channels: RealtimeChannel[] = [];
afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
});

/** supabase-js for `user`, with an access token signed by the project secret (REST and Realtime use it). */
function clientFor(user: User): SupabaseClient {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    sub: user.id,
    email: user.email,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
  })}`;
  const signature = createHmac('sha256', env.jwtSecret).update(unsigned).digest('base64url');
  const token = `${unsigned}.${signature}`;
  const client = createClient(env.apiUrl, env.anonKey, { accessToken: async () => token });
  // Joins carry the token from the first one on (supabase-js would otherwise send its first join as anon).
  client.realtime.setAuth(token);
  return client;
}

interface Row {
  id: string;
  title?: string;
  body?: string;
  board_id?: string;
}

/** Every UPDATE of `table` the client is sent, in arrival order, from the moment this resolves. */
async function updatesOf(client: SupabaseClient, table: 'tasks' | 'comments'): Promise<Row[]> {
  const seen: Row[] = [];
  const channel = client
    .channel(`updates-${crypto.randomUUID()}`)
    .on('postgres_changes', { event: 'UPDATE', schema: 'public', table }, (e) => seen.push(e.new as Row));
  channels.push(channel);
  await new Promise<void>((ok, fail) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') ok();
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') fail(error ?? new Error(status));
    }),
  );
  return seen;
}

/** Resolves once `seen` holds a row with `id` (the sentinel), then returns the ids that came before it. */
async function idsBefore(seen: Row[], id: string): Promise<string[]> {
  await expect.poll(() => seen.some((row) => row.id === id), { timeout: 10_000 }).toBe(true);
  return seen
    .slice(
      0,
      seen.findIndex((row) => row.id === id),
    )
    .map((row) => row.id);
}

async function commentOn(taskId: string, author: User): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into public.comments (task_id, author_id, body) values (${taskId}, ${author.id}, 'First') returning id`;
  return row!.id;
}

describe('realtime UPDATE events on Lanes tables', () => {
  test('an outsider gets no task or comment update of a workspace they are not in', async () => {
    const member = await createUser('member');
    const outsider = await createUser('outsider');
    const theirs = await createWorkspace({ member });
    const own = await createWorkspace({ owner: outsider });
    const [task] = await createTasks(theirs, theirs.todo, 1, 'Private');
    const [sentinelTask] = await createTasks(own, own.todo, 1, 'Own');
    const comment = await commentOn(task!, member);
    const sentinelComment = await commentOn(sentinelTask!, outsider);

    const [outsiderTasks, outsiderComments, memberTasks] = await Promise.all([
      updatesOf(clientFor(outsider), 'tasks'),
      updatesOf(clientFor(outsider), 'comments'),
      updatesOf(clientFor(member), 'tasks'),
    ]);
    await db`update public.tasks set title = 'Renamed in private' where id = ${task!}`;
    await db`update public.comments set body = 'Edited in private' where id = ${comment}`;
    await db`update public.tasks set title = 'Renamed at home' where id = ${sentinelTask!}`;
    await db`update public.comments set body = 'Edited at home' where id = ${sentinelComment}`;

    expect(await idsBefore(outsiderTasks, sentinelTask!)).toEqual([]);
    expect(await idsBefore(outsiderComments, sentinelComment)).toEqual([]);
    // The same update did reach the workspace's member.
    await expect.poll(() => memberTasks.map((row) => row.title)).toContain('Renamed in private');
  });

  test('a member removed while subscribed stops getting updates at once', async () => {
    const member = await createUser('leaving');
    const workspace = await createWorkspace({ member });
    const elsewhere = await createWorkspace({ viewer: member });
    const [task] = await createTasks(workspace, workspace.todo, 1, 'Shared');
    const [sentinel] = await createTasks(elsewhere, elsewhere.todo, 1, 'Still visible');

    const seen = await updatesOf(clientFor(member), 'tasks');
    await db`update public.tasks set title = 'Seen while a member' where id = ${task!}`;
    await expect.poll(() => seen.map((row) => row.title)).toContain('Seen while a member');

    await db`delete from public.workspace_members where workspace_id = ${workspace.id} and user_id = ${member.id}`;
    const before = seen.length;
    await db`update public.tasks set title = 'Changed after removal' where id = ${task!}`;
    await db`update public.tasks set title = 'Sentinel' where id = ${sentinel!}`;
    expect((await idsBefore(seen, sentinel!)).slice(before)).toEqual([]);
  });

  test('a viewer gets nothing of an update that moves a row out of their sight; its new readers get it', async () => {
    const viewer = await createUser('viewer');
    const reader = await createUser('reader');
    const from = await createWorkspace({ viewer });
    const to = await createWorkspace({ viewer: reader });
    const [task] = await createTasks(from, from.todo, 1, 'Moving');
    const [sentinel] = await createTasks(from, from.todo, 1, 'Staying');

    const [viewerSees, readerSees] = await Promise.all([
      updatesOf(clientFor(viewer), 'tasks'),
      updatesOf(clientFor(reader), 'tasks'),
    ]);
    // The app never moves a task between boards (the column grants leave board_id out); the service role
    // can, and the event is then judged by the row's new board.
    await db`update public.tasks set board_id = ${to.board}, column_id = ${to.todo}, number = 1000 where id = ${task!}`;
    await db`update public.tasks set title = 'Staying, renamed' where id = ${sentinel!}`;

    // The rename commits after the move, so once it has arrived the move's event would have too. Only the move
    // is judged: under load the decoder can still be behind the join, and an earlier change of the task, made
    // while it was on the viewer's board, is then rightly delivered (hosted Realtime checks each change's own row).
    await expect
      .poll(() => viewerSees.some((row) => row.id === sentinel && row.title === 'Staying, renamed'), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(viewerSees.filter((row) => row.id === task && row.board_id === to.board)).toEqual([]);
    await expect.poll(() => readerSees.map((row) => row.id)).toContain(task!);
  });
});
