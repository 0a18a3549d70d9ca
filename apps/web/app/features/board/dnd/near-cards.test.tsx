// @vitest-environment happy-dom
/**
 * Only cards near the column's view, focused or dragged are dnd-kit sortables (decision 206); the first render
 * has none, as the server's HTML. A dnd-kit sortable names dnd-kit's own instructions (`DndDescribedBy-…`); the
 * static stand-in names the board's.
 */
import { DndContext } from '@dnd-kit/core';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testTask } from '../model/board-model.fixtures.ts';
import { ColumnView, type ColumnViewProps } from '../screen/column-view.tsx';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const TODO = '00000000-0000-4000-8000-00000000000a';
const tasks = [1, 2, 3, 4].map((n) =>
  testTask({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    columnId: TODO,
    title: `Task ${n}`,
    position: `V${n}`,
  }),
);

const props: ColumnViewProps = {
  column: { id: TODO, name: 'To do', position: 'V', wipLimit: null, isDone: false },
  tasks,
  total: 4,
  hidden: 0,
  labels: {},
  profiles: {},
  canEdit: true,
  dragNames: {},
  onAddTask: async () => null,
  columns: [],
  actions: { updateColumn() {}, deleteColumn() {} },
  onCardMenu: undefined,
  boardPath: '/w/acme/b/00000000-0000-4000-8000-000000000099',
  onOpenTask() {},
};

/** An IntersectionObserver the test drives: `report` says which observed cards are near. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly watched = new Set<Element>();
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  report(near: (title: string) => boolean) {
    const entries = [...this.watched].map((target) => ({
      target,
      isIntersecting: near(target.textContent ?? ''),
    }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

let host: HTMLElement;
const original = globalThis.IntersectionObserver;
beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  host.remove();
  globalThis.IntersectionObserver = original;
});

const armed = () =>
  [...host.querySelectorAll('.lane-card-body')]
    .filter((card) => card.getAttribute('aria-describedby')?.startsWith('DndDescribedBy'))
    .map((card) => card.textContent?.match(/Task \d/)?.[0]);

async function draw() {
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter>
        <DndContext>
          <ColumnView {...props} />
        </DndContext>
      </MemoryRouter>,
    ),
  );
  return root;
}

describe('the cards a column makes sortables', () => {
  it('are the ones near its view and the one that takes focus, none before the observer says', async () => {
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    const root = await draw();
    expect(armed()).toEqual([]);
    await act(async () => FakeObserver.last!.report((text) => /Task [12]/.test(text)));
    expect(armed()).toEqual(['Task 1', 'Task 2']);
    // Focus on a far card arms it at once, and the new element keeps the focus.
    const far = [...host.querySelectorAll<HTMLElement>('.lane-card-body')][3]!;
    await act(async () => far.focus());
    expect(armed()).toEqual(['Task 1', 'Task 2', 'Task 4']);
    expect(document.activeElement?.textContent).toContain('Task 4');
    // A card scrolled away is a static card again.
    await act(async () => FakeObserver.last!.report((text) => /Task 2/.test(text)));
    expect(armed()).toEqual(['Task 2', 'Task 4']);
    await act(async () => root.unmount());
  });

  it('are all of them where the browser cannot tell which are near', async () => {
    // @ts-expect-error: a browser without IntersectionObserver
    globalThis.IntersectionObserver = undefined;
    const root = await draw();
    expect(armed()).toEqual(['Task 1', 'Task 2', 'Task 3', 'Task 4']);
    await act(async () => root.unmount());
  });
});
