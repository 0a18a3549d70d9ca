/**
 * @module features/board/screen/card-list — a column's cards, in order, each told whether it is near the
 * column's view and whether it is the card being dragged.
 *
 * Memoised apart from the column: the column holds a dnd-kit sortable of its own, so it renders at every change
 * of dnd-kit's context (several per pick-up), and each of those renders went through all of its cards' `memo`
 * checks. The list renders only when its cards, or which of them is dragged, change (decision 207).
 */
import { memo, useRef } from 'react';
import { useNearCards } from '../dnd/near-cards.ts';
import type { Label, Profile, Task } from '../model/board-model.ts';
import { TaskCard, type TaskCardProps } from './task-card.tsx';

export interface CardListProps {
  tasks: Task[];
  labels: Record<string, Label>;
  profiles: Record<string, Profile>;
  canEdit: boolean;
  dragNames: Record<string, string>;
  /** The card of this column being dragged by this reader, if any. */
  draggedId: string | null;
  headingId: string;
  onCardMenu: TaskCardProps['onMenu'];
  boardPath: TaskCardProps['boardPath'];
  onOpenTask: TaskCardProps['onOpen'];
}

export const CardList = memo(function CardList({
  tasks,
  labels,
  profiles,
  canEdit,
  dragNames,
  draggedId,
  headingId,
  onCardMenu,
  boardPath,
  onOpenTask,
}: CardListProps) {
  const list = useRef<HTMLOListElement>(null);
  const watchNear = useNearCards(list);
  return (
    <ol className="lane-cards" aria-labelledby={headingId} ref={list}>
      {tasks.map((task) => (
        <TaskCard
          key={task.id}
          task={task}
          assignee={task.assigneeId ? profiles[task.assigneeId] : undefined}
          labels={labels}
          canEdit={canEdit}
          draggedBy={dragNames[task.id]}
          onMenu={onCardMenu}
          boardPath={boardPath}
          onOpen={onOpenTask}
          dragged={draggedId === task.id}
          watchNear={watchNear}
        />
      ))}
    </ol>
  );
});
