// @vitest-environment happy-dom
/**
 * A board that renders again with the same cards leaves them as they are: dnd-kit compares its items by
 * identity, and a new id array on each render wrote an inline `transition` style onto every card and column.
 * The column renders inside the board's dnd-kit context, as on the page.
 */
import { DndContext } from '@dnd-kit/core';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { testTask } from '../model/board-model.fixtures.ts';
import { TEST_COLUMN_ID as TODO, testColumnProps } from '../screen/column-view.fixtures.ts';
import { ColumnView } from '../screen/column-view.tsx';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const tasks = () =>
  [1, 2, 3].map((n) =>
    testTask({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      columnId: TODO,
      title: `Task ${n}`,
      position: `V${n}`,
    }),
  );

const props = testColumnProps(tasks());

let host: HTMLElement;
afterEach(() => host.remove());

describe('a column rendered again with the same cards', () => {
  it('writes no style onto its cards or itself', async () => {
    host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    // Equal cards in a new array each time, as a column gets when it renders for another reason (a filter
    // that lets the same cards through, a sibling column renamed).
    const draw = () =>
      root.render(
        <MemoryRouter>
          <DndContext>
            <ColumnView {...props} tasks={tasks()} />
          </DndContext>
        </MemoryRouter>,
      );
    await act(async () => draw());
    await act(async () => draw());
    await act(async () => draw());
    expect(host.querySelectorAll('.lane-card')).toHaveLength(3);
    expect(
      [...host.querySelectorAll('.lane[style], .lane-card[style]')].map((node) => node.getAttribute('style')),
    ).toEqual([]);
    await act(async () => root.unmount());
  });
});
