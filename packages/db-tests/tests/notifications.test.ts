/**
 * SPEC §10 notifications, made by triggers: every kind reaches the right people and never the actor; mentions
 * resolve in the database (handle, unknown, ambiguous, outsider, cap 20, edits add once); comments collapse;
 * watchers are added automatically; due-date reminders for a moved clock (decisions 072, 073).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { asService, asUser, createUser, createWorkspace, db, tokenHash, type User } from './support/db.ts';

const handle = (user: User) => user.email.split('@')[0]!;

interface Note {
  kind: string;
  user_id: string;
  actor_id: string | null;
  data: Record<string, unknown>;
}

/** Notifications of a task (or of a user), as stored. */
async function notes(where: { task?: string; user?: string }) {
  return db<Note[]>`
    select kind, user_id, actor_id, data from public.notifications
    where (${where.task ?? null}::uuid is null or task_id = ${where.task ?? null})
      and (${where.user ?? null}::uuid is null or user_id = ${where.user ?? null})
    order by created_at, kind`;
}

async function watchers(task: string) {
  const rows = await db<
    { user_id: string }[]
  >`select user_id from public.task_watchers where task_id = ${task}`;
  return rows.map((r) => r.user_id).sort();
}

/** A task created by `by` through the API's path (RLS and triggers as that user). */
async function createTask(
  by: User,
  board: string,
  column: string,
  fields: { assignee?: string; description?: string } = {},
) {
  return asUser(
    by,
    async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        insert into public.tasks (board_id, column_id, title, assignee_id, description, created_by)
        values (${board}, ${column}, 'A task', ${fields.assignee ?? null}, ${fields.description ?? ''}, ${by.id})
        returning id`;
      return row!.id;
    },
    { commit: true },
  );
}

async function comment(by: User, task: string, body: string) {
  return asUser(
    by,
    async (tx) => {
      const [row] = await tx<{ id: string; body: string }[]>`
        insert into public.comments (task_id, author_id, body) values (${task}, ${by.id}, ${body}) returning id, body`;
      return row!;
    },
    { commit: true },
  );
}

describe('who gets what', () => {
  test('assigned: the assignee, not someone assigning themselves', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    const task = await createTask(ws.owner, ws.board, ws.todo, { assignee: member.id });
    expect(await notes({ task })).toEqual([
      { kind: 'assigned', user_id: member.id, actor_id: ws.owner.id, data: {} },
    ]);
    const own = await createTask(member, ws.board, ws.todo, { assignee: member.id });
    expect(await notes({ task: own })).toEqual([]);
    // Reassigning tells the new assignee only.
    await asUser(member, (tx) => tx`update public.tasks set assignee_id = ${ws.owner.id} where id = ${own}`, {
      commit: true,
    });
    expect((await notes({ task: own })).map((n) => [n.kind, n.user_id])).toEqual([['assigned', ws.owner.id]]);
  });

  test('creator, assignee, commenters and mentioned people watch automatically', async () => {
    const [member, admin, viewer] = [
      await createUser('member'),
      await createUser('admin'),
      await createUser('viewer'),
    ];
    const ws = await createWorkspace({ member, admin, viewer });
    const task = await createTask(member, ws.board, ws.todo, { assignee: admin.id });
    expect(await watchers(task)).toEqual([member.id, admin.id].sort());
    await comment(ws.owner, task, `looping in @${handle(viewer)}`);
    expect(await watchers(task)).toEqual([member.id, admin.id, ws.owner.id, viewer.id].sort());
  });

  test('commented: the watchers but the author; mentioned people get `mentioned` instead', async () => {
    const [member, admin, viewer] = [
      await createUser('member'),
      await createUser('admin'),
      await createUser('viewer'),
    ];
    const ws = await createWorkspace({ member, admin, viewer });
    const task = await createTask(member, ws.board, ws.todo, { assignee: admin.id });
    await db`delete from public.notifications where task_id = ${task}`;
    const c = await comment(ws.owner, task, `@${handle(admin)} can you check?`);
    const got = (await notes({ task })).map((n) => [n.kind, n.user_id, n.data.comment_id]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['commented', member.id, c.id],
        ['mentioned', admin.id, c.id],
      ]),
    );
    expect(got).toHaveLength(2);
  });

  test('completed: every watcher but the one who moved it to done', async () => {
    const [member, admin] = [await createUser('member'), await createUser('admin')];
    const ws = await createWorkspace({ member, admin });
    const task = await createTask(member, ws.board, ws.todo, { assignee: admin.id });
    await db`delete from public.notifications where task_id = ${task}`;
    await asUser(admin, (tx) => tx`update public.tasks set column_id = ${ws.done} where id = ${task}`, {
      commit: true,
    });
    expect((await notes({ task })).map((n) => [n.kind, n.user_id, n.actor_id])).toEqual([
      ['completed', member.id, admin.id],
    ]);
  });

  test('invited: only an email that has an account; role changed and removed, but not leaving', async () => {
    const [admin, member, stranger] = [
      await createUser('admin'),
      await createUser('member'),
      await createUser('stranger'),
    ];
    const ws = await createWorkspace({ admin, member });
    await asUser(
      admin,
      (tx) => tx`
        insert into public.invitations (workspace_id, email, role, token_hash, invited_by) values
          (${ws.id}, ${stranger.email}, 'viewer', ${tokenHash()}, ${admin.id}),
          (${ws.id}, ${`nobody-${randomUUID().slice(0, 8)}@lanes.test`}, 'viewer', ${tokenHash()}, ${admin.id})`,
      { commit: true },
    );
    const [invited] = await notes({ user: stranger.id });
    expect(invited).toMatchObject({
      kind: 'invited',
      actor_id: admin.id,
      data: { role: 'viewer', workspace_name: ws.slug },
    });
    expect(
      await db`select 1 from public.notifications where workspace_id = ${ws.id} and kind = 'invited'`,
    ).toHaveLength(1);
    // The invitee reads it under RLS although the workspace is not theirs (yet).
    const seen = await asUser(
      stranger,
      (tx) => tx<{ kind: string }[]>`select kind from public.notifications`,
    );
    expect(seen.map((n) => n.kind)).toEqual(['invited']);

    await asUser(ws.owner, (tx) => tx`select public.change_member_role(${ws.id}, ${member.id}, 'viewer')`, {
      commit: true,
    });
    expect(await notes({ user: member.id })).toEqual([
      {
        kind: 'role_changed',
        user_id: member.id,
        actor_id: ws.owner.id,
        data: { from: 'member', to: 'viewer', workspace_name: ws.slug },
      },
    ]);
    await asUser(ws.owner, (tx) => tx`select public.remove_member(${ws.id}, ${member.id})`, { commit: true });
    expect((await notes({ user: member.id })).map((n) => n.kind)).toEqual(['role_changed', 'removed']);
    await asUser(admin, (tx) => tx`select public.leave_workspace(${ws.id})`, { commit: true });
    expect(await notes({ user: admin.id })).toEqual([]);
  });
});

describe('mentions', () => {
  test('a handle resolves to a reference; unknown, outsider and ambiguous handles stay plain text', async () => {
    const member = await createUser('member');
    const outsider = await createUser('outsider');
    await createWorkspace({ member: outsider });
    const twin = `twin-${randomUUID().slice(0, 6)}`;
    const [twinA, twinB] = [await createUser('a'), await createUser('b')];
    await db`update auth.users set email = ${`${twin}@one.test`} where id = ${twinA.id}`;
    await db`update auth.users set email = ${`${twin}@two.test`} where id = ${twinB.id}`;
    const ws = await createWorkspace({ member, admin: twinA, viewer: twinB });
    const task = await createTask(ws.owner, ws.board, ws.todo);
    const body = `Hi @${handle(member).toUpperCase()}, @${handle(outsider)} @nobody-here @${twin}; mail ${member.email}.`;
    const c = await comment(ws.owner, task, body);
    expect(c.body).toBe(
      `Hi @[${member.id}], @${handle(outsider)} @nobody-here @${twin}; mail ${member.email}.`,
    );
    expect((await notes({ task })).filter((n) => n.kind === 'mentioned').map((n) => n.user_id)).toEqual([
      member.id,
    ]);
    expect(await notes({ user: outsider.id })).toEqual([]);

    // A reference sent as such (the suggestion list's form) to a non-member is kept as text and notifies nobody.
    const direct = await comment(ws.owner, task, `fyi @[${outsider.id}]`);
    expect(direct.body).toBe(`fyi @[${outsider.id}]`);
    expect(await notes({ user: outsider.id })).toEqual([]);
  });

  test('task descriptions resolve too, and an edit notifies only the people it adds', async () => {
    const [a, b] = [await createUser('a'), await createUser('b')];
    const ws = await createWorkspace({ member: a, admin: b });
    const task = await createTask(ws.owner, ws.board, ws.todo, { description: `for @${handle(a)}` });
    const [row] = await db`select description from public.tasks where id = ${task}`;
    expect(row!.description).toBe(`for @[${a.id}]`);
    await asUser(
      ws.owner,
      (tx) =>
        tx`update public.tasks set description = ${`for @[${a.id}] and @${handle(b)}`} where id = ${task}`,
      { commit: true },
    );
    expect((await notes({ task })).map((n) => [n.kind, n.user_id])).toEqual([
      ['mentioned', a.id],
      ['mentioned', b.id],
    ]);
  });

  test('editing a comment to add a mention notifies once', async () => {
    const [a, b] = [await createUser('a'), await createUser('b')];
    const ws = await createWorkspace({ member: a, admin: b });
    const task = await createTask(ws.owner, ws.board, ws.todo);
    const c = await comment(ws.owner, task, `ping @${handle(a)}`);
    const edit = (body: string) =>
      asUser(ws.owner, (tx) => tx`update public.comments set body = ${body} where id = ${c.id}`, {
        commit: true,
      });
    await edit(`ping @${handle(a)} and @${handle(b)}`);
    await edit(`ping @${handle(a)} and @${handle(b)}!`);
    await edit(`ping @${handle(b)}`);
    await edit(`ping @${handle(b)} @${handle(a)}`);
    const mentioned = (await notes({ task })).filter((n) => n.kind === 'mentioned').map((n) => n.user_id);
    expect(mentioned.sort()).toEqual([a.id, b.id].sort());
  });

  test('at most 20 people per comment; 200 mentions are capped, not refused', async () => {
    const people: User[] = [];
    for (let i = 0; i < 40; i++) people.push(await createUser(`m${i}`));
    const ws = await createWorkspace({});
    for (const p of people) {
      await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws.id}, ${p.id}, 'viewer')`;
    }
    const task = await createTask(ws.owner, ws.board, ws.todo);
    const first = await comment(
      ws.owner,
      task,
      people
        .slice(0, 25)
        .map((p) => `@${handle(p)}`)
        .join(' '),
    );
    const resolved = first.body.split(' ').map((w) => w.startsWith('@['));
    expect(resolved).toEqual([...Array(20).fill(true), ...Array(5).fill(false)]);
    await db`delete from public.notifications where task_id = ${task}`;

    const many = Array.from({ length: 200 }, (_, i) => `@${handle(people[i % 40]!)}`).join(' ');
    const second = await comment(ws.owner, task, many);
    const refs = new Set(second.body.match(/@\[[0-9a-f-]{36}\]/g));
    expect(refs.size).toBeLessThanOrEqual(20);
    expect(refs.size).toBeGreaterThan(0);
    expect(second.body.length).toBeLessThanOrEqual(5000);
    const mentioned = (await notes({ task })).filter((n) => n.kind === 'mentioned');
    expect(mentioned).toHaveLength(refs.size);
  });
});

