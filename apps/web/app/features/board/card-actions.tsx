/**
 * @module features/board/card-actions — what a card's menu does: moves (through `card-moves`, so through the
 * board's write queue as a drop), copies the card's link, sets its labels, archives it; the "Move to…" dialog.
 * Not part of the board's first paint: loaded once the page is idle (and at the latest on the first menu).
 */
import { type Dispatch, useRef, useState } from 'react';
import type { BoardModel } from './board-model.ts';
import type { BoardAction } from './board-reducer.ts';
import { CardMenu } from './card-menu.tsx';
import type { CardMenuState } from './card-menu-place.ts';
import { CardMoveDialog } from './card-move-dialog.tsx';
import { moveCard } from './card-moves.ts';
import type { BoardWriteActions } from './use-board-writes.ts';

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
        onMove={(columnId, place) => {
          const { getModel, dispatch, refused } = props;
          void moveCard(
            { model: getModel, dispatch, persistTask: writes.persistTask, refused },
            task.id,
            columnId,
            place,
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
