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
      shown: null,
    });
    expect(planTaskWrite({ kind: 'checklist-delete', taskId: 't1', itemId: 'i1' })).toEqual({
      name: 'deleteChecklistItem',
      input: 'i1',
      shown: null,
    });
    expect(planTaskWrite({ kind: 'comment', taskId: 't1', id: 'c1', body: 'Hi' })).toEqual({
      name: 'addComment',
      input: { id: 'c1', taskId: 't1', body: 'Hi' },
      shown: null,
    });
  });
});
