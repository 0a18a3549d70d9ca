import type { TaskRow } from '@lanes/shared/schemas/task';
import { describe, expect, it } from 'vitest';
import { testTask } from './board-model.fixtures.ts';
import { type BoardModel, keyBetween, neighboursOf, tasksIn } from './board-model.ts';
import { boardReducer } from './board-reducer.ts';

const TODO = '00000000-0000-4000-8000-00000000000a';
const DONE = '00000000-0000-4000-8000-00000000000b';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function task(n: number, columnId: string, position: string) {
  return testTask({ id: id(n), columnId, number: n, title: `Task ${n}`, position });
}

function world(): BoardModel {
  return {
    columns: [
      { id: TODO, name: 'To do', position: 'V', wipLimit: null, isDone: false },
      { id: DONE, name: 'Done', position: 'W', wipLimit: null, isDone: true },
    ],
    tasks: [task(1, TODO, 'V'), task(2, TODO, 'W'), task(3, TODO, 'X'), task(4, DONE, 'V')],
    labels: [],
    profiles: {},
    stale: false,
  };
}

function row(n: number, columnId: string, position: string, extra: Partial<TaskRow> = {}): TaskRow {
  return {
    id: id(n),
    board_id: id(99),
    column_id: columnId,
    number: n,
    title: `Task ${n}`,
    description: '',
    position,
    assignee_id: null,
    due_on: null,
    priority: 'none',
    completed_at: null,
    archived_at: null,
    created_by: null,
    created_at: '2026-11-21T10:00:00+00:00',
    updated_at: '2026-11-21T10:00:01+00:00',
    comment_count: 0,
    attachment_count: 0,
    checklist_total: 0,
    checklist_done: 0,
    cover_attachment_id: null,
    ...extra,
  };
}

const titles = (model: BoardModel, column: string) => tasksIn(model, column).map((t) => t.number);

describe('keyBetween', () => {
  it('makes keys strictly between two keys or past either end', () => {
    for (const [a, b] of [
      ['V', 'W'],
      [null, 'V'],
      ['V', null],
      ['V', 'V1'],
      ['Vz', 'W'],
      [null, '1'],
    ] as const) {
      const key = keyBetween(a, b);
      if (a !== null) expect(key > a).toBe(true);
      if (b !== null) expect(key < b).toBe(true);
    }
  });
});

