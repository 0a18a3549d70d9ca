/** SPEC §4 tasks and boards: numbering, ordering keys, moves, completion from done columns, archiving, the feed. */
import { describe, expect, test } from 'vitest';
import { asUser, columnTitles, createTasks, createUser, createWorkspace, db } from './support/db.ts';

const refusedWith = (message: string) => ({ code: 'P0001', message });

describe('key_between', () => {
  const between = async (a: string | null, b: string | null) => {
    const [row] = await db`select public.key_between(${a}, ${b}) as key`;
    return row!.key as string;
  };

  test('gives short keys at the ends and a midpoint between', async () => {
    expect(await between(null, null)).toBe('V');
    expect(await between('V', null)).toBe('W');
    expect(await between('Vz', null)).toBe('W');
    expect(await between('z', null)).toBe('z1');
    expect(await between(null, 'V')).toBe('U');
    expect(await between(null, '1')).toBe('0V');
    expect(await between('V', 'W')).toBe('VV');
    expect(await between('A', 'A5')).toBe('A2');
    expect(await between('0V', '1')).toBe('0k');
  });

  test('always lands strictly between, whatever the pair (1,000 random inserts)', async () => {
    // Each step inserts a key between two random neighbours (or at an end) at that spot in the
    // array; if every key lands strictly between its neighbours the array stays strictly sorted.
    const [row] = await db`
      with recursive steps (i, keys) as (
        select 0, array['V']::text[]
        union all
        select i + 1, keys[1:p] || public.key_between(keys[p], keys[p + 1]) || keys[p + 1:]
        from steps, lateral (select floor(random() * (cardinality(keys) + 1))::int as p) pick
        where i < 1000
      )
      select cardinality(keys) as n,
             (select bool_and(keys[j] collate "C" < keys[j + 1] collate "C")
              from generate_series(1, cardinality(keys) - 1) j) as sorted,
             (select bool_and(k ~ '^[0-9A-Za-z]*[1-9A-Za-z]$') from unnest(keys) k) as well_formed
      from steps where i = 1000`;
    expect(row).toEqual({ n: 1001, sorted: true, well_formed: true });
  });

  test('refuses keys out of order', async () => {
    await expect(between('W', 'V')).rejects.toMatchObject({ code: '22023' });
  });
});