describe('collapsing', () => {
  test('comments on one task within 10 minutes are one unread entry; read or older ones start a new one', async () => {
    const [member, watcher] = [await createUser('member'), await createUser('watcher')];
    const ws = await createWorkspace({ member, admin: watcher });
    const task = await createTask(watcher, ws.board, ws.todo);
    await comment(member, task, 'one');
    await comment(ws.owner, task, 'two');
    const third = await comment(member, task, 'three');
    const mine = () => db<(Note & { id: string })[]>`
      select id, kind, user_id, actor_id, data from public.notifications where user_id = ${watcher.id} order by created_at`;
    expect(await mine()).toMatchObject([
      { kind: 'commented', actor_id: member.id, data: { count: 3, comment_id: third.id } },
    ]);

    await db`update public.notifications set read_at = now() where user_id = ${watcher.id}`;
    await comment(member, task, 'four');
    await db`update public.notifications set created_at = now() - interval '11 minutes' where user_id = ${watcher.id} and read_at is null`;
    await comment(member, task, 'five');
    expect((await mine()).map((n) => n.data.count).sort()).toEqual([1, 1, 3]);
  });
});

describe('due-date reminders', () => {
  test('the morning before and the morning after, in the recipient time zone, once each', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    await db`update public.profiles set time_zone = 'Asia/Tokyo' where id = ${member.id}`;
    const [due] = await db<{ id: string }[]>`
      insert into public.tasks (board_id, column_id, title, assignee_id, due_on, created_by)
      values (${ws.board}, ${ws.todo}, 'Due', ${member.id}, '2031-03-10', ${ws.owner.id}) returning id`;
    const task = due!.id;
    const run = (at: string) =>
      asService(async (tx) => (await tx`select public.notify_due_tasks(${at}) as n`)[0]!.n, { commit: true });
    const kinds = async () => (await notes({ task })).filter((n) => n.kind !== 'assigned').map((n) => n.kind);
    await run('2031-03-08T22:30:00Z'); // 07:30 on the 9th in Tokyo: too early
    expect(await kinds()).toEqual([]);
    await run('2031-03-08T23:30:00Z'); // 08:30 on the 9th in Tokyo
    await run('2031-03-09T03:00:00Z');
    expect(await kinds()).toEqual(['due_soon']);
    await run('2031-03-10T23:30:00Z'); // 08:30 on the 11th in Tokyo
    await run('2031-03-11T05:00:00Z');
    expect(await kinds()).toEqual(['due_soon', 'overdue']);
    // Signed-in users cannot call the schedule's function.
    await expect(asUser(member, (tx) => tx`select public.notify_due_tasks(now())`)).rejects.toMatchObject({
      code: '42501',
    });
  });

  test('a done task gets no reminder; an unassigned one reminds its watchers', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    const open = await createTask(member, ws.board, ws.todo);
    const done = await createTask(member, ws.board, ws.done);
    await db`update public.tasks set due_on = '2031-05-02' where id in (${open}, ${done})`;
    await asService((tx) => tx`select public.notify_due_tasks('2031-05-01T09:00:00Z')`, { commit: true });
    expect((await notes({ task: open })).map((n) => [n.kind, n.user_id])).toEqual([['due_soon', member.id]]);
    expect(await notes({ task: done })).toEqual([]);
  });
});
