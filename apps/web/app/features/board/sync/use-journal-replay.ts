/**
 * @module features/board/sync/use-journal-replay — on load, the writes an earlier page of this board left unanswered
 * (the tab was closed or reloaded while they waited) are sent again first, in their order; a refusal is shown
 * like any other, and the board is then fetched afresh. Decision 121.
 */
import { useEffect } from 'react';
import {
  GONE_IS_DONE,
  type Input,
  isWriteName,
  type NewTask,
  type Value,
  type WriteName,
} from './board-write-names.ts';
import { openTabs, type WriteJournal } from './write-journal.ts';
import type { Outcome, PushOptions } from './write-queue.ts';

export interface JournalReplay {
  journal: WriteJournal | null;
  /** Queues a write already in the journal under `key`. */
  enqueue<N extends WriteName>(
    key: string,
    name: N,
    input: Input<N>,
    push?: PushOptions,
  ): Promise<Outcome<Value<N>>>;
  /** Shows a new task's card while its create is on its way (see use-board-writes). */
  followCreate(
    task: NewTask,
    sent: (push: PushOptions) => Promise<Outcome<Value<'createTask'>>>,
    standIn: boolean,
  ): Promise<string | null>;
  refused(message: string): void;
  resync(): void;
}

export function useJournalReplay({ journal, enqueue, followCreate, refused, resync }: JournalReplay) {
  useEffect(() => {
    if (!journal) return;
    let cancelled = false;
    void openTabs(journal.tab).then((alive) => {
      if (cancelled) return;
      const left = journal.adoptOrphans(alive);
      for (const entry of left) {
        if (!isWriteName(entry.name)) {
          journal.remove(entry.key); // written by another version of the app: nothing here can send it
          continue;
        }
        if (entry.name === 'createTask') {
          const task = entry.input as NewTask;
          void followCreate(task, (push) => enqueue(entry.key, 'createTask', task, push), true);
          continue;
        }
        // A delete the server had already done (its answer was lost with the page) finds nothing: that is done.
        const gone = GONE_IS_DONE.includes(entry.name);
        void enqueue(entry.key, entry.name, entry.input as never).then((answer) => {
          if (answer.ok || (gone && answer.code === 'NOT_FOUND')) return;
          refused(`A change made before the page was closed was not saved: ${answer.message}`);
        });
      }
      if (left.length > 0) resync();
    });
    return () => {
      cancelled = true;
    };
  }, [journal, enqueue, followCreate, refused, resync]);
}
