/**
 * @module features/board/sync/use-board-writes — every change the user makes on the board, shown at once and sent
 * through the write queue (in order; retried while the server is unreachable). When the server refuses one,
 * the board is put back as the server has it and the user is told why.
 */
import { type Dispatch, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { forgetEarly } from '#app/lib/early-panel.ts';
import { usePublicEnv } from '#app/lib/public-env.ts';
import type { BoardTaskCopy, TaskWrites, WaitingComment } from '#app/lib/task-writes.ts';
import { type BoardModel, type Column, type Label, type Task, tasksIn } from '../model/board-model.ts';
import type { BoardAction } from '../model/board-reducer.ts';
import { checkName, RULES } from '../model/field-rules.ts';
import type { BoardWrites } from './board-live.ts';
import { GONE_IS_DONE, type Input, type NewTask, type Value, type WriteName } from './board-write-names.ts';
import type { TaskWritePlan } from './task-write-plan.ts';
import { loadLive } from './use-board-live.ts';
import { useJournalReplay } from './use-journal-replay.ts';
import { WriteJournal } from './write-journal.ts';
import type { Outcome, PushOptions, WriteQueue } from './write-queue.ts';

/** The board's copy of a task for the panel (decision 203), once the live code is here (`preloadPanelWrites`). */
let copyOf:
  | ((
      model: BoardModel,
      taskId: string,
      boardId: string,
      me: string,
      members: BoardTaskCopy['people'],
    ) => BoardTaskCopy | null)
  | null = null;

/** How many stored comments the board remembers for panels (a page's own, so a handful in practice). */
const STORED_COMMENTS_KEPT = 100;

const UNREACHABLE: Outcome<never> = { ok: false, code: 'NETWORK', message: 'Cannot reach the server.' };

/** The card shown for a task whose write waits for the server: no number yet, not movable. */
function pendingTask({ id, columnId, title }: NewTask): Task {
  return {
    id,
    columnId,
    number: 0,
    title,
    position: '',
    assigneeId: null,
    dueOn: null,
    priority: 'none',
    labelIds: [],
    updatedAt: new Date(0).toISOString(),
    pending: true,
  };
}

export interface BoardWritesOptions {
  boardId: string;
  /** The board's workspace, by its URL slug: its members are read for a card opened offline (decision 203). */
  workspaceSlug: string;
  userId: string;
  queue: WriteQueue;
  model(): BoardModel;
  dispatch: Dispatch<BoardAction>;
  /** Shows the server's refusal and puts the board back as the server has it. */
  refused(message: string): void;
  /** Fetches the board again once the queue is empty (after writes left by an earlier page were sent). */
  resync(): void;
}

/** The journal of this board's waiting writes, or none where the browser has no storage (the server). */
function openJournal(userId: string, boardId: string): WriteJournal | null {
  try {
    return new WriteJournal(window.localStorage, userId, boardId, crypto.randomUUID());
  } catch {
    return null;
  }
}

export function useBoardWrites(options: BoardWritesOptions) {
  const { boardId, workspaceSlug, userId, queue, model, dispatch, refused, resync } = options;
  // The workspace's people as read when the panel's side was fetched ahead: a card opened offline offers them.
  const members = useRef<BoardTaskCopy['people']>([]);
  const env = usePublicEnv();
  const [journal] = useState(() => (typeof window === 'undefined' ? null : openJournal(userId, boardId)));
  // Writes the journal could not keep (storage full or disabled): only these make leaving the page ask first.
  const unkept = useRef(0);

  useEffect(() => {
    const online = () => queue.resume();
    // Leaving while changes wait for an unreachable server would lose the ones the journal could not keep:
    // the browser asks the user first. (The journal's writes are sent again when the board is next opened.)
    const leaving = (event: BeforeUnloadEvent) => {
      if (queue.stuck && unkept.current > 0) event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', leaving);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leaving);
    };
  }, [queue]);

  // The panel lists the comments still waiting (decision 202): told whenever the waiting writes change.
  const [listeners] = useState(() => new Set<() => void>());
  const changed = useCallback(() => {
    for (const listener of listeners) listener();
  }, [listeners]);
  // The comments this page stored, for a panel that starts listening after they were answered.
  const stored = useRef<(WaitingComment & { taskId: string })[]>([]);

  /**
   * Puts a write in the queue; `key` is its journal entry, forgotten once the server has answered. Panel reads
   * made before the server has the write could show the card as it was: they are dropped when the write is
   * queued and again when it is answered (decision 164).
   */
  const enqueue = useCallback(
    <N extends WriteName>(key: string | null, name: N, input: Input<N>, push?: PushOptions) => {
      forgetEarly();
      return queue
        .push(async (): Promise<Outcome<Value<N>>> => {
          let writes: BoardWrites;
          try {
            writes = (await loadLive(env)).boardWrites(env);
          } catch {
            return UNREACHABLE; // the code for writing could not be fetched either: offline too
          }
          return (writes[name] as (input: Input<N>) => Promise<Outcome<Value<N>>>)(input);
        }, push)
        .then((answer) => {
          forgetEarly();
          if (key) journal?.remove(key);
          else unkept.current -= 1;
          if (answer.ok && name === 'addComment') {
            const { id, taskId, body } = input as Input<'addComment'>;
            stored.current.push({ id, taskId, body });
            stored.current.splice(0, stored.current.length - STORED_COMMENTS_KEPT);
          }
          changed();
          return answer;
        });
    },
    [queue, env, journal, changed],
  );

  const send = useCallback(
    <N extends WriteName>(name: N, input: Input<N>, push?: PushOptions): Promise<Outcome<Value<N>>> => {
      const key = crypto.randomUUID();
      const kept = journal?.add({ key, name, input }) ?? false;
      if (!kept) unkept.current += 1;
      const answered = enqueue(kept ? key : null, name, input, push);
      changed();
      return answered;
    },
    [enqueue, journal, changed],
  );

  /** Sends a write whose effect is already on screen; a refusal puts the board back. */
  const sendShown = useCallback(
    <N extends WriteName>(name: N, input: Input<N>, stored?: (value: Value<N>) => void) => {
      void send(name, input).then((answer) => {
        if (answer.ok) stored?.(answer.value);
        else refused(answer.message);
      });
    },
    [send, refused],
  );

  /**
   * The card of a new task follows its write: shown as "Saving…" once the write cannot reach the server (or
   * at once with `standIn`), replaced by the stored task, removed with a message when the server refuses it.
   * Answers the add form: null once the card shows, or the refusal while it has not.
   */
  const followCreate = useCallback(
    (task: NewTask, sent: (push: PushOptions) => Promise<Outcome<Value<'createTask'>>>, standIn: boolean) =>
      new Promise<string | null>((answerField) => {
        let shown = false;
        const show = () => {
          if (shown) return;
          shown = true;
          dispatch({ type: 'add-pending-task', task: pendingTask(task) });
          answerField(null);
        };
        if (standIn) show();
        void sent({ onUnreachable: show }).then((answer) => {
          if (answer.ok) dispatch({ type: 'task-row', row: answer.value });
          else if (shown) {
            dispatch({ type: 'delete', table: 'tasks', id: task.id });
            refused(`“${task.title}” was not added: ${answer.message}`);
          }
          if (!shown) answerField(answer.ok ? null : answer.message);
        });
      }),
    [dispatch, refused],
  );

  useJournalReplay({ journal, enqueue, followCreate, refused, resync });

  /**
   * The task panel's writes (decisions 196, 202): shown on the card at once and queued behind the board's own, so
   * they wait offline, survive a reload in the journal and are sent in order. A refusal puts the board back; the
   * panel says why at its field (a CONFLICT is the panel's to resolve, so the board only reads the task again).
   */
  const taskWrites = useMemo<TaskWrites>(
    () => ({
      send: async (write, onUnreachable) => {
        let plan: TaskWritePlan;
        try {
          // With the board's live code (loaded after first paint): offline before it ever loaded, nothing is queued.
          plan = (await loadLive(env)).planTaskWrite(write, model());
        } catch {
          return UNREACHABLE; // offline before the code for it was fetched: nothing was queued
        }
        for (const action of plan.shown) dispatch(action);
        const answer = await send(plan.name, plan.input as never, { onUnreachable });
        const gone = !answer.ok && answer.code === 'NOT_FOUND' && GONE_IS_DONE.includes(plan.name);
        if (answer.ok || gone) {
          if (answer.ok && plan.answersRow)
            dispatch({ type: 'task-row', row: answer.value as Value<'updateTask'> });
          // A restored card comes back without its labels (they are another table's rows): read the board.
          if (write.kind === 'archive' && !write.archived) resync();
          return { ok: true } as const;
        }
        if (answer.code === 'CONFLICT' && write.kind === 'field') resync();
        else refused(`${plan.refusal}: ${answer.message}`);
        return answer;
      },
      copyOf: (taskId) => copyOf?.(model(), taskId, boardId, userId, members.current) ?? null,
      waitingComments: (taskId) =>
        (journal?.entries() ?? []).flatMap((entry) => {
          const input = entry.input as { id?: string; taskId?: string; body?: string };
          return entry.name === 'addComment' && input.taskId === taskId && input.id && input.body
            ? [{ id: input.id, body: input.body }]
            : [];
        }),
      storedComments: (taskId) =>
        stored.current.filter((c) => c.taskId === taskId).map(({ id, body }) => ({ id, body })),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
    [send, dispatch, refused, resync, listeners, journal, model, boardId, userId, env],
  );

  return useMemo(
    () => ({
      send,
      taskWrites,
      /** Makes sure the panel's side of the writes is here (with the live code); rejects when it cannot be fetched. */
      preloadPanelWrites: async () => {
        const live = await loadLive(env);
        copyOf = live.boardCopy;
        // Without them (a failed read) the copy offers the people the board knows, as before.
        const people = await live.boardWrites(env).listPeople(workspaceSlug);
        if (people.ok) members.current = people.value;
      },
      /**
       * A title longer than the limit is answered at once, before anything is sent. Online, the card appears
       * when the server has stored (and numbered) it, and a refusal shows at the field. When the server
       * cannot be reached (offline, or a flaky network), a "Saving…" card stands in at once and the field is
       * free again; the write stays in the queue, and a later refusal removes the card with a message.
       */
      addTask: (columnId: string, title: string): Promise<string | null> => {
        const wrong = checkName(title, RULES.taskTitle.max);
        if (wrong) return Promise.resolve(wrong);
        // The client names the task: a create replayed after a lost answer finds it instead of adding another.
        const task = { id: crypto.randomUUID(), boardId, columnId, title };
        return followCreate(task, (push) => send('createTask', task, push), !navigator.onLine);
      },
      addColumn: async (name: string, isDone = false): Promise<string | null> => {
        const wrong = checkName(name, RULES.columnName.max);
        if (wrong) return wrong;
        const answer = await send('createColumn', { id: crypto.randomUUID(), boardId, name, isDone });
        if (answer.ok) dispatch({ type: 'column-row', row: answer.value });
        return answer.ok ? null : answer.message;
      },
      persistTask: async (input: {
        taskId: string;
        columnId: string;
        beforeId: string | null;
        afterId: string | null;
      }) => {
        // Cards still waiting to be stored have no place on the server yet (they sit at the end of their column):
        // a card dropped among them goes after the last stored one.
        const pending = new Set(
          model()
            .tasks.filter((t) => t.pending)
            .map((t) => t.id),
        );
        let neighbours = { beforeId: input.beforeId, afterId: input.afterId };
        if (input.afterId && pending.has(input.afterId)) neighbours = { ...neighbours, afterId: null };
        if (input.beforeId && pending.has(input.beforeId)) {
          const stored = tasksIn(model(), input.columnId).filter((t) => !t.pending && t.id !== input.taskId);
          neighbours = { beforeId: stored.at(-1)?.id ?? null, afterId: null };
        }
        const answer = await send('moveTask', { ...input, ...neighbours });
        if (answer.ok) dispatch({ type: 'task-row', row: answer.value });
        return answer.ok ? null : answer.message;
      },
      persistColumn: async (input: { columnId: string; beforeId: string | null; afterId: string | null }) => {
        const answer = await send('moveColumn', input);
        if (answer.ok) dispatch({ type: 'column-row', row: answer.value });
        return answer.ok ? null : answer.message;
      },
      updateColumn: (columnId: string, patch: Partial<Pick<Column, 'name' | 'wipLimit' | 'isDone'>>) => {
        dispatch({ type: 'patch-column', columnId, patch });
        sendShown('updateColumn', { columnId, ...patch }, (row) => dispatch({ type: 'column-row', row }));
      },
      /** Moves the column's cards (in order, to the end of `moveTasksTo`) first, then deletes it. */
      deleteColumn: (columnId: string, moveTasksTo: string | null) => {
        if (moveTasksTo) {
          const stored = (id: string) => tasksIn(model(), id).filter((t) => !t.pending);
          let beforeId = stored(moveTasksTo).at(-1)?.id ?? null;
          for (const task of stored(columnId)) {
            const after = beforeId;
            dispatch({
              type: 'place-task',
              taskId: task.id,
              columnId: moveTasksTo,
              index: Number.MAX_SAFE_INTEGER,
            });
            sendShown(
              'moveTask',
              { taskId: task.id, columnId: moveTasksTo, beforeId: after, afterId: null },
              (row) => dispatch({ type: 'task-row', row }),
            );
            beforeId = task.id;
          }
        }
        dispatch({ type: 'delete', table: 'columns', id: columnId });
        sendShown('deleteColumn', columnId);
      },
      createLabel: async (name: string, color: Label['color']): Promise<string | null> => {
        const answer = await send('createLabel', { id: crypto.randomUUID(), boardId, name, color });
        if (answer.ok) dispatch({ type: 'label-row', row: answer.value });
        return answer.ok ? null : answer.message;
      },
      updateLabel: (labelId: string, patch: Partial<Omit<Label, 'id'>>) => {
        dispatch({ type: 'patch-label', labelId, patch });
        sendShown('updateLabel', { labelId, ...patch }, (row) => dispatch({ type: 'label-row', row }));
      },
      deleteLabel: (labelId: string) => {
        dispatch({ type: 'delete', table: 'labels', id: labelId });
        sendShown('deleteLabel', labelId);
      },
      setTaskLabels: (taskId: string, labelIds: string[]) => {
        dispatch({ type: 'task-labels', taskId, labelIds });
        sendShown('setTaskLabels', { taskId, labelIds });
      },
      /** The card leaves the board at once; a refusal brings the board back as the server has it. */
      archiveTask: (taskId: string) => {
        dispatch({ type: 'delete', table: 'tasks', id: taskId });
        sendShown('archiveTask', { taskId, archived: true });
      },
    }),
    [send, sendShown, followCreate, taskWrites, boardId, workspaceSlug, model, dispatch, env],
  );
}

export type BoardWriteActions = ReturnType<typeof useBoardWrites>;
