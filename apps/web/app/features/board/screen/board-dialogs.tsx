/**
 * @module features/board/screen/board-dialogs — the board menu's dialogs: edit name and description, archive or
 * restore, delete (typing the name). Each is a form posted to the board route. Loaded when one first opens.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Dialog, DialogActions } from '#app/components/dialog.tsx';
import type { BoardActionResult } from './board-actions.server.ts';
import type { BoardDialogName, BoardMenuProps } from './board-menu-types.ts';

export function BoardDialog({
  open,
  board,
  onClose,
}: {
  open: BoardDialogName;
  board: BoardMenuProps['board'];
  onClose(): void;
}) {
  const close = onClose;
  return (
    <>
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
  children: ReactNode;
}) {
  const fetcher = useFetcher<BoardActionResult>();
  const pending = fetcher.state !== 'idle';
  // Done when the post comes back without an error (the action redirected and the page has the new board).
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle') sent.current = true;
    else if (sent.current && fetcher.data?.ok !== false) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <Dialog title={title} onClose={onClose}>
      <fetcher.Form method="post" className="dialog-form">
        <input type="hidden" name="intent" value={intent} />
        {children}
        {fetcher.data?.errors?.form ? (
          <p className="field-error" role="alert">
            {fetcher.data.errors.form}
          </p>
        ) : null}
        <DialogActions
          onCancel={onClose}
          submit={submit}
          danger={danger}
          disabled={disabled}
          busy={pending}
        />
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
