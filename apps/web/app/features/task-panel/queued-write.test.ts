import { describe, expect, it } from 'vitest';
import { toTaskWrite } from './queued-write.ts';

describe('toTaskWrite', () => {
  it('a title save carries its version; an empty due date clears it', () => {
    expect(toTaskWrite('t1', 'title', { value: 'Ship', base: 'v1' })).toEqual({
      kind: 'field',
      taskId: 't1',
      field: 'title',
      value: 'Ship',
      base: 'v1',
    });
    expect(toTaskWrite('t1', 'due', { value: '' })).toEqual({
      kind: 'field',
      taskId: 't1',
      field: 'due',
      value: null,
    });
  });

  it('labels become the whole set, one label or none', () => {
    expect(toTaskWrite('t1', 'labels', { labelId: ['a', 'b'] })).toEqual({
      kind: 'labels',
      taskId: 't1',
      labelIds: ['a', 'b'],
    });
    expect(toTaskWrite('t1', 'labels', { labelId: 'a' })).toMatchObject({ labelIds: ['a'] });
    expect(toTaskWrite('t1', 'labels', {})).toMatchObject({ labelIds: [] });
  });

  it('files and covers stay route posts; checklist adds and moves are named by their section', () => {
    expect(toTaskWrite('t1', 'delete-attachment', { attachmentId: 'a1' })).toBeNull();
    expect(toTaskWrite('t1', 'cover', { value: 'a1' })).toBeNull();
    expect(toTaskWrite('t1', 'checklist-add', { body: 'x' })).toBeNull();
    expect(toTaskWrite('t1', 'checklist-move', { itemId: 'i1' })).toBeNull();
  });

  it('done, archive and watch are values to set, never toggles; delete names the task', () => {
    expect(toTaskWrite('t1', 'done', { value: 'true' })).toEqual({ kind: 'done', taskId: 't1', done: true });
    expect(toTaskWrite('t1', 'done', { value: 'false' })).toMatchObject({ done: false });
    expect(toTaskWrite('t1', 'archive', { value: 'true' })).toEqual({
      kind: 'archive',
      taskId: 't1',
      archived: true,
    });
    expect(toTaskWrite('t1', 'watch', { value: 'false' })).toEqual({
      kind: 'watch',
      taskId: 't1',
      watching: false,
    });
    expect(toTaskWrite('t1', 'delete-task', {})).toEqual({ kind: 'delete', taskId: 't1' });
  });

  it('comment edits and deletes name the comment; an item made a task is named by the client', () => {
    expect(toTaskWrite('t1', 'edit-comment', { commentId: 'c1', body: 'Fixed' })).toEqual({
      kind: 'comment-edit',
      taskId: 't1',
      commentId: 'c1',
      body: 'Fixed',
    });
    expect(toTaskWrite('t1', 'delete-comment', { commentId: 'c1' })).toEqual({
      kind: 'comment-delete',
      taskId: 't1',
      commentId: 'c1',
    });
    const promoted = toTaskWrite('t1', 'checklist-to-task', { itemId: 'i1' });
    expect(promoted).toMatchObject({ kind: 'checklist-promote', itemId: 'i1' });
    expect(promoted).toHaveProperty('newTaskId', expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(toTaskWrite('t1', 'checklist-to-task', { itemId: 'i1', newTaskId: 'n1' })).toMatchObject({
      newTaskId: 'n1',
    });
  });

  it('a checklist item ticked, renamed or deleted is queued', () => {
    expect(toTaskWrite('t1', 'checklist-check', { itemId: 'i1', value: 'false' })).toEqual({
      kind: 'checklist-item',
      taskId: 't1',
      itemId: 'i1',
      done: false,
    });
    expect(toTaskWrite('t1', 'checklist-edit', { itemId: 'i1', body: 'Ship' })).toMatchObject({
      body: 'Ship',
    });
    expect(toTaskWrite('t1', 'checklist-delete', { itemId: 'i1' })).toEqual({
      kind: 'checklist-delete',
      taskId: 't1',
      itemId: 'i1',
    });
  });
});

describe('toTaskWrite: the sidebar’s column', () => {
  it('names the column the task goes to', () => {
    expect(toTaskWrite('t1', 'column', { value: 'c2' })).toEqual({
      kind: 'column',
      taskId: 't1',
      columnId: 'c2',
    });
  });
});
