/**
 * @module features/task-panel/waiting-comments — the task's new comments still waiting in the board's queue or
 * journal, and those just answered until the thread has been read again. A comment replayed from the journal
 * after a reload is answered behind the panel's back: the thread was read before it was stored, so without a
 * new read it would vanish from view the moment the queue lets go of it.
 */
import { useEffect, useRef, useState } from 'react';
import type { TaskWrites, WaitingComment } from '#app/lib/task-writes.ts';

/**
 * Waiting comments plus the ones that left the queue, each kept until `readAgain(gone)` settles; `readAgain`
 * decides whether a new read is needed (the panel's own sends read again themselves). `inThread` says whether
 * the thread as read holds a comment: one the queue stored before this panel listened, and the thread lacks,
 * counts as just answered.
 */
export function useWaitingComments(
  queue: TaskWrites | undefined,
  taskId: string,
  readAgain: (gone: WaitingComment[]) => Promise<unknown>,
  inThread: (id: string) => boolean,
): WaitingComment[] {
  const [waiting, setWaiting] = useState<WaitingComment[]>([]);
  const [settling, setSettling] = useState<WaitingComment[]>([]);
  const latest = useRef({ readAgain, inThread });
  latest.current = { readAgain, inThread };
  useEffect(() => {
    if (!queue) return;
    let shown = queue.storedComments(taskId).filter((c) => !latest.current.inThread(c.id));
    const read = () => {
      const now = queue.waitingComments(taskId);
      const gone = shown.filter((c) => !now.some((n) => n.id === c.id));
      shown = now;
      setWaiting(now);
      if (gone.length === 0) return;
      setSettling((all) => [...all, ...gone]);
      const done = () => setSettling((all) => all.filter((c) => !gone.includes(c)));
      latest.current.readAgain(gone).then(done, done);
    };
    read();
    return queue.subscribe(read);
  }, [queue, taskId]);
  return [...waiting, ...settling.filter((c) => !waiting.some((w) => w.id === c.id))];
}
