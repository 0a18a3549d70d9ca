import { describe, expect, it } from 'vitest';
import type { TaskWrite } from '#app/lib/task-writes.ts';
import { testTask } from '../model/board-model.fixtures.ts';
import { type BoardModel, tasksIn } from '../model/board-model.ts';
import { boardReducer } from '../model/board-reducer.ts';
import { planTaskWrite } from './task-write-plan.ts';

const TODO = 'todo';
const DONE = 'done';

function board(): BoardModel {
  return {
    columns: [
      { id: TODO, name: 'To do', position: 'V', wipLimit: null, isDone: false },
      { id: DONE, name: 'Done', position: 'W', wipLimit: null, isDone: true },
    ],
    tasks: [
      testTask({ id: 't1', columnId: TODO, position: 'V' }),
      testTask({ id: 't2', columnId: TODO, position: 'W', comments: 1, checklist: { done: 1, total: 2 } }),
      testTask({ id: 't3', columnId: DONE, position: 'V', done: true }),
    ],
    labels: [],
    profiles: {},
    stale: false,
  };
}

/** The board as the card shows it once the write's plan is applied, before the server answers. */
function shown(write: TaskWrite, model = board()): BoardModel {
  return planTaskWrite(write, model).shown.reduce(boardReducer, model);
}
const card = (model: BoardModel, id: string) => model.tasks.find((t) => t.id === id);

