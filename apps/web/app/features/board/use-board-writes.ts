/**
 * @module features/board/use-board-writes — every change the user makes on the board, shown at once and sent
 * through the write queue (in order; retried while the server is unreachable). When the server refuses one,
 * the board is put back as the server has it and the user is told why.
 */
import { type Dispatch, useCallback, useEffect, useMemo } from 'react';
import { usePublicEnv } from '../../lib/public-env.ts';
import type { BoardWrites } from './board-live.ts';
import { type BoardModel, type Column, type Label, type Task, tasksIn } from './board-model.ts';
import type { BoardAction } from './board-reducer.ts';
import { checkName, RULES } from './field-rules.ts';
import { loadLive } from './use-board-live.ts';
import type { Outcome, PushOptions, WriteQueue } from './write-queue.ts';

const UNREACHABLE: Outcome<never> = { ok: false, code: 'NETWORK', message: 'Cannot reach the server.' };
let pendingIds = 0;

/** The card shown for a task whose write waits for the server: no number yet, not movable. */
function pendingTask(id: string, columnId: string, title: string): Task {
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
  queue: WriteQueue;
  model(): BoardModel;
  dispatch: Dispatch<BoardAction>;
  /** Shows the server's refusal and puts the board back as the server has it. */
  refused(message: string): void;
}

export function useBoardWrites({ boardId, queue, model, dispatch, refused }: BoardWritesOptions) {
  const env = usePublicEnv();

  useEffect(() => {
    const online = () => queue.resume();
    // Leaving while changes wait for an unreachable server would lose them: the browser asks the user first.
    // (A write merely in flight does not ask: it is answered in a moment, or fails like any page unload.)
    const leaving = (event: BeforeUnloadEvent) => {
      if (queue.stuck) event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', leaving);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leaving);
    };
  }, [queue]);

  const send = useCallback(
    <T>(write: (writes: BoardWrites) => Promise<Outcome<T>>, options?: PushOptions): Promise<Outcome<T>> =>
      queue.push(async () => {
        let writes: BoardWrites;
        try {
          writes = (await loadLive()).boardWrites(env);
        } catch {
          return UNREACHABLE; // the code for writing could not be fetched either: offline too
        }
        return write(writes);
      }, options),
    [queue, env],
  );

  /** Sends a write whose effect is already on screen; a refusal puts the board back. */
  const sendShown = useCallback(
    <T>(write: (writes: BoardWrites) => Promise<Outcome<T>>, stored?: (value: T) => void) => {
      void send(write).then((answer) => {
        if (answer.ok) stored?.(answer.value);
        else refused(answer.message);
      });
    },
    [send, refused],
  );

  return useMemo(
    () => ({
      send,
      /**
       * A title longer than the limit is answered at once, before anything is sent. Online, the card appears
       * when the server has stored (and numbered) it, and a refusal shows at the field. When the server
       * cannot be reached (offline, or a flaky network), a "Saving…" card stands in at once and the field is
       * free again; the write stays in the queue, and a later refusal removes the card with a message.
       */
      addTask: (columnId: string, title: string): Promise<string | null> => {
        const wrong = checkName(title, RULES.taskTitle.max);
        if (wrong) return Promise.resolve(wrong);
        pendingIds += 1;
        const id = `pending-${pendingIds}`;
        return new Promise((answerField) => {
          let standIn = false;
          const showStandIn = () => {
            if (standIn) return;
            standIn = true;
            dispatch({ type: 'add-pending-task', task: pendingTask(id, columnId, title) });
            answerField(null);
          };
          if (!navigator.onLine) showStandIn();
          void send((w) => w.createTask({ boardId, columnId, title }), { onUnreachable: showStandIn }).then(
            (answer) => {
              if (answer.ok) dispatch({ type: 'task-row', row: answer.value, replaces: id });
              else if (standIn) {
                dispatch({ type: 'delete', table: 'tasks', id });
                refused(`“${title}” was not added: ${answer.message}`);
              }
              if (!standIn) answerField(answer.ok ? null : answer.message);
            },
          );
        });
      },
      addColumn: async (name: string, isDone = false): Promise<string | null> => {
        const wrong = checkName(name, RULES.columnName.max);
        if (wrong) return wrong;
        const answer = await send((w) => w.createColumn({ boardId, name, isDone }));
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
        const answer = await send((w) => w.moveTask({ ...input, ...neighbours }));
        if (answer.ok) dispatch({ type: 'task-row', row: answer.value });
        return answer.ok ? null : answer.message;
      },
      persistColumn: async (input: { columnId: string; beforeId: string | null; afterId: string | null }) => {
        const answer = await send((w) => w.moveColumn(input));
        if (answer.ok) dispatch({ type: 'column-row', row: answer.value });
        return answer.ok ? null : answer.message;
      },
      updateColumn: (columnId: string, patch: Partial<Pick<Column, 'name' | 'wipLimit' | 'isDone'>>) => {
        dispatch({ type: 'patch-column', columnId, patch });
        sendShown(
          (w) => w.updateColumn({ columnId, ...patch }),
          (row) => dispatch({ type: 'column-row', row }),
        );
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
              (w) => w.moveTask({ taskId: task.id, columnId: moveTasksTo, beforeId: after, afterId: null }),
              (row) => dispatch({ type: 'task-row', row }),
            );
            beforeId = task.id;
          }
        }
        dispatch({ type: 'delete', table: 'columns', id: columnId });
        sendShown((w) => w.deleteColumn(columnId));
      },
      createLabel: async (name: string, color: Label['color']): Promise<string | null> => {
        const answer = await send((w) => w.createLabel({ boardId, name, color }));
        if (answer.ok) dispatch({ type: 'label-row', row: answer.value });
        return answer.ok ? null : answer.message;
      },
      updateLabel: (labelId: string, patch: Partial<Omit<Label, 'id'>>) => {
        dispatch({ type: 'patch-label', labelId, patch });
        sendShown(
          (w) => w.updateLabel({ labelId, ...patch }),
          (row) => dispatch({ type: 'label-row', row }),
        );
      },
      deleteLabel: (labelId: string) => {
        dispatch({ type: 'delete', table: 'labels', id: labelId });
        sendShown((w) => w.deleteLabel(labelId));
      },
      setTaskLabels: (taskId: string, labelIds: string[]) => {
        dispatch({ type: 'task-labels', taskId, labelIds });
        sendShown((w) => w.setTaskLabels({ taskId, labelIds }));
      },
    }),
    [send, sendShown, boardId, model, dispatch, refused],
  );
}

export type BoardWriteActions = ReturnType<typeof useBoardWrites>;