describe('boardReducer', () => {
  it('shows an optimistic move within a column and across columns, and names the neighbours', () => {
    let model = boardReducer(world(), { type: 'place-task', taskId: id(3), columnId: TODO, index: 0 });
    expect(titles(model, TODO)).toEqual([3, 1, 2]);
    expect(neighboursOf(tasksIn(model, TODO), id(3))).toEqual({ beforeId: null, afterId: id(1) });

    model = boardReducer(model, { type: 'place-task', taskId: id(1), columnId: DONE, index: 1 });
    expect(titles(model, TODO)).toEqual([3, 2]);
    expect(titles(model, DONE)).toEqual([4, 1]);
    expect(neighboursOf(tasksIn(model, DONE), id(1))).toEqual({ beforeId: id(4), afterId: null });
  });

  it('puts a refused move back where it was, keeping changes that arrived meanwhile', () => {
    let model = boardReducer(world(), { type: 'place-task', taskId: id(1), columnId: DONE, index: 0 });
    model = boardReducer(model, { type: 'task-row', row: row(5, TODO, 'Y') });
    model = boardReducer(model, { type: 'restore-task', taskId: id(1), columnId: TODO, position: 'V' });
    expect(titles(model, TODO)).toEqual([1, 2, 3, 5]);
    expect(titles(model, DONE)).toEqual([4]);
  });

  it('takes new card counts from a row whose updated_at did not move (a comment is not an edit)', () => {
    const model = world();
    const same = model.tasks.find((t) => t.id === id(2))!.updatedAt;
    const counted = row(2, TODO, 'W', {
      updated_at: same,
      comment_count: 2,
      checklist_total: 3,
      checklist_done: 1,
    });
    const next = boardReducer(model, { type: 'task-row', row: counted });
    expect(next.tasks.find((t) => t.id === id(2))).toMatchObject({
      comments: 2,
      checklist: { done: 1, total: 3 },
    });
    // The same counts again change nothing.
    expect(boardReducer(next, { type: 'task-row', row: counted })).toBe(next);
  });

  it('takes a cover from a task row and drops it when the row says none (decision 197)', () => {
    const model = world();
    const same = model.tasks.find((t) => t.id === id(2))!.updatedAt;
    const covered = row(2, TODO, 'W', { updated_at: same, cover_attachment_id: id(40) });
    const next = boardReducer(model, { type: 'task-row', row: covered });
    expect(next.tasks.find((t) => t.id === id(2))?.cover).toBe(id(40));
    const cleared = boardReducer(next, { type: 'task-row', row: { ...covered, cover_attachment_id: null } });
    expect(cleared.tasks.find((t) => t.id === id(2))).not.toHaveProperty('cover');
  });

  it('applies realtime rows: inserts in key order, moves, archives, deletes; ignores older echoes', () => {
    let model = boardReducer(world(), { type: 'task-row', row: row(6, TODO, 'Vk') });
    expect(titles(model, TODO)).toEqual([1, 6, 2, 3]);
    model = boardReducer(model, { type: 'task-row', row: row(2, DONE, 'U') });
    expect(titles(model, DONE)).toEqual([2, 4]);
    const older = row(2, TODO, 'Z', { updated_at: '2026-11-21T09:00:00+00:00' });
    expect(boardReducer(model, { type: 'task-row', row: older })).toBe(model);
    model = boardReducer(model, {
      type: 'task-row',
      row: row(3, TODO, 'X', { archived_at: '2026-11-21T11:00:00Z' }),
    });
    expect(titles(model, TODO)).toEqual([1, 6]);
    model = boardReducer(model, { type: 'delete', table: 'tasks', id: id(1) });
    expect(titles(model, TODO)).toEqual([6]);
  });

  it('keeps label links of a moved task and marks the board stale for an unknown assignee', () => {
    const start = world();
    start.tasks[0]!.labelIds = [id(50)];
    const model = boardReducer(start, { type: 'task-row', row: row(1, DONE, 'X', { assignee_id: id(70) }) });
    expect(model.tasks.find((t) => t.id === id(1))?.labelIds).toEqual([id(50)]);
    expect(model.stale).toBe(true);
  });

  it('reorders columns optimistically, restores them, and drops a deleted column with its tasks', () => {
    let model = boardReducer(world(), { type: 'place-column', columnId: DONE, index: 0 });
    expect(model.columns.map((c) => c.name)).toEqual(['Done', 'To do']);
    model = boardReducer(model, { type: 'restore-column', columnId: DONE, position: 'W' });
    expect(model.columns.map((c) => c.name)).toEqual(['To do', 'Done']);
    model = boardReducer(model, { type: 'delete', table: 'columns', id: TODO });
    expect(model.columns.map((c) => c.name)).toEqual(['Done']);
    expect(model.tasks.map((t) => t.number)).toEqual([4]);
  });
});

