import { describe, expect, it } from 'vitest';
import { testTask } from '../model/board-model.fixtures.ts';
import type { BoardModel } from '../model/board-model.ts';
import type { BoardAction } from '../model/board-reducer.ts';
import { boardReducer } from '../model/board-reducer.ts';
import { moveCard, planBoardMove, planCardMove } from './card-moves.ts';

const TODO = '00000000-0000-4000-8000-00000000000a';
const DONE = '00000000-0000-4000-8000-00000000000b';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function world(): BoardModel {
  const task = (n: number, columnId: string, position: string) =>
    testTask({ id: id(n), columnId, number: n, title: `Task ${n}`, position });
  return {
    columns: [
      { id: TODO, name: 'To do', position: 'V', wipLimit: null, isDone: false },
      { id: DONE, name: 'Done', position: 'W', wipLimit: null, isDone: true },
    ],
    tasks: [task(1, TODO, 'V'), task(2, TODO, 'W'), task(3, DONE, 'V'), task(4, DONE, 'W')],
    labels: [],
    profiles: {},
    stale: false,
  };
}

describe('planCardMove', () => {
  it('names the new neighbours at the top and at the bottom of another column', () => {
    expect(planCardMove(world(), id(1), DONE, 'top')?.neighbours).toEqual({ beforeId: null, afterId: id(3) });
    expect(planCardMove(world(), id(1), DONE, 'bottom')?.neighbours).toEqual({
      beforeId: id(4),
      afterId: null,
    });
  });

  it('moves within a column, and does nothing where the card already is', () => {
    expect(planCardMove(world(), id(2), TODO, 'top')?.neighbours).toEqual({ beforeId: null, afterId: id(1) });
    expect(planCardMove(world(), id(1), TODO, 'top')).toBeNull();
    expect(planCardMove(world(), id(2), TODO, 'bottom')).toBeNull();
  });

  it('refuses an unknown card or column and a card still being saved', () => {
    expect(planCardMove(world(), id(9), DONE, 'top')).toBeNull();
    expect(planCardMove(world(), id(1), id(99), 'top')).toBeNull();
    const saving = world();
    saving.tasks[0] = { ...saving.tasks[0]!, pending: true };
    expect(planCardMove(saving, id(1), DONE, 'top')).toBeNull();
  });
});

describe('moveCard', () => {
  function harness(refusal: string | null) {
    let model = world();
    const sent: unknown[] = [];
    const messages: string[] = [];
    const deps = {
      model: () => model,
      dispatch: (action: BoardAction) => {
        model = boardReducer(model, action);
      },
      persistTask: async (input: unknown) => {
        sent.push(input);
        return refusal;
      },
      refused: (message: string) => messages.push(message),
    };
    return { deps, sent, messages, now: () => model };
  }

  it('shows the card in its new place and sends its neighbours', async () => {
    const h = harness(null);
    await moveCard(h.deps, id(1), DONE, 'bottom');
    expect(h.sent).toEqual([{ taskId: id(1), columnId: DONE, beforeId: id(4), afterId: null }]);
    expect(
      h
        .now()
        .tasks.filter((t) => t.columnId === DONE)
        .map((t) => t.id),
    ).toEqual([id(3), id(4), id(1)]);
    expect(h.messages).toEqual([]);
  });

  it('puts the card back and says why when the server refuses', async () => {
    const h = harness('Done is full.');
    await moveCard(h.deps, id(1), DONE, 'top');
    expect(h.now().tasks.find((t) => t.id === id(1))).toMatchObject({ columnId: TODO, position: 'V' });
    expect(h.messages).toEqual(['Done is full.']);
  });
});

describe('planBoardMove', () => {
  const other = { boardId: id(90), columnId: id(91), firstTaskId: id(92) };

  it('goes above the first card of the column for the top, after everything for the bottom', () => {
    expect(planBoardMove(world(), id(1), other, 'top')).toEqual({
      taskId: id(1),
      boardId: id(90),
      columnId: id(91),
      beforeId: null,
      afterId: id(92),
    });
    expect(planBoardMove(world(), id(1), other, 'bottom')).toMatchObject({ beforeId: null, afterId: null });
    expect(planBoardMove(world(), id(1), { ...other, firstTaskId: null }, 'top')).toMatchObject({
      beforeId: null,
      afterId: null,
    });
  });

  it('sends nothing for a card that is gone or still being saved', () => {
    const model = world();
    const pending = {
      ...model,
      tasks: model.tasks.map((t) => (t.id === id(1) ? { ...t, pending: true as const } : t)),
    };
    expect(planBoardMove(pending, id(1), other, 'top')).toBeNull();
    expect(planBoardMove(model, id(99), other, 'top')).toBeNull();
  });
});
