/**
 * Activity that tells the whole story (decision 193): each task field change, label and checklist change makes
 * one row with its actor and data; repeated edits of a field collapse; no-op updates log nothing; members read
 * the rows and outsiders do not; the seeded rows name their people.
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

let ws: Workspace;
let label: { id: string; name: string };

beforeAll(async () => {
  ws = await createWorkspace({ admin: bob, member: carol, viewer: dave });
  const [row] = await db<{ id: string; name: string }[]>`
    insert into public.labels (board_id, name, color) values (${ws.board}, 'Design', 'purple') returning id, name`;
  label = row!;
});

/** A new task on the fixture board, made by Carol, and the id of its `task_created` row. */
async function newTask(title = 'Story') {
  const [task] = await asUser(
    carol,
    (tx) =>
      tx<{ id: string }[]>`insert into public.tasks (board_id, column_id, title, created_by)
        values (${ws.board}, ${ws.todo}, ${title}, ${carol.id}) returning id`,
    { commit: true },
  );
  return task!.id;
}

/** The task's rows after `task_created`, oldest first. */
const story = (task: string) =>
  db<{ kind: string; actor_id: string | null; data: Record<string, unknown> }[]>`
    select kind, actor_id, data from public.activity where task_id = ${task} and kind <> 'task_created' order by id`;

const as = <T>(user: User, fn: (tx: Tx) => Promise<T>) => asUser(user, fn, { commit: true });

describe('each change makes the right row', () => {
  test('title, description, assignee, due date and priority, with who and what', async () => {
    const task = await newTask();
    await as(carol, (tx) => tx`update public.tasks set title = 'Story, renamed' where id = ${task}`);
    await as(bob, (tx) => tx`update public.tasks set description = 'Longer text' where id = ${task}`);
    await as(carol, (tx) => tx`update public.tasks set assignee_id = ${bob.id} where id = ${task}`);
    await as(bob, (tx) => tx`update public.tasks set due_on = '2026-12-03' where id = ${task}`);
    await as(carol, (tx) => tx`update public.tasks set priority = 'high' where id = ${task}`);
    expect(await story(task)).toEqual([
      { kind: 'task_renamed', actor_id: carol.id, data: { from: 'Story', to: 'Story, renamed' } },
      { kind: 'description_edited', actor_id: bob.id, data: {} },
      {
        kind: 'assignee_changed',
        actor_id: carol.id,
        data: { from: null, to: bob.id, to_name: 'Bob Admin' },
      },
      { kind: 'due_date_changed', actor_id: bob.id, data: { from: null, to: '2026-12-03' } },
      { kind: 'priority_changed', actor_id: carol.id, data: { from: 'none', to: 'high' } },
    ]);
  });

  test('clearing: unassigned and no due date are rows with `to` null', async () => {
    const task = await newTask();
    await db`update public.tasks set assignee_id = ${carol.id}, due_on = '2026-12-01' where id = ${task}`;
    await as(bob, (tx) => tx`update public.tasks set assignee_id = null, due_on = null where id = ${task}`);
    const rows = (await story(task)).filter((r) => r.actor_id === bob.id);
    expect(rows).toEqual([
      { kind: 'assignee_changed', actor_id: bob.id, data: { from: carol.id, to: null, to_name: null } },
      { kind: 'due_date_changed', actor_id: bob.id, data: { from: '2026-12-01', to: null } },
    ]);
  });

  test('labels added and removed, by name', async () => {
    const task = await newTask();
    await as(
      carol,
      (tx) => tx`insert into public.task_labels (task_id, label_id) values (${task}, ${label.id})`,
    );
    await as(
      bob,
      (tx) => tx`delete from public.task_labels where task_id = ${task} and label_id = ${label.id}`,
    );
    expect(await story(task)).toEqual([
      {
        kind: 'label_added',
        actor_id: carol.id,
        data: { label_id: label.id, name: 'Design', color: 'purple' },
      },
      {
        kind: 'label_removed',
        actor_id: bob.id,
        data: { label_id: label.id, name: 'Design', color: 'purple' },
      },
    ]);
  });

  test('checklist items: added, checked, unchecked, reworded, removed', async () => {
    const task = await newTask();
    const [item] = await as(
      carol,
      (tx) =>
        tx`insert into public.checklist_items (task_id, body, created_by) values (${task}, 'Ship', ${carol.id}) returning id`,
    );
    const id = (item as { id: string }).id;
    await as(carol, (tx) => tx`update public.checklist_items set done = true where id = ${id}`);
    await as(bob, (tx) => tx`update public.checklist_items set done = false where id = ${id}`);
    await as(bob, (tx) => tx`update public.checklist_items set body = 'Ship it' where id = ${id}`);
    await as(carol, (tx) => tx`delete from public.checklist_items where id = ${id}`);
    const rows = await story(task);
    expect(rows.map((r) => [r.kind, r.actor_id, r.data.body ?? r.data.to])).toEqual([
      ['checklist_item_added', carol.id, 'Ship'],
      ['checklist_item_checked', carol.id, 'Ship'],
      ['checklist_item_unchecked', bob.id, 'Ship'],
      ['checklist_item_renamed', bob.id, 'Ship it'],
      ['checklist_item_removed', carol.id, 'Ship it'],
    ]);
    expect(rows[3]!.data).toMatchObject({ item_id: id, from: 'Ship', to: 'Ship it' });
  });

  test('no row for an update that changes nothing, nor for labels and items a deleted task takes along', async () => {
    const task = await newTask('Same');
    await as(
      carol,
      (tx) => tx`insert into public.task_labels (task_id, label_id) values (${task}, ${label.id})`,
    );
    await as(
      carol,
      (tx) =>
        tx`insert into public.checklist_items (task_id, body, created_by) values (${task}, 'A', ${carol.id})`,
    );
    const before = (await story(task)).length;
    await as(
      carol,
      (tx) =>
        tx`update public.tasks set title = 'Same', description = '', assignee_id = null, due_on = null, priority = 'none' where id = ${task}`,
    );
    expect(await story(task)).toHaveLength(before);
    await as(bob, (tx) => tx`update public.tasks set archived_at = now() where id = ${task}`);
    const feedSize = async () =>
      (await db`select count(*)::int as count from public.activity where workspace_id = ${ws.id}`)[0]!.count;
    const count = await feedSize();
    await as(bob, (tx) => tx`delete from public.tasks where id = ${task}`);
    expect(await feedSize()).toBe(count);
  });

  test('a bad update is refused and logs nothing', async () => {
    const task = await newTask();
    await expect(
      as(carol, (tx) => tx`update public.tasks set title = '' where id = ${task}`),
    ).rejects.toMatchObject({
      code: '23514',
    });
    await expect(
      as(dave, (tx) => tx`update public.tasks set priority = 'high' where id = ${task} returning id`).then(
        (r) => r,
      ),
    ).resolves.toHaveLength(0);
    expect(await story(task)).toEqual([]);
  });
});

