import { describe, expect, it } from 'vitest';
import { planTaskWrite } from './task-write-plan.ts';

describe('planTaskWrite', () => {
  it('a title save keeps its version and shows on the card', () => {
    expect(
      planTaskWrite({
        kind: 'field',
        taskId: 't1',
        field: 'title',
        value: 'New',
        base: '2026-11-26T10:00:00Z',
      }),
    ).toEqual({
      name: 'updateTask',
      input: { taskId: 't1', title: 'New', expectedUpdatedAt: '2026-11-26T10:00:00Z' },
      shown: { type: 'patch-task', taskId: 't1', patch: { title: 'New' } },
    });
  });

  it('a cleared assignee or due date is null; a description does not touch the card', () => {
    expect(planTaskWrite({ kind: 'field', taskId: 't1', field: 'assignee', value: null })).toMatchObject({
      input: { taskId: 't1', assigneeId: null },
      shown: { patch: { assigneeId: null } },
    });
    expect(planTaskWrite({ kind: 'field', taskId: 't1', field: 'due', value: '2026-12-01' })).toMatchObject({
      input: { dueOn: '2026-12-01' },
    });
    expect(planTaskWrite({ kind: 'field', taskId: 't1', field: 'description', value: 'Notes' })).toEqual({
      name: 'updateTask',
      input: { taskId: 't1', description: 'Notes' },
      shown: null,
    });
  });

  it("labels replace the card's labels; a comment keeps the id the client gave it", () => {
    expect(planTaskWrite({ kind: 'labels', taskId: 't1', labelIds: ['a', 'b'] })).toEqual({
      name: 'setTaskLabels',
      input: { taskId: 't1', labelIds: ['a', 'b'] },
      shown: { type: 'task-labels', taskId: 't1', labelIds: ['a', 'b'] },
    });
    expect(planTaskWrite({ kind: 'checklist-item', taskId: 't1', itemId: 'i1', done: true })).toEqual({
      name: 'updateChecklistItem',
      input: { itemId: 'i1', done: true, body: undefined },
      shown: { type: 'task-counts', taskId: 't1', checklistDone: 1 },
    });
    expect(planTaskWrite({ kind: 'checklist-item', taskId: 't1', itemId: 'i1', body: 'Ship' })).toMatchObject(
      {
        shown: null,
      },
    );
    expect(planTaskWrite({ kind: 'checklist-delete', taskId: 't1', itemId: 'i1' })).toEqual({
      name: 'deleteChecklistItem',
      input: 'i1',
      shown: null,
    });
    expect(planTaskWrite({ kind: 'comment', taskId: 't1', id: 'c1', body: 'Hi' })).toEqual({
      name: 'addComment',
      input: { id: 'c1', taskId: 't1', body: 'Hi' },
      shown: { type: 'task-counts', taskId: 't1', comments: 1 },
    });
  });

  it('done, archive and watch set a value; done moves the card, archive and delete take it off the board', () => {
    expect(planTaskWrite({ kind: 'done', taskId: 't1', done: true })).toEqual({
      name: 'completeTask',
      input: { taskId: 't1', completed: true },
      shown: { type: 'task-done', taskId: 't1', done: true },
    });
    expect(planTaskWrite({ kind: 'archive', taskId: 't1', archived: true })).toEqual({
      name: 'archiveTask',
      input: { taskId: 't1', archived: true },
      shown: { type: 'delete', table: 'tasks', id: 't1' },
    });
    // A restored card is not on the board to show: it comes back with the server's row.
    expect(planTaskWrite({ kind: 'archive', taskId: 't1', archived: false })).toMatchObject({ shown: null });
    expect(planTaskWrite({ kind: 'delete', taskId: 't1' })).toEqual({
      name: 'deleteTask',
      input: 't1',
      shown: { type: 'delete', table: 'tasks', id: 't1' },
    });
    expect(planTaskWrite({ kind: 'watch', taskId: 't1', watching: false })).toEqual({
      name: 'setTaskWatch',
      input: { taskId: 't1', watching: false },
      shown: null,
    });
  });

  it('comment edits and deletes name the comment; a delete takes one off the card count', () => {
    expect(planTaskWrite({ kind: 'comment-edit', taskId: 't1', commentId: 'c1', body: 'Better' })).toEqual({
      name: 'editComment',
      input: { commentId: 'c1', body: 'Better' },
      shown: null,
    });
    expect(planTaskWrite({ kind: 'comment-delete', taskId: 't1', commentId: 'c1' })).toEqual({
      name: 'deleteComment',
      input: 'c1',
      shown: { type: 'task-counts', taskId: 't1', comments: -1 },
    });
  });

  it('checklist adds keep the client id and count at once; moves and promotions carry their names', () => {
    expect(
      planTaskWrite({ kind: 'checklist-add', taskId: 't1', id: 'i9', body: 'Pack', checklist: 'Trip' }),
    ).toEqual({
      name: 'addChecklistItem',
      input: { id: 'i9', taskId: 't1', body: 'Pack', checklist: 'Trip' },
      shown: { type: 'task-counts', taskId: 't1', checklistTotal: 1 },
    });
    expect(
      planTaskWrite({ kind: 'checklist-move', taskId: 't1', itemId: 'i1', beforeId: null, afterId: 'i2' }),
    ).toEqual({
      name: 'moveChecklistItem',
      input: { itemId: 'i1', beforeId: null, afterId: 'i2' },
      shown: null,
    });
    expect(planTaskWrite({ kind: 'checklist-promote', taskId: 't1', itemId: 'i1', newTaskId: 'n1' })).toEqual(
      {
        name: 'checklistItemToTask',
        input: { itemId: 'i1', newTaskId: 'n1' },
        shown: null,
      },
    );
  });
});