describe('pending cards and edits', () => {
  const pending = {
    ...task(0, TODO, ''),
    id: id(5),
    number: 0,
    title: 'Offline idea',
    pending: true as const,
  };

  it('shows a card added offline at the end of its column until the server stores it', () => {
    const added = boardReducer(world(), { type: 'add-pending-task', task: pending });
    expect(tasksIn(added, TODO).map((t) => t.id)).toEqual([id(1), id(2), id(3), id(5)]);
    const stored = boardReducer(added, { type: 'task-row', row: row(5, TODO, 'Y') });
    expect(tasksIn(stored, TODO).map((t) => t.number)).toEqual([1, 2, 3, 5]);
    expect(stored.tasks.some((t) => t.pending)).toBe(false);
  });

  it('shows one card when the realtime echo of our create comes before its answer', () => {
    const added = boardReducer(world(), { type: 'add-pending-task', task: { ...pending, title: 'Task 5' } });
    const echoed = boardReducer(added, { type: 'task-row', row: row(5, TODO, 'Y') });
    expect(tasksIn(echoed, TODO).map((t) => t.id)).toEqual([id(1), id(2), id(3), id(5)]);
    const answered = boardReducer(echoed, { type: 'task-row', row: row(5, TODO, 'Y') });
    expect(tasksIn(answered, TODO).map((t) => t.id)).toEqual([id(1), id(2), id(3), id(5)]);
    expect(answered.tasks.some((t) => t.pending)).toBe(false);
  });

  it("does not show a teammate's card with the same title in place of ours", () => {
    const added = boardReducer(world(), { type: 'add-pending-task', task: { ...pending, title: 'Task 6' } });
    const theirs = boardReducer(added, { type: 'task-row', row: row(6, TODO, 'Y') });
    expect(theirs.tasks.find((t) => t.id === id(5))?.pending).toBe(true);
    expect(theirs.tasks.find((t) => t.id === id(6))?.title).toBe('Task 6');
  });

  it('a waiting card the fresh board already holds shows once, as stored', () => {
    const added = boardReducer(world(), { type: 'add-pending-task', task: pending });
    const fresh = boardReducer(world(), { type: 'task-row', row: row(5, TODO, 'Y') });
    const reset = boardReducer(added, { type: 'reset', model: fresh });
    expect(reset.tasks.filter((t) => t.id === id(5))).toEqual([expect.objectContaining({ number: 5 })]);
    expect(boardReducer(reset, { type: 'add-pending-task', task: pending })).toBe(reset);
  });

  it('keeps waiting cards through a fresh copy of the board', () => {
    const added = boardReducer(world(), { type: 'add-pending-task', task: pending });
    const reset = boardReducer(added, { type: 'reset', model: world() });
    expect(tasksIn(reset, TODO).at(-1)?.id).toBe(id(5));
  });

  it('drops a refused card', () => {
    const added = boardReducer(world(), { type: 'add-pending-task', task: pending });
    const dropped = boardReducer(added, { type: 'delete', table: 'tasks', id: id(5) });
    expect(dropped.tasks.map((t) => t.id)).not.toContain(id(5));
  });

  it('sets a task’s labels and edits columns and labels in place', () => {
    let model = boardReducer(world(), { type: 'task-labels', taskId: id(2), labelIds: ['l1'] });
    expect(model.tasks.find((t) => t.id === id(2))?.labelIds).toEqual(['l1']);
    model = boardReducer(model, {
      type: 'patch-column',
      columnId: DONE,
      patch: { name: 'Shipped', wipLimit: 3 },
    });
    expect(model.columns.find((c) => c.id === DONE)).toMatchObject({
      name: 'Shipped',
      wipLimit: 3,
      isDone: true,
    });
    model = {
      ...model,
      labels: [
        { id: 'l1', name: 'Bug', color: 'red' },
        { id: 'l2', name: 'Chore', color: 'gray' },
      ],
    };
    model = boardReducer(model, {
      type: 'patch-label',
      labelId: 'l1',
      patch: { name: 'Defect', color: 'blue' },
    });
    expect(model.labels.map((l) => `${l.name}:${l.color}`)).toEqual(['Chore:gray', 'Defect:blue']);
    const created = { board_id: id(99), color: 'green' as const, created_at: '2026-01-01T00:00:00Z' };
    model = boardReducer(model, { type: 'label-row', row: { ...created, id: 'l3', name: 'api' } });
    model = boardReducer(model, { type: 'label-row', row: { ...created, id: 'l4', name: 'Érgonomics' } });
    // Case and accents aside, as the first read orders them (board-model).
    expect(model.labels.map((l) => l.name)).toEqual(['api', 'Chore', 'Defect', 'Érgonomics']);
  });
});

describe('late echoes', () => {
  it('do not undo a move shown since: a row no newer than ours is a version we already have', () => {
    const placed = boardReducer(world(), { type: 'place-task', taskId: id(3), columnId: TODO, index: 0 });
    const echo = row(3, TODO, 'X', { updated_at: placed.tasks.find((t) => t.id === id(3))!.updatedAt });
    expect(titles(boardReducer(placed, { type: 'task-row', row: echo }), TODO)).toEqual([3, 1, 2]);
  });
});

describe('task panel writes shown on the card (decision 202)', () => {
  it('a patch marks a card done and sets or clears its counts', () => {
    let model = boardReducer(world(), {
      type: 'patch-task',
      taskId: id(2),
      patch: { done: true, comments: 2, checklist: { done: 1, total: 3 } },
    });
    expect(model.tasks.find((t) => t.id === id(2))).toMatchObject({
      done: true,
      comments: 2,
      checklist: { done: 1, total: 3 },
    });
    model = boardReducer(model, {
      type: 'patch-task',
      taskId: id(2),
      patch: { done: undefined, comments: undefined, checklist: undefined },
    });
    const card = model.tasks.find((t) => t.id === id(2));
    expect([card?.done, card?.comments, card?.checklist]).toEqual([undefined, undefined, undefined]);
  });
});