describe('repeated edits collapse', () => {
  test('one person editing a field within two minutes leaves one row, from the first value to the last', async () => {
    const task = await newTask('One');
    for (const title of ['Two', 'Three', 'Four']) {
      await as(carol, (tx) => tx`update public.tasks set title = ${title} where id = ${task}`);
    }
    for (let i = 0; i < 3; i++) {
      await as(carol, (tx) => tx`update public.tasks set description = ${`Draft ${i}`} where id = ${task}`);
    }
    expect(await story(task)).toEqual([
      { kind: 'task_renamed', actor_id: carol.id, data: { from: 'One', to: 'Four' } },
      { kind: 'description_edited', actor_id: carol.id, data: {} },
    ]);
  });

  test('another person, another field in between, or an older row start a new row', async () => {
    const task = await newTask('A');
    await as(carol, (tx) => tx`update public.tasks set title = 'B' where id = ${task}`);
    await as(bob, (tx) => tx`update public.tasks set title = 'C' where id = ${task}`);
    await as(bob, (tx) => tx`update public.tasks set priority = 'low' where id = ${task}`);
    await as(bob, (tx) => tx`update public.tasks set title = 'D' where id = ${task}`);
    await db`update public.activity set created_at = now() - interval '3 minutes' where task_id = ${task}`;
    await as(bob, (tx) => tx`update public.tasks set title = 'E' where id = ${task}`);
    expect((await story(task)).map((r) => [r.kind, r.actor_id, r.data.from, r.data.to])).toEqual([
      ['task_renamed', carol.id, 'A', 'B'],
      ['task_renamed', bob.id, 'B', 'C'],
      ['priority_changed', bob.id, 'none', 'low'],
      ['task_renamed', bob.id, 'C', 'D'],
      ['task_renamed', bob.id, 'D', 'E'],
    ]);
  });

  test('a change undone within the window leaves no row', async () => {
    const task = await newTask();
    await as(carol, (tx) => tx`update public.tasks set priority = 'urgent' where id = ${task}`);
    await as(carol, (tx) => tx`update public.tasks set priority = 'none' where id = ${task}`);
    expect(await story(task)).toEqual([]);
  });
});

describe('who reads the rows', () => {
  test('every member, the viewer too; not an outsider', async () => {
    const task = await newTask();
    await as(carol, (tx) => tx`update public.tasks set title = 'Read me' where id = ${task}`);
    const read = (user: typeof carol) =>
      asUser(
        user,
        (tx) => tx`select kind from public.activity where task_id = ${task} and kind = 'task_renamed'`,
      );
    expect(await read(dave)).toHaveLength(1);
    expect(await read(bob)).toHaveLength(1);
    expect(await read(erin)).toHaveLength(0);
  });
});

describe('the seed', () => {
  test('every seeded row of Acme names its person', async () => {
    // The seed's last change is Carol's due date; rows after it are other test files' (made as the database,
    // with nobody signed in), which run before this one in a full run.
    const seeded = db`
      select a.kind, a.actor_id from public.activity a
      where a.workspace_id = ${acme.id}
        and a.id <= (select min(l.id) from public.activity l
                     where l.workspace_id = ${acme.id} and l.kind = 'due_date_changed' and l.actor_id = ${carol.id})`;
    const rows = await seeded;
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => r.actor_id === null)).toEqual([]);
    const told = await db`select kind, actor_id from public.activity
      where workspace_id = ${acme.id} and kind in ('priority_changed', 'due_date_changed')
        and id <= (select min(l.id) from public.activity l
                   where l.workspace_id = ${acme.id} and l.kind = 'due_date_changed' and l.actor_id = ${carol.id})
      order by id`;
    expect(told).toEqual([
      { kind: 'priority_changed', actor_id: bob.id },
      { kind: 'due_date_changed', actor_id: carol.id },
    ]);
  });
});
