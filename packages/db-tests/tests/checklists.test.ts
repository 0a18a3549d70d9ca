/**
 * Checklist items (decision 078): who may read and write them (SPEC §6 from each role's side, anon too), what an
 * item written with only a task and a body becomes, the per-task limit, the body rule, moving an item, turning it
 * into a task, the activity lines, and the card counts kept on the task (decision 185).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { acme, asUser, carol, createTasks, createWorkspace, dave, db, seededTask } from './support/db.ts';
import { only, outcomes } from './support/outcome.ts';

let task: string;
let item: string;

beforeAll(async () => {
  task = await seededTask('Fix signup on Safari');
  const [row] = await db<{ id: string }[]>`
    insert into public.checklist_items (task_id, body, created_by) values (${task}, 'Reproduce on iOS 17', ${carol.id})
    returning id`;
  item = row!.id;
});

const insertItem = (taskId: string, body: string, userId: string | null = null) =>
  db<{ id: string; checklist: string; done: boolean; position: string }[]>`
    insert into public.checklist_items (task_id, body, created_by) values (${taskId}, ${body}, ${userId})
    returning id, checklist, done, position`;

const counts = async (taskId: string) => {
  const [row] = await db`
    select comment_count, attachment_count, checklist_total, checklist_done, updated_at
    from public.tasks where id = ${taskId}`;
  return row!;
};

describe('who may read and write checklist items', () => {
  test('read: everyone in the workspace, not an outsider', async () => {
    expect(await outcomes((tx) => tx`select id from public.checklist_items where id = ${item}`)).toEqual(
      only('owner', 'admin', 'member', 'viewer'),
    );
  });

  test('add: members and up; viewers and outsiders are refused', async () => {
    expect(
      await outcomes(
        (tx, me) =>
          tx`insert into public.checklist_items (task_id, body, created_by) values (${task}, 'Mine', ${me.id}) returning id`,
      ),
    ).toEqual(only('owner', 'admin', 'member'));
  });

  test('check, edit and delete: members and up', async () => {
    expect(
      await outcomes(
        (tx) => tx`update public.checklist_items set done = true where id = ${item} returning id`,
      ),
    ).toEqual(only('owner', 'admin', 'member'));
    expect(
      await outcomes(
        (tx) => tx`update public.checklist_items set body = 'Other' where id = ${item} returning id`,
      ),
    ).toEqual(only('owner', 'admin', 'member'));
    expect(
      await outcomes((tx) => tx`delete from public.checklist_items where id = ${item} returning id`),
    ).toEqual(only('owner', 'admin', 'member'));
  });

  test('move and turn into a task: members and up', async () => {
    expect(
      await outcomes((tx) => tx`select id from public.move_checklist_item(${item}, null, null)`),
    ).toEqual(only('owner', 'admin', 'member'));
    expect(await outcomes((tx) => tx`select id from public.checklist_item_to_task(${item})`)).toEqual(
      only('owner', 'admin', 'member'),
    );
  });

  test('nobody writes an item as someone else, nor moves it to another task', async () => {
    await expect(
      asUser(
        carol,
        (tx) =>
          tx`insert into public.checklist_items (task_id, body, created_by) values (${task}, 'Forged', ${dave.id})`,
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      asUser(carol, (tx) => tx`update public.checklist_items set task_id = ${task} where id = ${item}`),
    ).rejects.toMatchObject({ code: '42501' });
  });

  test('anon reads nothing and writes nothing', async () => {
    expect(await asUser(null, (tx) => tx`select id from public.checklist_items`)).toEqual([]);
    await expect(
      asUser(null, (tx) => tx`insert into public.checklist_items (task_id, body) values (${task}, 'Anon')`),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      asUser(null, (tx) => tx`select public.checklist_item_to_task(${item})`),
    ).rejects.toMatchObject({ code: '42501' });
  });
});

describe('the rules', () => {
  test('only a task and a body: unchecked, at the end of the default checklist', async () => {
    const ws = await createWorkspace({});
    const [t] = await createTasks(ws, ws.todo, 1);
    const [first] = await insertItem(t!, 'One');
    const [second] = await insertItem(t!, 'Two');
    expect(first).toMatchObject({ checklist: 'Checklist', done: false });
    expect(second).toMatchObject({ checklist: 'Checklist', done: false });
    expect(second!.position > first!.position).toBe(true);
    // Another checklist keeps its own order: its first item takes the first key again.
    const [other] = await db`
      insert into public.checklist_items (task_id, checklist, body) values (${t!}, 'Launch', 'Tweet') returning position`;
    expect(other!.position).toBe(first!.position);
  });

  test('the body follows the title rules, refused with nothing stored', async () => {
    const ws = await createWorkspace({});
    const [t] = await createTasks(ws, ws.todo, 1);
    for (const body of ['', ' padded', 'padded ', 'x'.repeat(201)]) {
      await expect(insertItem(t!, body), JSON.stringify(body)).rejects.toMatchObject({
        code: '23514',
        constraint_name: 'checklist_items_body_length',
      });
    }
    await expect(insertItem(t!, 'x'.repeat(200))).resolves.toHaveLength(1);
    const [row] = await db`select count(*)::int as n from public.checklist_items where task_id = ${t!}`;
    expect(row!.n).toBe(1);
  });

  test('100 items per task: the 101st is LIMIT_REACHED and is not stored', async () => {
    const ws = await createWorkspace({});
    const [t] = await createTasks(ws, ws.todo, 1);
    await db`insert into public.checklist_items (task_id, body) select ${t!}, 'Item ' || i from generate_series(1, 100) i`;
    await expect(insertItem(t!, 'One more')).rejects.toMatchObject({
      code: 'P0001',
      message: 'LIMIT_REACHED',
      hint: 'checklist_items_per_task',
    });
    expect((await counts(t!)).checklist_total).toBe(100);
  });

  test('moving an item between its neighbours, and CONFLICT when a neighbour has gone', async () => {
    const ws = await createWorkspace({ member: carol });
    const [t] = await createTasks(ws, ws.todo, 1);
    const ids: string[] = [];
    for (const body of ['A', 'B', 'C']) ids.push((await insertItem(t!, body))[0]!.id);
    await asUser(carol, (tx) => tx`select public.move_checklist_item(${ids[2]!}, null, ${ids[0]!})`, {
      commit: true,
    });
    const order = await db`select body from public.checklist_items where task_id = ${t!} order by position`;
    expect(order.map((r) => r.body)).toEqual(['C', 'A', 'B']);
    await expect(
      asUser(carol, (tx) => tx`select public.move_checklist_item(${ids[0]!}, ${crypto.randomUUID()}, null)`),
    ).rejects.toMatchObject({ message: 'CONFLICT' });
  });

  test('turning an item into a task: a task in the same column titled with the body, and the item gone', async () => {
    const ws = await createWorkspace({ member: carol });
    const [t] = await createTasks(ws, ws.doing, 1);
    const [it] = await insertItem(t!, 'Write the release notes');
    const [made] = await asUser(
      carol,
      (tx) => tx`select id, column_id, title, created_by from public.checklist_item_to_task(${it!.id})`,
      { commit: true },
    );
    expect(made).toMatchObject({
      column_id: ws.doing,
      title: 'Write the release notes',
      created_by: carol.id,
    });
    expect(await db`select 1 from public.checklist_items where id = ${it!.id}`).toHaveLength(0);
    expect((await counts(t!)).checklist_total).toBe(0);
  });

  test('a task that cannot be made keeps its item (both or neither)', async () => {
    const ws = await createWorkspace({ member: carol });
    const [t] = await createTasks(ws, ws.todo, 1);
    const [it] = await insertItem(t!, 'Stays');
    // The board is full: the new task is refused, so the item must stay.
    await db.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`insert into public.tasks (board_id, column_id, title, number, position)
               select ${ws.board}, ${ws.todo}, 'Filler ' || i, 100 + i, 'a' || lpad(i::text, 4, '0') || 'z'
               from generate_series(1, 4999) i`;
    });
    await expect(
      asUser(carol, (tx) => tx`select public.checklist_item_to_task(${it!.id})`, { commit: true }),
    ).rejects.toMatchObject({ message: 'LIMIT_REACHED' });
    expect(await db`select 1 from public.checklist_items where id = ${it!.id}`).toHaveLength(1);
  });

  test('added and checked items are in the activity, in the task', async () => {
    const ws = await createWorkspace({ member: carol });
    const [t] = await createTasks(ws, ws.todo, 1);
    const [it] = await asUser(
      carol,
      (tx) =>
        tx`insert into public.checklist_items (task_id, body, created_by) values (${t!}, 'Ship', ${carol.id}) returning id`,
      { commit: true },
    );
    await asUser(carol, (tx) => tx`update public.checklist_items set done = true where id = ${it!.id}`, {
      commit: true,
    });
    const lines =
      await db`select kind, actor_id, data->>'body' as body from public.activity where task_id = ${t!} and kind like 'checklist%' order by id`;
    expect(lines).toEqual([
      { kind: 'checklist_item_added', actor_id: carol.id, body: 'Ship' },
      { kind: 'checklist_item_checked', actor_id: carol.id, body: 'Ship' },
    ]);
  });
});

describe('card counts on the task', () => {
  test('comments, attachments and items are counted as they come and go, without touching updated_at', async () => {
    const ws = await createWorkspace({});
    const [t] = await createTasks(ws, ws.todo, 1);
    const before = await counts(t!);
    const [c1] = await db`insert into public.comments (task_id, body) values (${t!}, 'One') returning id`;
    await db`insert into public.comments (task_id, body) values (${t!}, 'Two')`;
    await db`update public.comments set deleted_at = now() where id = ${c1!.id}`;
    await db`insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes)
             values (${t!}, ${`${ws.id}/${t!}/${crypto.randomUUID()}/a.txt`}, 'a.txt', 'text/plain', 1)`;
    const [i1] = await insertItem(t!, 'A');
    await insertItem(t!, 'B');
    await db`update public.checklist_items set done = true where id = ${i1!.id}`;
    const after = await counts(t!);
    expect(after).toMatchObject({
      comment_count: 1,
      attachment_count: 1,
      checklist_total: 2,
      checklist_done: 1,
    });
    expect(after.updated_at).toEqual(before.updated_at);
    await db`delete from public.checklist_items where id = ${i1!.id}`;
    await db`delete from public.attachments where task_id = ${t!}`;
    expect(await counts(t!)).toMatchObject({ attachment_count: 0, checklist_total: 1, checklist_done: 0 });
  });

  test('nobody sets a count by hand', async () => {
    await expect(
      asUser(carol, (tx) => tx`update public.tasks set comment_count = 99 where id = ${task}`),
    ).rejects.toMatchObject({ code: '42501' });
  });

  test('a task deleted with its comments and items goes cleanly', async () => {
    const ws = await createWorkspace({});
    const [t] = await createTasks(ws, ws.todo, 1);
    await db`insert into public.comments (task_id, body) values (${t!}, 'One')`;
    await insertItem(t!, 'A');
    await db`update public.tasks set archived_at = now() where id = ${t!}`;
    await db`delete from public.tasks where id = ${t!}`;
    expect(await db`select 1 from public.checklist_items where task_id = ${t!}`).toHaveLength(0);
  });

  test('concurrent comments on one task are all counted', async () => {
    const ws = await createWorkspace({});
    const [t] = await createTasks(ws, ws.todo, 1);
    await Promise.all(
      Array.from(
        { length: 12 },
        (_, i) => db`insert into public.comments (task_id, body) values (${t!}, ${`c${i}`})`,
      ),
    );
    expect((await counts(t!)).comment_count).toBe(12);
  });

  test('the seed keeps its counts (the migration counted what was there)', async () => {
    const [row] = await db`
      select t.comment_count, (select count(*)::int from public.comments c where c.task_id = t.id and c.deleted_at is null) as real
      from public.tasks t where t.board_id = ${acme.board} order by t.comment_count desc limit 1`;
    expect(row!.comment_count).toBe(row!.real);
  });
});
