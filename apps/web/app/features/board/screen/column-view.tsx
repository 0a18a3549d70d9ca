/**
 * @module features/board/screen/column-view — one column: its name and count, its cards in order, and (for members)
 * the handle that moves the column and the inline "add a task" field at the bottom.
 */
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo, useMemo } from 'react';
import { sortableStyle, sortableTransition } from '../dnd/motion.ts';
import { useItemIds } from '../dnd/use-item-ids.ts';
import type { Column, Label, Profile, Task } from '../model/board-model.ts';
import { AddTaskForm } from './add-forms.tsx';
import { CardList } from './card-list.tsx';
import { ColumnMenu } from './column-menu.tsx';
import type { ColumnActions } from './column-menu-types.ts';
import type { TaskCardProps } from './task-card.tsx';

export interface ColumnViewProps {
  column: Column;
  /** The column's cards that pass the filter, in order. */
  tasks: Task[];
  /** How many cards the column holds, filtered or not. */
  total: number;
  /** Cards of this column not in the page yet (a big board's first HTML); they come with the full read. */
  hidden: number;
  labels: Record<string, Label>;
  profiles: Record<string, Profile>;
  canEdit: boolean;
  dragNames: Record<string, string>;
  onAddTask(columnId: string, title: string): Promise<string | null>;
  /** The board's columns, this one included (the others are where a deleted column's cards may go). */
  columns: Column[];
  actions: ColumnActions;
  onCardMenu: TaskCardProps['onMenu'];
  boardPath: TaskCardProps['boardPath'];
  onOpenTask: TaskCardProps['onOpen'];
}

/**
 * Memoised: the board hands it the same props (its card list included, see `column-cards`) while nothing in
 * this column changed, so the board's other renders skip it (decision 162).
 */
export const ColumnView = memo(function ColumnView({
  column,
  tasks,
  total,
  hidden,
  labels,
  profiles,
  canEdit,
  dragNames,
  onAddTask,
  columns,
  actions,
  onCardMenu,
  boardPath,
  onOpenTask,
}: ColumnViewProps) {
  const sortable = useSortable({
    id: column.id,
    data: { type: 'column' },
    disabled: !canEdit,
    transition: sortableTransition(),
    attributes: { roleDescription: 'column' },
  });
  const style = sortableStyle(sortable);
  const taskIds = useItemIds(tasks);
  // The column renders at each change of dnd-kit's context anyway (its own sortable): the card being dragged
  // learns it here, so it keeps its sortable wherever it goes (a new element in another column included).
  const activeId = sortable.active?.data.current?.type === 'task' ? String(sortable.active.id) : null;
  const draggedId = activeId !== null && tasks.some((t) => t.id === activeId) ? activeId : null;
  const others = useMemo(() => columns.filter((c) => c.id !== column.id), [columns, column.id]);
  const headingId = `column-${column.id}`;
  const overLimit = column.wipLimit !== null && total > column.wipLimit;
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={sortable.isDragging ? 'lane is-dragging' : 'lane'}
      aria-labelledby={headingId}
      data-column-id={column.id}
    >
      <header className="lane-head">
        <h2 id={headingId}>
          {column.name}{' '}
          <span className={overLimit ? 'badge is-over' : 'badge'}>
            {total}
            {column.wipLimit !== null ? ` / ${column.wipLimit}` : ''}
            <span className="visually-hidden"> tasks</span>
          </span>
          {column.isDone ? <span className="badge is-done">Done</span> : null}
        </h2>
        {canEdit ? <ColumnMenu column={column} others={others} taskCount={total} actions={actions} /> : null}
        {canEdit ? (
          <button
            type="button"
            className="lane-handle"
            {...sortable.attributes}
            {...sortable.listeners}
            aria-label={`Move column ${column.name}`}
          >
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path
                d="M5 3h2v2H5zm4 0h2v2H9zM5 7h2v2H5zm4 0h2v2H9zm-4 4h2v2H5zm4 0h2v2H9z"
                fill="currentColor"
              />
            </svg>
          </button>
        ) : null}
      </header>
      <SortableContext items={taskIds} strategy={verticalListSortingStrategy}>
        <CardList
          tasks={tasks}
          labels={labels}
          profiles={profiles}
          canEdit={canEdit}
          dragNames={dragNames}
          draggedId={draggedId}
          headingId={headingId}
          onCardMenu={onCardMenu}
          boardPath={boardPath}
          onOpenTask={onOpenTask}
        />
      </SortableContext>
      {hidden > 0 ? (
        // A real link: without JavaScript (or before the full read arrives) it loads every card.
        <a className="lane-more" href="?cards=all">
          Show all {total} tasks
        </a>
      ) : null}
      {tasks.length === 0 ? (
        <p className="lane-empty">
          {total === 0 ? (canEdit ? 'No tasks yet. Add one below.' : 'No tasks yet.') : 'No matching tasks.'}
        </p>
      ) : null}
      {canEdit ? <AddTaskForm column={column} onAdd={onAddTask} /> : null}
    </li>
  );
});
