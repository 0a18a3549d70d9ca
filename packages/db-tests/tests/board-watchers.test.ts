/**
 * Watching a board (decisions 072's update, 189): anyone who can see the board watches or unwatches it for
 * themselves and reads only their own rows; board watchers get `created` for new tasks and `completed` for tasks
 * moved to done (once, even when they watch the task too); never for their own actions; a removed member's
 * board watches go and they hear nothing more.
 */
import { describe, expect, test } from 'vitest';
import { asUser, createUser, createWorkspace, db, type User } from './support/db.ts';

async function watchBoard(user: User, board: string, forUser = user.id) {
  return asUser(
    user,
    (tx) => tx`insert into public.board_watchers (board_id, user_id) values (${board}, ${forUser})`,
    { commit: true },
  );
}

async function createTask(by: User, board: string, column: string) {
  return asUser(
    by,
    async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        insert into public.tasks (board_id, column_id, title, created_by)
        values (${board}, ${column}, 'A task', ${by.id}) returning id`;
      return row!.id;
    },
    { commit: true },
  );
}

async function moveTo(by: User, task: string, column: string) {
  await asUser(by, (tx) => tx`update public.tasks set column_id = ${column} where id = ${task}`, {
    commit: true,
  });
}

async function notes(task: string) {
  return db<{ kind: string; user_id: string; actor_id: string | null }[]>`
    select kind, user_id, actor_id from public.notifications where task_id = ${task} order by created_at, kind`;
}

describe('board watchers: access', () => {
  test('a viewer watches and unwatches; reads only their own rows; outsiders and others’ rows are refused', async () => {
    const viewer = await createUser('viewer');
    const member = await createUser('member');
    const ws = await createWorkspace({ viewer, member });
    await watchBoard(viewer, ws.board);
    await watchBoard(member, ws.board);
    const seen = await asUser(
      viewer,
      (tx) => tx<{ user_id: string }[]>`select user_id from public.board_watchers`,
    );
    expect(seen.map((r) => r.user_id)).toEqual([viewer.id]);

    const outsider = await createUser('outsider');
    await expect(watchBoard(outsider, ws.board)).rejects.toMatchObject({ code: '42501' });
    await expect(watchBoard(viewer, ws.board, member.id)).rejects.toMatchObject({ code: '42501' });
    // Deleting someone else's watch deletes nothing.
    await asUser(viewer, (tx) => tx`delete from public.board_watchers where user_id = ${member.id}`, {
      commit: true,
    });
    await asUser(viewer, (tx) => tx`delete from public.board_watchers where board_id = ${ws.board}`, {
      commit: true,
    });
    const left = await db<
      { user_id: string }[]
    >`select user_id from public.board_watchers where board_id = ${ws.board}`;
    expect(left.map((r) => r.user_id)).toEqual([member.id]);
    await expect(
      asUser(
        null,
        (tx) => tx`insert into public.board_watchers (board_id, user_id) values (${ws.board}, ${viewer.id})`,
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });
});

describe('board watchers: notifications', () => {
  test('created and completed reach board watchers once, never the actor', async () => {
    const member = await createUser('member');
    const viewer = await createUser('viewer');
    const ws = await createWorkspace({ member, viewer });
    await watchBoard(viewer, ws.board);
    await watchBoard(member, ws.board);

    // The member creates it: the viewer is told, the member (the actor, and a task watcher as creator) is not.
    const task = await createTask(member, ws.board, ws.todo);
    expect(await notes(task)).toEqual([{ kind: 'created', user_id: viewer.id, actor_id: member.id }]);

    // The owner moves it to done: the member watches task and board and is told once; the viewer once.
    await moveTo(ws.owner, task, ws.done);
    const completed = (await notes(task)).filter((n) => n.kind === 'completed');
    expect(completed.map((n) => n.user_id).sort()).toEqual([member.id, viewer.id].sort());
    expect(completed.every((n) => n.actor_id === ws.owner.id)).toBe(true);

    // A task the member moves to done themselves tells the others (the owner as its creator), not them.
    const second = await createTask(ws.owner, ws.board, ws.todo);
    await moveTo(member, second, ws.done);
    const done = (await notes(second)).filter((n) => n.kind === 'completed');
    expect(done.map((n) => n.user_id).sort()).toEqual([ws.owner.id, viewer.id].sort());
  });

  test('a removed member loses their board watches and hears nothing more', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    await watchBoard(member, ws.board);
    await db`delete from public.workspace_members where workspace_id = ${ws.id} and user_id = ${member.id}`;
    expect(await db`select 1 from public.board_watchers where user_id = ${member.id}`).toHaveLength(0);
    // Even a watch left behind (written directly) gives a non-member nothing.
    await db`insert into public.board_watchers (board_id, user_id) values (${ws.board}, ${member.id})`;
    const task = await createTask(ws.owner, ws.board, ws.todo);
    await moveTo(ws.owner, task, ws.done);
    expect(await notes(task)).toEqual([]);
  });

  test('an unknown kind is still refused, and `created` is a preference like the others', async () => {
    const user = await createUser('prefs');
    await asUser(
      user,
      (tx) => tx`insert into public.notification_preferences (kind, delivery) values ('created', 'in_app')`,
      { commit: true },
    );
    await expect(
      asUser(
        user,
        (tx) => tx`insert into public.notification_preferences (kind, delivery) values ('shouted', 'in_app')`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
