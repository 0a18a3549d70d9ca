/**
 * @module features/board/screen/board-menu-types — what the board menu and its lazily loaded dialogs share: the
 * menu's props and the dialogs' names. Apart from both, so the dialogs never import the menu that loads them.
 */
export interface BoardMenuProps {
  board: { name: string; description: string; archived: boolean };
  /** The board's archived cards (`/w/:slug/b/:boardId/archived`), for everyone who can see the board. */
  archivedPath: string;
  canEdit: boolean;
  canAdmin: boolean;
  /** Whether the signed-in user watches this board (new tasks, tasks moved to done; decision 189). */
  watching: boolean;
}

export type BoardDialogName = 'edit' | 'archive' | 'delete';