describe('tasks', () => {
  test('are numbered per board and appended to their column', async () => {
    const ws = await createWorkspace({});
    await createTasks(ws, ws.todo, 3);
    const rows =
      await db`select number, title from public.tasks where board_id = ${ws.board} order by position`;
    expect(rows).toEqual([
      { number: 1, title: 'Task 1' },
      { number: 2, title: 'Task 2' },
      { number: 3, title: 'Task 3' },
    ]);
  });

  test('moving into a done column completes; moving out reopens; the feed records each step', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    const [task] = await createTasks(ws, ws.todo, 1);
    const [moved] = await asUser(
      member,
      (tx) => tx`select * from public.move_task(${task!}, ${ws.done}, null, null)`,
      {
        commit: true,
      },
    );
    expect(moved).toMatchObject({ column_id: ws.done });
    expect(moved!.completed_at).toBeInstanceOf(Date);
    const [reopened] = await asUser(
      member,
      (tx) => tx`select * from public.move_task(${task!}, ${ws.doing}, null, null)`,
      {
        commit: true,
      },
    );
    expect(reopened!.completed_at).toBeNull();
    const feed = await db`select kind, actor_id from public.activity where task_id = ${task!} order by id`;
    expect(feed.map((f) => f.kind)).toEqual([
      'task_created',
      'task_moved',
      'task_completed',
      'task_moved',
      'task_reopened',
    ]);
    expect(feed[1]!.actor_id).toBe(member.id);
  });

  test('turning a column into a done column completes its tasks, and back', async () => {
    const ws = await createWorkspace({});
    await createTasks(ws, ws.doing, 2);
    await asUser(ws.owner, (tx) => tx`update public.columns set is_done = true where id = ${ws.doing}`, {
      commit: true,
    });
    expect(
      await db`select completed_at is not null as done from public.tasks where column_id = ${ws.doing}`,
    ).toEqual([{ done: true }, { done: true }]);
    await asUser(ws.owner, (tx) => tx`update public.columns set is_done = false where id = ${ws.doing}`, {
      commit: true,
    });
    expect(await db`select completed_at from public.tasks where column_id = ${ws.doing}`).toEqual([
      { completed_at: null },
      { completed_at: null },
    ]);
  });

  test('a plain update of column_id moves the task to the end of the new column', async () => {
    const ws = await createWorkspace({});
    await createTasks(ws, ws.doing, 2, 'Doing');
    const [task] = await createTasks(ws, ws.todo, 1, 'Todo');
    await asUser(ws.owner, (tx) => tx`update public.tasks set column_id = ${ws.doing} where id = ${task!}`, {
      commit: true,
    });
    expect(await columnTitles(ws.doing)).toEqual(['Doing 1', 'Doing 2', 'Todo 1']);
  });

  test('move_task places between the named neighbours, at the top, or at the end', async () => {
    const ws = await createWorkspace({});
    const [a, b, c] = await createTasks(ws, ws.todo, 3);
    const move = (task: string, before: string | null, after: string | null) =>
      asUser(ws.owner, (tx) => tx`select * from public.move_task(${task}, ${ws.todo}, ${before}, ${after})`, {
        commit: true,
      });
    await move(c!, a!, b!);
    expect(await columnTitles(ws.todo)).toEqual(['Task 1', 'Task 3', 'Task 2']);
    await move(b!, null, a!);
    expect(await columnTitles(ws.todo)).toEqual(['Task 2', 'Task 1', 'Task 3']);
    await move(b!, null, null);
    expect(await columnTitles(ws.todo)).toEqual(['Task 1', 'Task 3', 'Task 2']);
  });

  test('CONFLICT when a neighbour left the column; NOT_FOUND for outsiders; FORBIDDEN for viewers', async () => {
    const viewer = await createUser('viewer');
    const outsider = await createUser('outsider');
    const ws = await createWorkspace({ viewer });
    const [a, b] = await createTasks(ws, ws.todo, 2);
    const [elsewhere] = await createTasks(ws, ws.doing, 1);
    await expect(
      asUser(ws.owner, (tx) => tx`select * from public.move_task(${a!}, ${ws.todo}, ${elsewhere!}, null)`),
    ).rejects.toMatchObject({ ...refusedWith('CONFLICT'), hint: 'before_id' });
    await expect(
      asUser(ws.owner, (tx) => tx`select * from public.move_task(${a!}, ${ws.todo}, null, ${elsewhere!})`),
    ).rejects.toMatchObject({ ...refusedWith('CONFLICT'), hint: 'after_id' });
    await expect(
      asUser(ws.owner, (tx) => tx`select * from public.move_task(${b!}, ${ws.todo}, ${b!}, null)`),
    ).rejects.toMatchObject(refusedWith('CONFLICT'));
    await expect(
      asUser(outsider, (tx) => tx`select * from public.move_task(${a!}, ${ws.done}, null, null)`),
    ).rejects.toMatchObject({ ...refusedWith('NOT_FOUND'), hint: 'task' });
    await expect(
      asUser(viewer, (tx) => tx`select * from public.move_task(${a!}, ${ws.done}, null, null)`),
    ).rejects.toMatchObject(refusedWith('FORBIDDEN'));
    const other = await createWorkspace({});
    await expect(
      asUser(ws.owner, (tx) => tx`select * from public.move_task(${a!}, ${other.todo}, null, null)`),
    ).rejects.toMatchObject({ ...refusedWith('CONFLICT'), hint: 'column' });
  });

  test('move_column reorders the board', async () => {
    const ws = await createWorkspace({});
    await asUser(ws.owner, (tx) => tx`select * from public.move_column(${ws.done}, null, ${ws.todo})`, {
      commit: true,
    });
    const names = await db`select name from public.columns where board_id = ${ws.board} order by position`;
    expect(names.map((n) => n.name)).toEqual(['Done', 'To do', 'Doing']);
  });

  test('archive and restore are logged; archived tasks keep their number and place', async () => {
    const ws = await createWorkspace({});
    const [task] = await createTasks(ws, ws.todo, 1);
    await asUser(ws.owner, (tx) => tx`update public.tasks set archived_at = now() where id = ${task!}`, {
      commit: true,
    });
    await asUser(ws.owner, (tx) => tx`update public.tasks set archived_at = null where id = ${task!}`, {
      commit: true,
    });
    const feed = await db`select kind from public.activity where task_id = ${task!} order by id`;
    expect(feed.map((f) => f.kind)).toEqual(['task_created', 'task_archived', 'task_restored']);
  });

  test('only an archived task is deleted, keeping its lines in the feed; deleting a board removes everything on it', async () => {
    const ws = await createWorkspace({});
    const [task] = await createTasks(ws, ws.todo, 1);
    await db`insert into public.comments (task_id, author_id, body) values (${task!}, ${ws.owner.id}, 'Hi')`;
    await expect(
      asUser(ws.owner, (tx) => tx`delete from public.tasks where id = ${task!}`),
    ).rejects.toMatchObject({
      ...refusedWith('CONFLICT'),
      hint: 'archived_at',
    });
    await asUser(ws.owner, (tx) => tx`update public.tasks set archived_at = now() where id = ${task!}`, {
      commit: true,
    });
    await asUser(ws.owner, (tx) => tx`delete from public.tasks where id = ${task!}`, { commit: true });
    const feed =
      await db`select kind, task_id, data->>'title' as title from public.activity where workspace_id = ${ws.id} and kind <> 'member_joined' order by id`;
    expect(feed).toEqual([
      { kind: 'task_created', task_id: null, title: 'Task 1' },
      { kind: 'comment_added', task_id: null, title: null },
      { kind: 'task_archived', task_id: null, title: null },
    ]);
    await createTasks(ws, ws.doing, 2);
    await asUser(ws.owner, (tx) => tx`delete from public.boards where id = ${ws.board}`, { commit: true });
    expect(await db`select 1 from public.columns where board_id = ${ws.board}`).toHaveLength(0);
  });

  test('a column with tasks cannot be deleted; the assignee must be a member; labels stay on their board', async () => {
    const outsider = await createUser('outsider');
    const ws = await createWorkspace({});
    const [task] = await createTasks(ws, ws.todo, 1);
    await expect(
      asUser(ws.owner, (tx) => tx`delete from public.columns where id = ${ws.todo}`),
    ).rejects.toMatchObject({
      ...refusedWith('CONFLICT'),
      hint: 'tasks',
    });
    await expect(
      asUser(ws.owner, (tx) => tx`update public.tasks set assignee_id = ${outsider.id} where id = ${task!}`),
    ).rejects.toMatchObject({ ...refusedWith('VALIDATION'), hint: 'assignee_id' });
    const other = await createWorkspace({ owner: ws.owner });
    const [label] =
      await db`insert into public.labels (board_id, name) values (${other.board}, 'Elsewhere') returning id`;
    await expect(
      asUser(
        ws.owner,
        (tx) => tx`insert into public.task_labels (task_id, label_id) values (${task!}, ${label!.id})`,
      ),
    ).rejects.toMatchObject({ ...refusedWith('VALIDATION'), hint: 'label_id' });
    await expect(
      db`insert into public.tasks (board_id, column_id, title) values (${ws.board}, ${other.todo}, 'Wrong board')`,
    ).rejects.toMatchObject({ code: '23503', constraint_name: 'tasks_column_on_board' });
  });

  test('labelling a task touches it, so the board hears of it', async () => {
    const ws = await createWorkspace({});
    const [task] = await createTasks(ws, ws.todo, 1);
    const [label] =
      await db`insert into public.labels (board_id, name) values (${ws.board}, 'Touch') returning id`;
    const [before] = await db`select updated_at from public.tasks where id = ${task!}`;
    await asUser(
      ws.owner,
      (tx) => tx`insert into public.task_labels (task_id, label_id) values (${task!}, ${label!.id})`,
      {
        commit: true,
      },
    );
    const [labelled] = await db`select updated_at from public.tasks where id = ${task!}`;
    expect(labelled!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    await asUser(ws.owner, (tx) => tx`delete from public.task_labels where task_id = ${task!}`, {
      commit: true,
    });
    const [unlabelled] = await db`select updated_at from public.tasks where id = ${task!}`;
    expect(unlabelled!.updated_at.getTime()).toBeGreaterThan(labelled!.updated_at.getTime());
  });

  test('comments: edits are stamped; deleting drops the words and is final', async () => {
    const ws = await createWorkspace({});
    const [task] = await createTasks(ws, ws.todo, 1);
    const [comment] =
      await db`insert into public.comments (task_id, author_id, body) values (${task!}, ${ws.owner.id}, 'First') returning id`;
    const [edited] = await asUser(
      ws.owner,
      (tx) => tx`update public.comments set body = 'Second' where id = ${comment!.id} returning edited_at`,
      { commit: true },
    );
    expect(edited!.edited_at).toBeInstanceOf(Date);
    const [deleted] = await asUser(
      ws.owner,
      (tx) =>
        tx`update public.comments set deleted_at = now() where id = ${comment!.id} returning body, deleted_at`,
      { commit: true },
    );
    expect(deleted!.body).toBe('deleted');
    expect(deleted!.deleted_at).toBeInstanceOf(Date);
    await expect(
      asUser(ws.owner, (tx) => tx`update public.comments set deleted_at = null where id = ${comment!.id}`),
    ).rejects.toMatchObject({ ...refusedWith('CONFLICT'), hint: 'deleted_at' });
    await expect(
      asUser(ws.owner, (tx) => tx`update public.comments set body = 'Third' where id = ${comment!.id}`),
    ).rejects.toMatchObject(refusedWith('CONFLICT'));
  });
});
