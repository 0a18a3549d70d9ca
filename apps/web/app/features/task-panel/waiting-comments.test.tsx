// @vitest-environment happy-dom
/**
 * A comment replayed from the board's journal after a reload stays in view until the thread has been read again,
 * and only a comment the panel did not send itself asks for that read.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskWrites, WaitingComment } from '#app/lib/task-writes.ts';
import { useWaitingComments } from './waiting-comments.ts';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const TASK = 'task-1';

/** A queue whose waiting comments the test sets, telling its subscribers as the board's queue does. */
function fakeQueue(initial: WaitingComment[], stored: WaitingComment[] = []) {
  let waiting = initial;
  const listeners = new Set<() => void>();
  const queue = {
    send: () => Promise.reject(new Error('not used')),
    copyOf: () => null,
    waitingComments: (taskId: string) => (taskId === TASK ? waiting : []),
    storedComments: (taskId: string) => (taskId === TASK ? stored : []),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies TaskWrites;
  return {
    queue,
    set(next: WaitingComment[]) {
      waiting = next;
      for (const listener of listeners) listener();
    },
  };
}

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

function render(
  queue: TaskWrites,
  readAgain: (gone: WaitingComment[]) => Promise<unknown>,
  thread: string[] = [],
) {
  function Probe() {
    const comments = useWaitingComments(queue, TASK, readAgain, (id) => thread.includes(id));
    return (
      <ol>
        {comments.map((c) => (
          <li key={c.id}>{c.body}</li>
        ))}
      </ol>
    );
  }
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<Probe />));
  return () => [...container!.querySelectorAll('li')].map((li) => li.textContent);
}

describe('useWaitingComments', () => {
  it('keeps an answered comment in view until the new read settles, then lets it go', async () => {
    const replayed = { id: 'c1', body: 'Typed before the reload' };
    const { queue, set } = fakeQueue([replayed]);
    let finishRead: () => void = () => {};
    const asked: WaitingComment[][] = [];
    const visible = render(queue, (gone) => {
      asked.push(gone);
      return new Promise<void>((resolve) => (finishRead = resolve));
    });
    expect(visible()).toEqual(['Typed before the reload']);

    act(() => set([]));
    expect(asked).toEqual([[replayed]]);
    expect(visible()).toEqual(['Typed before the reload']);

    await act(async () => finishRead());
    expect(visible()).toEqual([]);
  });

  it('still lets go when the read fails', async () => {
    const { queue, set } = fakeQueue([{ id: 'c2', body: 'Offline thought' }]);
    const visible = render(queue, () => Promise.reject(new Error('offline')));
    await act(async () => set([]));
    expect(visible()).toEqual([]);
  });

  it('asks nothing while comments only arrive', () => {
    const { queue, set } = fakeQueue([]);
    const asked: WaitingComment[][] = [];
    const visible = render(queue, async (gone) => asked.push(gone));
    act(() => set([{ id: 'c3', body: 'New' }]));
    expect(visible()).toEqual(['New']);
    expect(asked).toEqual([]);
  });

  it('reads again for a comment the queue stored before the panel listened, if the thread lacks it', async () => {
    // The reload caught the send in flight: the journal replayed it, and the server stored it, before the
    // panel subscribed; the thread was read before that.
    const replayed = { id: 'c4', body: 'Sent as the page reloaded' };
    const { queue } = fakeQueue([], [replayed]);
    let finishRead: () => void = () => {};
    const asked: WaitingComment[][] = [];
    const visible = render(queue, (gone) => {
      asked.push(gone);
      return new Promise<void>((resolve) => (finishRead = resolve));
    });
    expect(asked).toEqual([[replayed]]);
    expect(visible()).toEqual(['Sent as the page reloaded']);
    await act(async () => finishRead());
    expect(visible()).toEqual([]);
  });

  it('asks nothing for a stored comment the thread already holds', () => {
    const { queue } = fakeQueue([], [{ id: 'c5', body: 'Already read' }]);
    const asked: WaitingComment[][] = [];
    const visible = render(queue, async (gone) => asked.push(gone), ['c5']);
    expect(asked).toEqual([]);
    expect(visible()).toEqual([]);
  });
});
