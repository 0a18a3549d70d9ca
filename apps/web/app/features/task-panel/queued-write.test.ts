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

  it('saves the queue does not carry stay route posts', () => {
    expect(toTaskWrite('t1', 'done', { value: 'true' })).toBeNull();
    expect(toTaskWrite('t1', 'delete-task', {})).toBeNull();
    expect(toTaskWrite('t1', 'checklist-add', { body: 'x' })).toBeNull();
    expect(toTaskWrite('t1', 'checklist-move', { itemId: 'i1' })).toBeNull();
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
