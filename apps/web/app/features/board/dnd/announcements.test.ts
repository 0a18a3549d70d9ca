import { describe, expect, it } from 'vitest';
import { testTask } from '../model/board-model.fixtures.ts';
import type { BoardModel } from '../model/board-model.ts';
import { announcements } from './announcements.ts';

const task = (id: string, columnId: string, position: string, title: string) =>
  testTask({ id, columnId, position, title });

const model: BoardModel = {
  columns: [
    { id: 'todo', name: 'To do', position: 'V', wipLimit: null, isDone: false },
    { id: 'doing', name: 'Doing', position: 'W', wipLimit: null, isDone: false },
  ],
  tasks: [
    task('a', 'todo', 'V', 'Write docs'),
    task('b', 'doing', 'V', 'Fix bug'),
    task('c', 'doing', 'W', 'Ship'),
  ],
  labels: [],
  profiles: {},
  stale: false,
};

const drop = (active: string, over: string) =>
  announcements(() => model).onDragEnd?.({
    active: { id: active },
    over: { id: over },
  } as unknown as Parameters<NonNullable<ReturnType<typeof announcements>['onDragEnd']>>[0]);

describe('drop announcements', () => {
  it('name the card and the place it lands, not the card twice', () => {
    expect(drop('a', 'c')).toBe('Dropped Write docs at position 2 of 2 in Doing.');
    expect(drop('a', 'doing')).toBe('Dropped Write docs at column Doing.');
  });

  it('name a column’s new place among the columns', () => {
    expect(drop('todo', 'doing')).toBe('Dropped column To do at position 2 of 2 among the columns.');
  });
});
