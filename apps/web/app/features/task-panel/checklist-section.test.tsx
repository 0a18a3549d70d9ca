// @vitest-environment happy-dom
/**
 * A checklist's count moves with a tick at once, while the tick still waits in the board's queue (offline it
 * waits there until the connection is back, decision 202), and falls back when the server refuses it.
 */
import type { ChecklistItemRow } from '@lanes/shared/schemas/checklist';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskWrite, TaskWriteAnswer, TaskWrites } from '#app/lib/task-writes.ts';
import { ChecklistSection } from './checklist-section.tsx';
import { PanelBoardContext } from './panel-board-context.ts';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const TASK = '00000000-0000-4000-8000-000000000001';
const item = (id: string, position: string, done: boolean): ChecklistItemRow => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  task_id: TASK,
  checklist: 'Launch',
  body: `Item ${id}`,
  done,
  position,
  created_by: null,
  created_at: '2026-11-26T10:00:00+00:00',
  updated_at: '2026-11-26T10:00:00+00:00',
});
const ITEMS = [item('a', 'V', true), item('b', 'W', false), item('c', 'X', false)];

/** A queue that holds every write until the test answers it, as the board's does offline. */
function heldQueue() {
  const held: { write: TaskWrite; answer(a: TaskWriteAnswer): void }[] = [];
  const queue = {
    send: (write: TaskWrite) => new Promise<TaskWriteAnswer>((answer) => held.push({ write, answer })),
    copyOf: () => null,
    waitingComments: () => [],
    storedComments: () => [],
    subscribe: () => () => undefined,
  } as unknown as TaskWrites;
  return { queue, held };
}

let root: ReturnType<typeof createRoot> | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function render(queue: TaskWrites) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <PanelBoardContext.Provider value={{ canEdit: true, columnNames: {}, taskWrites: queue }}>
          <ChecklistSection taskId={TASK} items={ITEMS} canEdit />
        </PanelBoardContext.Provider>
      ),
      loader: () => null,
      HydrateFallback: () => null,
    },
  ]);
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => root!.render(<Stub />));
  return container;
}

const count = (container: HTMLElement) =>
  container.querySelector('.checklist-count')?.textContent?.replace('Done: ', '');
const box = (container: HTMLElement, body: string) =>
  container.querySelector<HTMLInputElement>(
    `#${CSS.escape([...container.querySelectorAll('label')].find((l) => l.textContent === body)!.htmlFor)}`,
  )!;

describe('the checklist count', () => {
  it('counts a tick waiting in the queue at once, and an untick too', async () => {
    const { queue, held } = heldQueue();
    const container = await render(queue);
    expect(count(container)).toBe('1/3');

    await act(async () => box(container, 'Item b').click());
    expect(box(container, 'Item b').checked).toBe(true);
    expect(count(container)).toBe('2/3');
    expect(held.map((h) => h.write)).toEqual([
      expect.objectContaining({ kind: 'checklist-item', itemId: ITEMS[1]!.id, done: true }),
    ]);

    await act(async () => box(container, 'Item a').click());
    expect(count(container)).toBe('1/3');
    expect(container.querySelector<HTMLElement>('.checklist-bar span')!.style.width).toBe('33%');
  });

  it('falls back to the stored count when the tick is refused', async () => {
    const { queue, held } = heldQueue();
    const container = await render(queue);
    await act(async () => box(container, 'Item c').click());
    expect(count(container)).toBe('2/3');
    await act(async () => held[0]!.answer({ ok: false, code: 'FORBIDDEN', message: 'Not allowed.' }));
    await act(async () => undefined);
    expect(box(container, 'Item c').checked).toBe(false);
    expect(count(container)).toBe('1/3');
  });
});
