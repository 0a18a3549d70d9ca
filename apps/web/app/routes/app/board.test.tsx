// @vitest-environment happy-dom
/**
 * The board stays put while a task panel opens and closes above it (decisions 125 and 127): no card renders
 * again and the board is not read again. The route runs in a real router (`createRoutesStub`) with the
 * board's own `shouldRevalidate`; each card's render is counted through the card module itself. Tried both
 * ways: an inline `onOpenTask` callback in the route, or `BoardScreen` without `memo`, makes it fail (every
 * card renders four more times per open; the dnd-kit contexts reach cards past their own `memo`).
 */
import type { FunctionComponent } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createRoutesStub, Link, Outlet, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardModel } from '#app/features/board/model/board-model.ts';
import { NO_FILTER } from '#app/features/board/model/filters.ts';
import { PublicEnvContext } from '#app/lib/public-env.ts';

// React's `act` warns unless the environment says it is a test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const cardRenders = vi.hoisted(() => ({ count: 0 }));

vi.mock('#app/features/board/screen/task-card.tsx', async (importOriginal) => {
  const card = await importOriginal<typeof import('#app/features/board/screen/task-card.tsx')>();
  const { memo } = await import('react');
  // The card's own function, counted, and memoised exactly as the real card is (or not at all).
  const real = card.TaskCard as unknown as FunctionComponent<object> & {
    type?: FunctionComponent<object>;
    compare?: (a: object, b: object) => boolean;
  };
  const render = real.type ?? real;
  const counted = (props: object) => {
    cardRenders.count += 1;
    return render(props);
  };
  return { ...card, TaskCard: real.type ? memo(counted, real.compare ?? undefined) : counted };
});

// No Supabase here: the live connection's effects would dial a server that is not there.
vi.mock('#app/features/board/sync/use-board-live.ts', () => {
  const live = { connection: 'live', viewers: [], remoteDrags: {}, sendDrag() {}, refetch() {} };
  return { useBoardLive: () => live, loadLive: () => new Promise(() => {}) };
});

// Nor for the membership channel that follows the user's role (decision 191).
vi.mock('#app/features/board/sync/use-live-role.ts', () => ({
  useLiveRole: (_workspaceId: string, role: string) => ({ role, changed: false }),
}));

const { default: Board, shouldRevalidate } = await import('./board.tsx');

const BOARD = '00000000-0000-4000-8000-000000000099';
// One object, as the root's loader data is between navigations.
const ENV = { SUPABASE_URL: 'http://127.0.0.1:1', SUPABASE_ANON_KEY: 'anon' };
const TODO = '00000000-0000-4000-8000-00000000000a';
const task = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  columnId: TODO,
  number: n,
  title: `Task ${n}`,
  position: `V${n}`,
  assigneeId: null,
  dueOn: '2026-12-01',
  priority: 'none' as const,
  labelIds: [],
  updatedAt: '2026-11-25T10:00:00Z',
});
const model: BoardModel = {
  columns: [{ id: TODO, name: 'To do', position: 'V', wipLimit: null, isDone: false }],
  tasks: [task(1), task(2), task(3)],
  labels: [],
  profiles: {},
  stale: false,
};
// A new object per call, as a real loader's answer is.
let loads = 0;
function boardLoader() {
  loads += 1;
  return {
    board: { id: BOARD, name: 'Launch', description: '', archived_at: null },
    model,
    canEdit: true,
    canAdmin: false,
    workspaceId: '00000000-0000-4000-8000-000000000098',
    role: 'member' as const,
    me: { userId: 'u1', displayName: 'Alice', avatarPath: null },
    filter: NO_FILTER,
  };
}

function Panel() {
  return (
    <div role="dialog">
      Panel of {useParams().taskId} <Link to={`/w/acme/b/${BOARD}`}>Close</Link>
    </div>
  );
}

let root: ReturnType<typeof createRoot> | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

/** The board route in a real router, with a panel route under it; answers the rendered cards. */
async function renderBoard() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <PublicEnvContext.Provider value={ENV}>
          <Outlet />
        </PublicEnvContext.Provider>
      ),
      children: [
        {
          path: 'w/:slug/b/:boardId',
          Component: Board as unknown as FunctionComponent,
          loader: boardLoader,
          shouldRevalidate,
          children: [{ path: 't/:taskId', Component: Panel, loader: () => ({}) }],
        },
      ],
    },
  ]);
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Stub initialEntries={[`/w/acme/b/${BOARD}`]} />));
  await settle();
  return { host, cards: [...host.querySelectorAll<HTMLAnchorElement>('a.lane-card-body')] };
}

describe('the board route while a panel opens and closes', () => {
  it('renders no card again and reads the board once', async () => {
    loads = 0;
    const { host, cards } = await renderBoard();
    expect(cards).toHaveLength(3);
    const afterFirstRender = cardRenders.count;
    expect(afterFirstRender).toBeGreaterThanOrEqual(3);

    // Open a card, switch to another, close: the panel changes each time, the cards never render.
    await act(async () => cards[0]!.click());
    await settle();
    expect(host.querySelector('[role="dialog"]')?.textContent).toContain(task(1).id);
    await act(async () => cards[1]!.click());
    await settle();
    expect(host.querySelector('[role="dialog"]')?.textContent).toContain(task(2).id);
    await act(async () => host.querySelector<HTMLAnchorElement>('[role="dialog"] a')!.click());
    await settle();
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    expect(cardRenders.count).toBe(afterFirstRender);
    // Nor is the board read again (decision 127): its loader ran for the first render only.
    expect(loads).toBe(1);
  });
});

describe('the board rendering again', () => {
  // The board renders for its own state (a filter typed, the connection going live, a teammate arriving); the
  // cards whose props are the same must not. dnd-kit's sensors were made anew on each render (inline options
  // to `useSensor`), which changed its context and rendered every card again (decision 149).
  it('renders no card whose props did not change', async () => {
    const { host, cards } = await renderBoard();
    expect(cards).toHaveLength(3);
    const before = cardRenders.count;
    const field = host.querySelector<HTMLInputElement>('#board-filter-text')!;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
    await act(async () => {
      setValue.call(field, 'Task');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settle();
    // Every card matches "Task", so all three stay, and none renders.
    expect(host.querySelectorAll('a.lane-card-body')).toHaveLength(3);
    expect(field.value).toBe('Task');
    expect(cardRenders.count).toBe(before);
  });
});
