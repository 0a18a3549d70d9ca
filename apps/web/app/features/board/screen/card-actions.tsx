/**
 * @module features/board/screen/card-actions — what a card's menu does: moves (through `card-moves`, so through the
 * board's write queue as a drop, or to another board of the workspace through the same queue), copies the card's
 * link, sets its labels, archives it; the "Move to…" dialog.
 * Not part of the board's first paint: loaded once the page is idle (and at the latest on the first menu).
 */
import type { MoveTarget } from '@lanes/data/boards/list-move-targets';
import { type Dispatch, useCallback, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { usePublicEnv } from '#app/lib/public-env.ts';
import { moveCard, planBoardMove } from '../dnd/card-moves.ts';
import type { BoardModel } from '../model/board-model.ts';
import type { BoardAction } from '../model/board-reducer.ts';
import type { BoardWriteActions } from '../sync/use-board-writes.ts';
import type { Outcome } from '../sync/write-queue.ts';
import { CardMenu } from './card-menu.tsx';
import type { CardMenuState } from './card-menu-place.ts';
import { type CardDestination, CardMoveDialog } from './card-move-dialog.tsx';

/** What this reads of the board route's loader: the board and its workspace (for the other boards). */
interface BoardRouteData {
  workspaceId: string;
  board: { id: string; name: string };
}

/** Focus on a card (once it is drawn in its new place), or on the board's first card when it has gone. */
function focusCard(taskId: string | null) {
  requestAnimationFrame(() => {
    const card =
      (taskId && document.querySelector<HTMLElement>(`[data-task-id="${taskId}"] .lane-card-body`)) ||
      document.querySelector<HTMLElement>('.lane-card-body');
    card?.focus();
  });
}

export interface CardActionsProps {
  menu: CardMenuState;
  model: BoardModel;
  getModel(): BoardModel;
  dispatch: Dispatch<BoardAction>;
  writes: BoardWriteActions;
  refused(message: string): void;
  show(message: string): void;
  boardPath: string;
  onManageLabels(): void;
  /** The menu and its dialog are done: the board forgets them. */
  onDone(): void;
}

export function CardActions(props: CardActionsProps) {
  const { menu, model, writes, show, onDone } = props;
  // The menu closes before its item runs: "Move to…" turns the closing into the dialog's opening.
  const [stage, setStage] = useState<'menu' | 'move'>('menu');
  const moving = useRef(false);
  // The route's data rather than more props on the board: the board's first paint carries none of this.
  const route = useRouteLoaderData('routes/app/board') as BoardRouteData | undefined;
  const workspaceId = route?.workspaceId ?? '';
  const env = usePublicEnv();
  // A read, not a queued write; the board's live code is loaded by now (it is fetched right after first paint).
  const loadTargets = useCallback(
    async (signal: AbortSignal): Promise<Outcome<MoveTarget[]>> => {
      try {
        return await (await import('../sync/live-code.ts'))
          .boardWrites(env)
          .listMoveTargets(workspaceId, signal);
      } catch {
        return { ok: false, code: 'NETWORK', message: 'Cannot reach the server.' };
      }
    },
    [env, workspaceId],
  );
  const task = model.tasks.find((t) => t.id === menu.taskId);
  if (!task) return null;

  const closeMenu = () => {
    // Back to the card the menu was opened on, as a menu button would get its focus back.
    document.querySelector<HTMLElement>(`[data-task-id="${task.id}"] .lane-card-body`)?.focus();
    // The item runs right after the menu closes: once it has, the board forgets the menu unless it was "Move to…".
    queueMicrotask(() => {
      if (!moving.current) onDone();
    });
  };
  if (stage === 'move') {
    return (
      <CardMoveDialog
        task={task}
        columns={model.columns}
        board={route?.board ?? { id: '', name: 'This board' }}
        loadTargets={loadTargets}
        onMove={(to) => {
          if (to.board) return moveToBoard(props, task.id, to);
          const { getModel, dispatch, refused } = props;
          void moveCard(
            { model: getModel, dispatch, persistTask: writes.persistTask, refused },
            task.id,
            to.columnId,
            to.place,
          );
          focusCard(task.id);
        }}
        onClose={onDone}
      />
    );
  }
  return (
    <CardMenu
      task={task}
      labels={model.labels}
      at={menu.at}
      actions={{
        onMove: () => {
          moving.current = true;
          setStage('move');
        },
        onCopyLink: () => {
          const url = new URL(`${props.boardPath}/t/${task.id}`, window.location.href).href;
          navigator.clipboard.writeText(url).then(
            () => show('Link copied.'),
            () => show(`Copy this link: ${url}`),
          );
        },
        onLabels: (labelIds) => writes.setTaskLabels(task.id, labelIds),
        onManage: props.onManageLabels,
        onArchive: () => {
          writes.archiveTask(task.id);
          show(`“${task.title}” archived.`);
          focusCard(null);
        },
      }}
      onClose={closeMenu}
    />
  );
}

/**
 * The card leaves this board at once and the move goes through the write queue (kept in its journal like any
 * write); the toast says where it went (its new number there) and which labels that board has none of. A
 * refusal brings the board back as the server has it.
 */
function moveToBoard(
  props: CardActionsProps,
  taskId: string,
  to: Extract<CardDestination, { board: object }>,
) {
  const task = props.getModel().tasks.find((t) => t.id === taskId);
  const input = planBoardMove(
    props.getModel(),
    taskId,
    { boardId: to.board.id, columnId: to.column.id, firstTaskId: to.column.firstTaskId },
    to.place,
  );
  if (!task || !input) return;
  props.dispatch({ type: 'delete', table: 'tasks', id: taskId });
  void props.writes.send('moveTaskToBoard', input).then((answer) => {
    if (!answer.ok) return props.refused(answer.message);
    const moved = answer.value;
    const dropped = moved.droppedLabels.length
      ? ` Labels that board does not have were taken off: ${moved.droppedLabels.join(', ')}.`
      : '';
    props.show(
      `“${task.title}” moved to ${to.board.name}, ${to.column.name}, as #${moved.task.number}.${dropped}`,
    );
  });
  focusCard(null);
}
