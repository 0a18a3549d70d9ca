/**
 * Moving a task to another board of its workspace (`move_task_to_board`, decision 198): who may (each role's
 * side, an outsider, a board of another workspace, an archived board, a full board), what the task becomes (new
 * number, labels kept by name or dropped and answered, its comments, items and files still on it, search and
 * activity following it), and bad input refused with nothing changed.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import {
  acme,
  asUser,
  bob,
  carol,
  createWorkspace,
  dave,
  db,
  erin,
  type Tx,
  type User,
  type Workspace,
} from './support/db.ts';

let ws: Workspace & { owner: User };
/** The second board of the workspace, with one column. */
let target: { board: string; column: string };

async function addBoard(workspace: string, name: string, owner: User) {
  const [board] = await db<{ id: string }[]>`
    insert into public.boards (workspace_id, name, created_by) values (${workspace}, ${name}, ${owner.id}) returning id`;
  const [column] = await db<{ id: string }[]>`
    insert into public.columns (board_id, name) values (${board!.id}, 'Inbox') returning id`;
  return { board: board!.id, column: column!.id };
}

async function newTask(board: string, column: string, title = 'Travelling task') {
  const [task] = await db<{ id: string }[]>`
    insert into public.tasks (board_id, column_id, title) values (${board}, ${column}, ${title}) returning id`;
  return task!.id;
}

const move = (tx: Tx, task: string, board: string, column: string, before: string | null = null) =>
  tx<{ answer: { task: Record<string, unknown>; kept_label_ids: string[]; dropped_labels: string[] } }[]>`
    select public.move_task_to_board(${task}, ${board}, ${column}, ${before}, null) as answer`;

/** The catalogue code the database answered with, or 'ok'; rolled back either way. */
async function tryMove(user: User | null, task: string, board: string, column: string) {
  return asUser(user, async (tx) => {
    try {
      await move(tx, task, board, column);
      return 'ok';
    } catch (error) {
      return (error as { message?: string }).message ?? 'error';
    }
  });
}

const taskNow = async (task: string) => {
  const [row] = await db<{ board_id: string; column_id: string; number: number }[]>`
    select board_id, column_id, number from public.tasks where id = ${task}`;
  return row!;
};

beforeAll(async () => {
  ws = await createWorkspace({ admin: bob, member: carol, viewer: dave });
  target = await addBoard(ws.id, 'Second board', ws.owner);
});

describe('who may move a task to another board', () => {
  test('owner, admin and member: yes; viewer: FORBIDDEN; outsider: NOT_FOUND', async () => {
    const task = await newTask(ws.board, ws.todo);
    const roles = { owner: ws.owner, admin: bob, member: carol, viewer: dave, outsider: erin, anon: null };
    const answers: Record<string, string> = {};
    for (const [role, user] of Object.entries(roles))
      answers[role] = await tryMove(user, task, target.board, target.column);
    expect(answers).toEqual({
      owner: 'ok',
      admin: 'ok',
      member: 'ok',
      viewer: 'FORBIDDEN',
      outsider: 'NOT_FOUND',
      // Signed out cannot call it at all.
      anon: 'permission denied for function move_task_to_board',
    });
    expect((await taskNow(task)).board_id).toBe(ws.board);
  });

  test('a board of another workspace is refused, even one the caller is a member of', async () => {
    const task = await newTask(ws.board, ws.todo);
    // Carol is a member of Acme too: the board is visible to her, but not in this task's workspace.
    expect(await tryMove(carol, task, acme.board, acme.todo)).toBe('VALIDATION');
    // A board she cannot see at all answers as missing.
    const stranger = await createWorkspace({});
    expect(await tryMove(carol, task, stranger.board, stranger.todo)).toBe('NOT_FOUND');
    expect((await taskNow(task)).board_id).toBe(ws.board);
  });

  test('an archived board takes no task (CONFLICT)', async () => {
    const archived = await addBoard(ws.id, 'Archived board', ws.owner);
    await db`update public.boards set archived_at = now() where id = ${archived.board}`;
    const task = await newTask(ws.board, ws.todo);
    expect(await tryMove(carol, task, archived.board, archived.column)).toBe('CONFLICT');
  });

  test('a board at its task limit is refused with LIMIT_REACHED, archived tasks counted', async () => {
    const full = await addBoard(ws.id, 'Full board', ws.owner);
    await db`
      insert into public.tasks (board_id, column_id, title, archived_at)
      select ${full.board}, ${full.column}, 'Filler ' || i, case when i % 2 = 0 then now() end
      from generate_series(1, 5000) i`;
    const task = await newTask(ws.board, ws.todo);
    const [before] =
      await db`select last_number from public.board_task_counters where board_id = ${full.board}`;
    await expect(
      asUser(carol, (tx) => move(tx, task, full.board, full.column), { commit: true }),
    ).rejects.toMatchObject({
      message: 'LIMIT_REACHED',
      hint: 'tasks_per_board',
    });
    const [after] =
      await db`select last_number from public.board_task_counters where board_id = ${full.board}`;
    expect(after).toEqual(before);
    expect((await taskNow(task)).board_id).toBe(ws.board);
  });
});

