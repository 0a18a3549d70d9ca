// @vitest-environment happy-dom
/**
 * A newer loader copy replaces the board's, except a big board's partial copy (first cards per column only),
 * which makes the board read itself whole again instead of losing the cards past the first ones.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import type { BoardModel } from '../model/board-model.ts';
import type { BoardAction } from '../model/board-reducer.ts';
import { useServerCopy } from './use-server-copy.ts';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const copy = (hidden?: Record<string, number>): BoardModel => ({
  columns: [],
  tasks: [],
  labels: [],
  profiles: {},
  stale: false,
  ...(hidden ? { hidden } : {}),
});

const host = document.createElement('div');
document.body.append(host);
const root = createRoot(host);
afterEach(() => act(() => root.render(null)));

function harness() {
  const resets: BoardModel[] = [];
  let refetches = 0;
  const dispatch = (action: BoardAction) => {
    if (action.type === 'reset') resets.push(action.model);
  };
  const refetch = () => {
    refetches += 1;
  };
  function Probe({ initial }: { initial: BoardModel }) {
    useServerCopy(initial, dispatch, refetch);
    return null;
  }
  const show = (initial: BoardModel) => act(() => root.render(<Probe initial={initial} />));
  return { resets, refetches: () => refetches, show };
}

it('takes a whole copy from a revalidation as the board', () => {
  const { resets, refetches, show } = harness();
  const first = copy();
  show(first);
  const newer = copy();
  show(newer);
  expect(resets).toEqual([first, newer]);
  expect(refetches()).toBe(0);
});

it('reads the whole board again rather than take a big board’s partial copy over it', () => {
  const { resets, refetches, show } = harness();
  const first = copy({ todo: 30 });
  show(first);
  show(copy({ todo: 31 }));
  // The first render's copy is the page's own (its live join reads the rest); the later partial one is not shown.
  expect(resets).toEqual([first]);
  expect(refetches()).toBe(1);
});
