/**
 * @module features/board/screen/column-menu — a column's actions, from a menu button in its header: rename, set or
 * clear the WIP limit, make it (or stop it being) the done column, delete it. A column that still holds
 * cards asks where they go before it is deleted.
 */

import { lazy, Suspense, useState } from 'react';
import { MenuButton } from '#app/components/menu.tsx';
import type { Column } from '../model/board-model.ts';
import type { ColumnActions, ColumnDialogName } from './column-menu-types.ts';

// The dialogs load when one first opens: they are not needed for the board's first paint.
const ColumnDialog = lazy(() => import('./column-dialogs.tsx').then((m) => ({ default: m.ColumnDialog })));

export function ColumnMenu({
  column,
  others,
  taskCount,
  actions,
}: {
  column: Column;
  /** The board's other columns, where its cards may go. */
  others: Column[];
  taskCount: number;
  actions: ColumnActions;
}) {
  const [open, setOpen] = useState<ColumnDialogName | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <MenuButton
        label={`Actions for column ${column.name}`}
        items={[
          { label: 'Rename…', onSelect: () => setOpen('rename') },
          {
            label: column.wipLimit === null ? 'Set WIP limit…' : 'Change WIP limit…',
            onSelect: () => setOpen('wip'),
          },
          {
            label: column.isDone ? 'Unmark as done column' : 'Mark as done column',
            onSelect: () => actions.updateColumn(column.id, { isDone: !column.isDone }),
          },
          { label: 'Delete column…', onSelect: () => setOpen('delete'), danger: true },
        ]}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M3 7h2v2H3zm4 0h2v2H7zm4 0h2v2h-2z" fill="currentColor" />
        </svg>
      </MenuButton>
      {open ? (
        <Suspense fallback={null}>
          <ColumnDialog
            open={open}
            column={column}
            others={others}
            taskCount={taskCount}
            actions={actions}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
