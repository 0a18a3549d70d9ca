import { describe, expect, it } from 'vitest';
import { testTask } from '../model/board-model.fixtures.ts';
import type { BoardModel } from '../model/board-model.ts';
import { boardReducer } from '../model/board-reducer.ts';

const TODO = '00000000-0000-4000-8000-00000000000a';
const DONE = '00000000-0000-4000-8000-00000000000b';
const BUG = '00000000-0000-4000-8000-00000000000c';
const ALICE = '00000000-0000-4000-8000-0000000000a1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A fresh copy every call, as each full read from the server is: equal content, no shared objects. */
function board(): BoardModel {
  return {
    columns: [
      { id: TODO, name: 'To do', position: 'V', wipLimit: null, isDone: false },
      { id: DONE, name: 'Done', position: 'W', wipLimit: 3, isDone: true },
    ],
    tasks: [1, 2, 3].map((n) =>
      testTask({
        id: id(n),
        columnId: TODO,
        number: n,
        title: `Task ${n}`,
        position: `V${n}`,
        labelIds: [BUG],
      }),
    ),
    labels: [{ id: BUG, name: 'Bug', color: 'red' }],
    profiles: { [ALICE]: { name: 'Alice', avatarPath: null } },
    stale: false,
    hidden: { [TODO]: 2 },
  };
}

const reset = (model: BoardModel, fresh: BoardModel) => boardReducer(model, { type: 'reset', model: fresh });

describe('a fresh copy of the board', () => {
  it('that says nothing new leaves the model as it is, so the board does not render again', () => {
    const shown = board();
    expect(reset(shown, board())).toBe(shown);
  });

  it('that changes one card shares every other card, column, label and profile', () => {
    const shown = board();
    const fresh = board();
    fresh.tasks[1] = { ...fresh.tasks[1]!, title: 'Renamed' };
    const next = reset(shown, fresh);
    expect(next).not.toBe(shown);
    expect(next.tasks[1]).toEqual(fresh.tasks[1]);
    expect(next.tasks[0]).toBe(shown.tasks[0]);
    expect(next.tasks[2]).toBe(shown.tasks[2]);
    expect(next.columns).toBe(shown.columns);
    expect(next.labels).toBe(shown.labels);
    expect(next.profiles).toBe(shown.profiles);
    expect(next.hidden).toBe(shown.hidden);
  });

  it('sees every kind of change', () => {
    const changes: ((b: BoardModel) => void)[] = [
      (b) => (b.tasks[0] = { ...b.tasks[0]!, labelIds: [] }),
      (b) => (b.tasks[0] = { ...b.tasks[0]!, assigneeId: ALICE }),
      (b) => (b.tasks[0] = { ...b.tasks[0]!, dueOn: '2026-12-01' }),
      (b) => (b.tasks[0] = { ...b.tasks[0]!, updatedAt: '2026-11-26T00:00:00+00:00' }),
      (b) => b.tasks.reverse(),
      (b) => b.tasks.pop(),
      (b) => (b.columns[1] = { ...b.columns[1]!, wipLimit: null }),
      (b) => (b.labels[0] = { ...b.labels[0]!, color: 'blue' }),
      (b) => (b.profiles[ALICE] = { name: 'Alice', avatarPath: 'a/avatar.png' }),
      (b) => delete b.hidden,
      (b) => (b.hidden = { [TODO]: 1 }),
      (b) => (b.stale = true),
    ];
    for (const change of changes) {
      const shown = board();
      const fresh = board();
      change(fresh);
      const next = reset(shown, fresh);
      expect(next).not.toBe(shown);
      expect(next).toEqual(fresh);
    }
  });
});
