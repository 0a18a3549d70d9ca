/**
 * @module features/board/screen/board-menu — the board's own actions, from a menu button beside its name: open its
 * archived cards and export it (everyone), edit the name and description (members and up), archive or restore it
 * and delete it (admins and up; deleting asks for the board's name). The dialogs load when one first opens.
 */

import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { MenuButton, type MenuItem } from '#app/components/menu.tsx';
import type { BoardDialogName, BoardMenuProps } from './board-menu-types.ts';
import { useWatchBoardItem } from './watch-board.tsx';

// The dialogs load when one first opens: they are not needed for the board's first paint.
const BoardDialog = lazy(() => import('./board-dialogs.tsx').then((m) => ({ default: m.BoardDialog })));
const ExportDialog = lazy(() => import('./export-dialog.tsx').then((m) => ({ default: m.ExportDialog })));

export function BoardMenu({ board, archivedPath, canEdit, canAdmin, watching }: BoardMenuProps) {
  const [open, setOpen] = useState<BoardDialogName | 'export' | null>(null);
  const navigate = useNavigate();
  const close = () => setOpen(null);
  const watchItem = useWatchBoardItem(archivedPath.replace(/\/archived$/, ''), watching);
  const items: MenuItem[] = [{ label: 'Archived cards', onSelect: () => void navigate(archivedPath) }];
  items.push(watchItem);
  items.push({ label: 'Export…', onSelect: () => setOpen('export') });
  if (canEdit) items.push({ label: 'Edit name and description…', onSelect: () => setOpen('edit') });
  if (canAdmin) {
    items.push({
      label: board.archived ? 'Restore board…' : 'Archive board…',
      onSelect: () => setOpen('archive'),
    });
    items.push({ label: 'Delete board…', onSelect: () => setOpen('delete'), danger: true });
  }
  return (
    <>
      <MenuButton label="Board actions" items={items} className="btn btn-secondary btn-small">
        Board
        <span aria-hidden="true">▾</span>
      </MenuButton>
      {open ? (
        <Suspense fallback={null}>
          {open === 'export' ? (
            // The board's own path: the archived cards' path without its last segment.
            <ExportDialog boardPath={archivedPath.replace(/\/archived$/, '')} onClose={close} />
          ) : (
            <BoardDialog open={open} board={board} onClose={close} />
          )}
        </Suspense>
      ) : null}
    </>
  );
}
