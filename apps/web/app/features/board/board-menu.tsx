/**
 * @module features/board/board-menu — the board's own actions, from a menu button beside its name: edit the
 * name and description (members and up), archive or restore it and delete it (admins and up; deleting asks for
 * the board's name). Each dialog is a form posted to the board route, so it works without JavaScript too.
 */
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { MenuButton, type MenuItem } from '../../components/menu.tsx';
import type { BoardActionResult } from './board-actions.server.ts';

export interface BoardMenuProps {
  board: { name: string; description: string; archived: boolean };
  canEdit: boolean;
  canAdmin: boolean;
}

type Open = 'edit' | 'archive' | 'delete' | null;

export function BoardMenu({ board, canEdit, canAdmin }: BoardMenuProps) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const items: MenuItem[] = [];
  if (canEdit) items.push({ label: 'Edit name and description…', onSelect: () => setOpen('edit') });
  if (canAdmin) {
    items.push({
      label: board.archived ? 'Restore board…' : 'Archive board…',
      onSelect: () => setOpen('archive'),
    });
    items.push({ label: 'Delete board…', onSelect: () => setOpen('delete'), danger: true });
  }
  if (items.length === 0) return null;
  return (
    <>
      <MenuButton label="Board actions" items={items} className="btn btn-secondary btn-small">
        Board
        <span aria-hidden="true">▾</span>
      </MenuButton>
      {open === 'edit' ? (
        <BoardForm title="Edit board" intent="update-board" submit="Save" onClose={close}>
          <label className="field">
            <span>Name</span>
            <input name="name" defaultValue={board.name} required autoComplete="off" />
          </label>
          <label className="field">
            <span>Description</span>
            <textarea name="description" defaultValue={board.description} rows={4} />
          </label>
        </BoardForm>
      ) : null}
      {open === 'archive' ? (
        <BoardForm
          title={board.archived ? `Restore ${board.name}?` : `Archive ${board.name}?`}
          intent={board.archived ? 'restore-board' : 'archive-board'}
          submit={board.archived ? 'Restore board' : 'Archive board'}
          onClose={close}
        >
          <p>
            {board.archived
              ? 'The board comes back to the workspace’s list and can be changed again.'
              : 'The board leaves the workspace’s list (it stays under “Show archived boards”) and becomes read-only until it is restored.'}
          </p>
        </BoardForm>
      ) : null}
      {open === 'delete' ? <DeleteBoard name={board.name} onClose={close} /> : null}
    </>
  );
}

function BoardForm({
  title,
  intent,
  submit,
  danger = false,
  disabled = false,
  onClose,
  children,
}: {
  title: string;
  intent: string;
  submit: string;
  danger?: boolean;
  disabled?: boolean;
  onClose(): void;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<BoardActionResult>();
  const pending = fetcher.state !== 'idle';
  // Done when the post comes back without an error (the action redirected and the page has the new board).
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle') sent.current = true;
    else if (sent.current && !fetcher.data?.error) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <Dialog title={title} onClose={onClose}>
      <fetcher.Form method="post" className="dialog-form">
        <input type="hidden" name="intent" value={intent} />
        {children}
        {fetcher.data?.error ? (
          <p className="field-error" role="alert">
            {fetcher.data.error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={danger ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={disabled || pending}
            aria-busy={pending || undefined}
          >
            {submit}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function DeleteBoard({ name, onClose }: { name: string; onClose(): void }) {
  const [typed, setTyped] = useState('');
  return (
    <BoardForm
      title={`Delete ${name}?`}
      intent="delete-board"
      submit="Delete board"
      danger
      disabled={typed.trim() !== name}
      onClose={onClose}
    >
      <p>Its columns, tasks, comments and files are deleted for everyone. This cannot be undone.</p>
      <label className="field">
        <span>Type the board’s name, {name}, to confirm</span>
        <input
          name="confirm"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
        />
      </label>
    </BoardForm>
  );
}
