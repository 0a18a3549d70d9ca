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
  });
});
