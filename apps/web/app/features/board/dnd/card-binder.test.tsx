// @vitest-environment happy-dom
/**
 * Only cards near the column's view, focused, pressed or dragged hold a dnd-kit sortable (decision 207), and a
 * card taking or leaving it keeps its elements. dnd-kit's own list of drop targets says which cards hold one.
 */
import { DndContext, useDndContext } from '@dnd-kit/core';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testTask } from '../model/board-model.fixtures.ts';
import { TEST_COLUMN_ID as TODO, testColumnProps } from '../screen/column-view.fixtures.ts';
import { ColumnView } from '../screen/column-view.tsx';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const tasks = [1, 2, 3, 4].map((n) =>
  testTask({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    columnId: TODO,
    title: `Task ${n}`,
    position: `V${n}`,
  }),
);

const props = testColumnProps(tasks);

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

/** The titles of the cards dnd-kit knows as drop targets. */
let targets: string[] = [];
function Targets() {
  const { droppableContainers } = useDndContext();
  targets = [...droppableContainers.values()]
    .map((c) => tasks.find((t) => t.id === c.id)?.title)
    .filter((title): title is string => title !== undefined)
    .sort();
  return null;
}

let host: HTMLElement;
const original = globalThis.IntersectionObserver;
beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  FakeObserver.last = null;
});
afterEach(() => {
  host.remove();
  globalThis.IntersectionObserver = original;
});

async function draw(canEdit = true) {
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <DndContext>
        <ColumnView {...props} canEdit={canEdit} />
        <Targets />
      </DndContext>,
    ),
  );
  return root;
}

const cardLinks = () => [...host.querySelectorAll<HTMLElement>('.lane-card-body')];

describe('the cards that hold a dnd-kit sortable', () => {
  it('are the ones near the view, then the focused one, and each keeps its elements', async () => {
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    const root = await draw();
    const before = cardLinks();
    expect(targets).toEqual([]);
    await act(async () => FakeObserver.last!.report((text) => /Task [12]/.test(text)));
    expect(targets).toEqual(['Task 1', 'Task 2']);
    // A far card that takes the focus holds one at once, and keeps it scrolled away while focused.
    await act(async () => before[3]!.focus());
    expect(targets).toEqual(['Task 1', 'Task 2', 'Task 4']);
    await act(async () => FakeObserver.last!.report((text) => /Task 2/.test(text)));
    expect(targets).toEqual(['Task 2', 'Task 4']);
    expect(document.activeElement).toBe(before[3]);
    await act(async () => before[3]!.blur());
    expect(targets).toEqual(['Task 2']);
    // Not one card was drawn anew: the same links throughout, with dnd-kit's attributes unchanged.
    expect(cardLinks()).toEqual(before);
    for (const link of cardLinks()) expect(link.getAttribute('aria-roledescription')).toBe('task card');
    await act(async () => root.unmount());
  });

  it('include a far card pressed by a pointer, in time for that press', async () => {
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    const root = await draw();
    const far = cardLinks()[2]!;
    await act(async () => {
      far.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, isPrimary: true, button: 0 }));
    });
    expect(targets).toEqual(['Task 3']);
    await act(async () => root.unmount());
  });

  it('are none for a reader who cannot move cards', async () => {
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    const root = await draw(false);
    await act(async () => FakeObserver.last?.report(() => true));
    await act(async () => cardLinks()[0]!.focus());
    expect(targets).toEqual([]);
    await act(async () => root.unmount());
  });

  it('are all of them where the browser cannot tell which are near', async () => {
    // @ts-expect-error: a browser without IntersectionObserver
    globalThis.IntersectionObserver = undefined;
    const root = await draw();
    expect(targets).toEqual(['Task 1', 'Task 2', 'Task 3', 'Task 4']);
    await act(async () => root.unmount());
  });
});
