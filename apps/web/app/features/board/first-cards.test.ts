import { describe, expect, it } from 'vitest';
import { testTask } from './board-model.fixtures.ts';
import type { BoardModel } from './board-model.ts';
import { firstCards } from './first-cards.ts';

const task = (n: number, columnId: string) =>
  testTask({
    id: `t${n}`,
    columnId,
    number: n,
    title: `Task ${n}`,
    position: String(n).padStart(4, '0'),
    assigneeId: n === 5 ? 'u2' : 'u1',
  });

const model: BoardModel = {
  columns: [
    { id: 'a', name: 'A', position: 'V', wipLimit: null, isDone: false },
    { id: 'b', name: 'B', position: 'W', wipLimit: null, isDone: false },
  ],
  tasks: [task(1, 'a'), task(2, 'a'), task(3, 'a'), task(4, 'b'), task(5, 'a')],
  labels: [],
  profiles: { u1: { name: 'One', avatarPath: null }, u2: { name: 'Two', avatarPath: null } },
  stale: false,
};

describe('firstCards', () => {
  it('keeps the first cards of each column in order and counts what it left out', () => {
    const cut = firstCards(model, 2);
    expect(cut.tasks.map((t) => t.id)).toEqual(['t1', 't2', 't4']);
    expect(cut.hidden).toEqual({ a: 2 });
    expect(Object.keys(cut.profiles)).toEqual(['u1']);
  });

  it('leaves a board that fits untouched', () => {
    expect(firstCards(model, 10)).toBe(model);
  });
});