describe('planTaskWrite', () => {
  it('a title save keeps its version and shows on the card', () => {
    expect(
      planTaskWrite(
        { kind: 'field', taskId: 't1', field: 'title', value: 'New', base: '2026-11-26T10:00:00Z' },
        board(),
      ),
    ).toEqual({
      name: 'updateTask',
      input: { taskId: 't1', title: 'New', expectedUpdatedAt: '2026-11-26T10:00:00Z' },
      shown: [{ type: 'patch-task', taskId: 't1', patch: { title: 'New' } }],
      answersRow: true,
      refusal: 'A change to a task was not saved',
    });
  });

  it('a cleared assignee or due date is null; a description does not touch the card', () => {
    expect(
      planTaskWrite({ kind: 'field', taskId: 't1', field: 'assignee', value: null }, board()),
    ).toMatchObject({
      input: { taskId: 't1', assigneeId: null },
      shown: [{ patch: { assigneeId: null } }],
    });
    expect(
      planTaskWrite({ kind: 'field', taskId: 't1', field: 'due', value: '2026-12-01' }, board()),
    ).toMatchObject({ input: { dueOn: '2026-12-01' } });
    expect(
      planTaskWrite({ kind: 'field', taskId: 't1', field: 'description', value: 'Notes' }, board()),
    ).toMatchObject({ name: 'updateTask', input: { taskId: 't1', description: 'Notes' }, shown: [] });
  });

  it("labels replace the card's labels; a comment keeps the id the client gave it and counts at once", () => {
    expect(planTaskWrite({ kind: 'labels', taskId: 't1', labelIds: ['a', 'b'] }, board())).toMatchObject({
      name: 'setTaskLabels',
      input: { taskId: 't1', labelIds: ['a', 'b'] },
      shown: [{ type: 'task-labels', taskId: 't1', labelIds: ['a', 'b'] }],
    });
    expect(planTaskWrite({ kind: 'comment', taskId: 't2', id: 'c1', body: 'Hi' }, board())).toMatchObject({
      name: 'addComment',
      input: { id: 'c1', taskId: 't2', body: 'Hi' },
    });
    expect(card(shown({ kind: 'comment', taskId: 't2', id: 'c1', body: 'Hi' }), 't2')?.comments).toBe(2);
    expect(
      card(shown({ kind: 'comment-delete', taskId: 't2', commentId: 'c1' }), 't2')?.comments,
    ).toBeUndefined();
  });

  it('done moves the card to the end of the done column, not done back to the first open one', () => {
    const plan = planTaskWrite({ kind: 'done', taskId: 't1', done: true }, board());
    expect(plan).toMatchObject({
      name: 'completeTask',
      input: { taskId: 't1', completed: true },
      answersRow: true,
    });
    const done = shown({ kind: 'done', taskId: 't1', done: true });
    expect(tasksIn(done, DONE).map((t) => t.id)).toEqual(['t3', 't1']);
    expect(card(done, 't1')?.done).toBe(true);
    const open = shown({ kind: 'done', taskId: 't3', done: false });
    expect(tasksIn(open, TODO).map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(card(open, 't3')?.done).toBeUndefined();
  });

  it('done on a card already done leaves it in place, as the server does; an unknown card shows nothing', () => {
    const again = shown({ kind: 'done', taskId: 't3', done: true });
    expect(card(again, 't3')).toMatchObject({ columnId: DONE, position: 'V', done: true });
    expect(planTaskWrite({ kind: 'done', taskId: 'gone', done: true }, board()).shown).toEqual([]);
  });

  it('archive and delete take the card off the board; a restore waits for the server’s row', () => {
    expect(card(shown({ kind: 'archive', taskId: 't1', archived: true }), 't1')).toBeUndefined();
    expect(planTaskWrite({ kind: 'archive', taskId: 't1', archived: false }, board())).toMatchObject({
      name: 'archiveTask',
      input: { taskId: 't1', archived: false },
      shown: [],
      refusal: 'The task was not restored',
    });
    expect(planTaskWrite({ kind: 'delete', taskId: 't1' }, board())).toMatchObject({
      name: 'deleteTask',
      input: 't1',
      answersRow: false,
      refusal: 'The task was not deleted',
    });
    expect(card(shown({ kind: 'delete', taskId: 't1' }), 't1')).toBeUndefined();
  });

  it('watch and comment edits change nothing on the card', () => {
    expect(planTaskWrite({ kind: 'watch', taskId: 't1', watching: false }, board())).toMatchObject({
      name: 'setTaskWatch',
      input: { taskId: 't1', watching: false },
      shown: [],
    });
    expect(
      planTaskWrite({ kind: 'comment-edit', taskId: 't1', commentId: 'c1', body: 'Better' }, board()),
    ).toMatchObject({ name: 'editComment', input: { commentId: 'c1', body: 'Better' }, shown: [] });
  });

  it('checklist adds and ticks count at once, never below zero; moves and promotions carry their names', () => {
    expect(
      planTaskWrite(
        { kind: 'checklist-add', taskId: 't1', id: 'i9', body: 'Pack', checklist: 'Trip' },
        board(),
      ),
    ).toMatchObject({
      name: 'addChecklistItem',
      input: { id: 'i9', taskId: 't1', body: 'Pack', checklist: 'Trip' },
    });
    expect(
      card(shown({ kind: 'checklist-add', taskId: 't1', id: 'i9', body: 'Pack' }), 't1')?.checklist,
    ).toEqual({
      done: 0,
      total: 1,
    });
    const ticked = shown({ kind: 'checklist-item', taskId: 't2', itemId: 'i1', done: true });
    expect(card(ticked, 't2')?.checklist).toEqual({ done: 2, total: 2 });
    const unticked = shown({ kind: 'checklist-item', taskId: 't1', itemId: 'i1', done: false });
    expect(card(unticked, 't1')?.checklist).toBeUndefined();
    expect(
      planTaskWrite({ kind: 'checklist-item', taskId: 't1', itemId: 'i1', body: 'Ship' }, board()).shown,
    ).toEqual([]);
    expect(
      planTaskWrite(
        { kind: 'checklist-move', taskId: 't1', itemId: 'i1', beforeId: null, afterId: 'i2' },
        board(),
      ),
    ).toMatchObject({ name: 'moveChecklistItem', input: { itemId: 'i1', beforeId: null, afterId: 'i2' } });
    expect(
      planTaskWrite({ kind: 'checklist-promote', taskId: 't1', itemId: 'i1', newTaskId: 'n1' }, board()),
    ).toMatchObject({
      name: 'checklistItemToTask',
      input: { itemId: 'i1', newTaskId: 'n1' },
      answersRow: true,
    });
    expect(planTaskWrite({ kind: 'checklist-delete', taskId: 't1', itemId: 'i1' }, board())).toMatchObject({
      name: 'deleteChecklistItem',
      input: 'i1',
    });
  });
});

describe('planTaskWrite: the sidebar’s column', () => {
  it('moves the card to the bottom of the column at once, below its last stored card', () => {
    const model = board();
    model.tasks.push(testTask({ id: 'p1', columnId: DONE, position: 'X', pending: true }));
    const plan = planTaskWrite({ kind: 'column', taskId: 't1', columnId: DONE }, model);
    expect(plan).toMatchObject({
      name: 'moveTask',
      input: { taskId: 't1', columnId: DONE, beforeId: 't3', afterId: null },
      answersRow: true,
      refusal: 'The task was not moved',
    });
    const moved = plan.shown.reduce(boardReducer, model);
    expect(tasksIn(moved, DONE).map((t) => t.id)).toEqual(['t3', 'p1', 't1']);
    expect(planTaskWrite({ kind: 'column', taskId: 't1', columnId: TODO }, board()).input).toMatchObject({
      beforeId: 't2',
    });
  });
});