describe('what the task becomes', () => {
  test('a new number from the target board, labels kept by name and the rest dropped and answered', async () => {
    const labels = await db<{ id: string; name: string }[]>`
      insert into public.labels (board_id, name, color)
      values (${ws.board}, 'Bug', 'red'), (${ws.board}, 'Design', 'purple'), (${ws.board}, 'Urgent', 'orange')
      returning id, name`;
    const there = await db<{ id: string; name: string }[]>`
      insert into public.labels (board_id, name, color)
      values (${target.board}, 'Bug', 'blue'), (${target.board}, 'Urgent', 'yellow'), (${target.board}, 'Other', 'gray')
      returning id, name`;
    const task = await newTask(ws.board, ws.todo, 'Labelled traveller');
    for (const label of labels)
      await db`insert into public.task_labels (task_id, label_id) values (${task}, ${label.id})`;
    const waiting = await newTask(target.board, target.column, 'Already there');
    const waitingNumber = (await taskNow(waiting)).number;

    const [row] = await asUser(carol, (tx) => move(tx, task, target.board, target.column, waiting), {
      commit: true,
    });
    const byName = (name: string) => there.find((l) => l.name === name)!.id;
    expect(row!.answer.dropped_labels).toEqual(['Design']);
    expect([...row!.answer.kept_label_ids].sort()).toEqual([byName('Bug'), byName('Urgent')].sort());
    expect(row!.answer.task).toMatchObject({ id: task, board_id: target.board, column_id: target.column });

    const now = await taskNow(task);
    expect(now).toEqual({ board_id: target.board, column_id: target.column, number: waitingNumber + 1 });
    expect(row!.answer.task.number).toBe(now.number);
    const links = await db<
      { label_id: string }[]
    >`select label_id from public.task_labels where task_id = ${task}`;
    expect(links.map((l) => l.label_id).sort()).toEqual([byName('Bug'), byName('Urgent')].sort());
    // Below the card it was placed under.
    const order = await db<{ id: string }[]>`
      select id from public.tasks where column_id = ${target.column} order by position`;
    expect(order.map((r) => r.id)).toEqual([waiting, task]);
  });

  test('comments, checklist items and attachments stay on it; search and activity follow it', async () => {
    const task = await newTask(ws.board, ws.doing, 'Task with history');
    await db`insert into public.comments (task_id, author_id, body) values (${task}, ${carol.id}, 'Quixotically blue')`;
    await db`insert into public.checklist_items (task_id, body) values (${task}, 'Step one')`;
    await db`insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes)
      values (${task}, ${`${ws.id}/${task}/${crypto.randomUUID()}/notes.txt`}, 'notes.txt', 'text/plain', 10)`;
    const oldNumber = (await taskNow(task)).number;

    await asUser(carol, (tx) => move(tx, task, target.board, target.column), { commit: true });

    const [kept] = await db<{ comments: number; items: number; files: number }[]>`
      select (select count(*)::int from public.comments where task_id = ${task}) as comments,
             (select count(*)::int from public.checklist_items where task_id = ${task}) as items,
             (select count(*)::int from public.attachments where task_id = ${task}) as files`;
    expect(kept).toEqual({ comments: 1, items: 1, files: 1 });
    const [docs] = await db<{ task_board: string; comment_board: string }[]>`
      select (select board_id from private.task_search_documents where task_id = ${task}) as task_board,
             (select board_id from private.comment_search_documents where task_id = ${task}) as comment_board`;
    expect(docs).toEqual({ task_board: target.board, comment_board: target.board });

    const rows = await db<{ board_id: string; actor_id: string; data: Record<string, unknown> }[]>`
      select board_id, actor_id, data from public.activity where task_id = ${task} and kind = 'task_moved'`;
    expect(rows).toEqual([
      {
        board_id: target.board,
        actor_id: carol.id,
        data: {
          from_board_id: ws.board,
          to_board_id: target.board,
          from_board_name: 'Board',
          to_board_name: 'Second board',
          from_column_id: ws.doing,
          to_column_id: target.column,
          from_column_name: 'Doing',
          to_column_name: 'Inbox',
          from_number: oldNumber,
          to_number: (await taskNow(task)).number,
        },
      },
    ]);
  });

  test("the old board's channel is told the task left", async () => {
    const task = await newTask(ws.board, ws.todo, 'Leaving loudly');
    await asUser(carol, (tx) => move(tx, task, target.board, target.column), { commit: true });
    const messages = await db<{ payload: Record<string, unknown>; private: boolean }[]>`
      select payload, private from realtime.messages
      where topic = ${`board:${ws.board}`} and event = 'task_left' and payload ->> 'task_id' = ${task}`;
    expect(messages).toEqual([
      { payload: expect.objectContaining({ task_id: task, board_id: target.board }), private: true },
    ]);
  });
});

describe('bad input is refused and changes nothing', () => {
  test('an unknown task, a column of another board, the same board, a neighbour not in the column', async () => {
    const task = await newTask(ws.board, ws.todo);
    const before = await taskNow(task);
    const missing = '00000000-0000-4000-8000-00000000abcd';
    expect(await tryMove(carol, missing, target.board, target.column)).toBe('NOT_FOUND');
    expect(await tryMove(carol, task, target.board, ws.doing)).toBe('CONFLICT');
    expect(await tryMove(carol, task, ws.board, ws.doing)).toBe('VALIDATION');
    const elsewhere = await newTask(ws.board, ws.doing);
    await expect(
      asUser(carol, (tx) => move(tx, task, target.board, target.column, elsewhere), { commit: true }),
    ).rejects.toMatchObject({ message: 'CONFLICT' });
    expect(await taskNow(task)).toEqual(before);
  });

  test("board_id stays out of the API roles' update grant", async () => {
    const task = await newTask(ws.board, ws.todo);
    await expect(
      asUser(
        carol,
        (tx) => tx`update public.tasks set board_id = ${target.board}, column_id = ${target.column}
        where id = ${task}`,
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
