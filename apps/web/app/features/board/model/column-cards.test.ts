import { describe, expect, it } from 'vitest';
import { testTask } from './board-model.fixtures.ts';
import type { BoardModel } from './board-model.ts';
import { boardReducer } from './board-reducer.ts';
import { columnCards } from './column-cards.ts';
import { NO_FILTER } from './filters.ts';

const TODO = '00000000-0000-4000-8000-00000000000a';
const DOING = '00000000-0000-4000-8000-00000000000b';
const EMPTY = '00000000-0000-4000-8000-00000000000c';
const BUG = '00000000-0000-4000-8000-0000000000b1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const board: BoardModel = {
  columns: [
    { id: TODO, name: 'To do', position: 'V', wipLimit: null, isDone: false },
    { id: DOING, name: 'Doing', position: 'W', wipLimit: null, isDone: false },
    { id: EMPTY, name: 'Later', position: 'X', wipLimit: null, isDone: false },
  ],
  tasks: [
    testTask({ id: id(1), columnId: TODO, title: 'Write the spec', position: 'V' }),
    testTask({ id: id(2), columnId: DOING, title: 'Ship the board', position: 'V' }),
    testTask({ id: id(3), columnId: TODO, title: 'Ship the panel', position: 'W' }),
  ],
  labels: [],
  profiles: {},
  stale: false,
};
const titles = (tasks: { title: string }[]) => tasks.map((t) => t.title);

describe('columnCards', () => {
  it("gives every column its cards in the board's order, with its count", () => {
    const cards = columnCards(board, NO_FILTER);
    expect(titles(cards[TODO]?.shown ?? [])).toEqual(['Write the spec', 'Ship the panel']);
    expect(titles(cards[DOING]?.shown ?? [])).toEqual(['Ship the board']);
    expect(cards[EMPTY]).toEqual({ shown: [], count: 0 });
    expect(cards[TODO]?.count).toBe(2);
  });

  it('shows only the cards that pass the filter, and still counts them all', () => {
    const cards = columnCards(board, { ...NO_FILTER, text: 'ship' });
    expect(titles(cards[TODO]?.shown ?? [])).toEqual(['Ship the panel']);
    expect(cards[TODO]?.count).toBe(2);
  });

  it('keeps the list of a column whose cards did not change, and only that one', () => {
    const before = columnCards(board, NO_FILTER);
    const labelled = boardReducer(board, { type: 'task-labels', taskId: id(2), labelIds: [BUG] });
    const after = columnCards(labelled, NO_FILTER, before);
    expect(after[TODO]?.shown).toBe(before[TODO]?.shown);
    expect(after[EMPTY]?.shown).toBe(before[EMPTY]?.shown);
    expect(after[DOING]?.shown).not.toBe(before[DOING]?.shown);
    expect(after[DOING]?.shown[0]?.labelIds).toEqual([BUG]);
  });

  it('gives a new list when a card leaves a column or the filter hides one', () => {
    const before = columnCards(board, NO_FILTER);
    expect(columnCards(board, { ...NO_FILTER, text: 'spec' }, before)[TODO]?.shown).not.toBe(
      before[TODO]?.shown,
    );
    const fewer = { ...board, tasks: board.tasks.filter((t) => t.id !== id(3)) };
    const after = columnCards(fewer, NO_FILTER, before);
    expect(titles(after[TODO]?.shown ?? [])).toEqual(['Write the spec']);
    expect(after[DOING]?.shown).toBe(before[DOING]?.shown);
  });
});
