/**
 * @module features/board/column-menu — a column's actions, from a menu button in its header: rename, set or
 * clear the WIP limit, make it (or stop it being) the done column, delete it. A column that still holds
 * cards asks where they go before it is deleted.
 */
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { MenuButton } from '../../components/menu.tsx';
import type { Column } from './board-model.ts';
import { checkName, parseWipLimit, RULES } from './field-rules.ts';

export interface ColumnActions {
  updateColumn(columnId: string, patch: Partial<Pick<Column, 'name' | 'wipLimit' | 'isDone'>>): void;
  deleteColumn(columnId: string, moveTasksTo: string | null): void;
}

type Open = 'rename' | 'wip' | 'delete' | null;

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
  const [open, setOpen] = useState<Open>(null);
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
      {open === 'rename' ? (
        <FieldDialog
          title={`Rename column ${column.name}`}
          label="Column name"
          initial={column.name}
          check={(value) => {
            const error = checkName(value, RULES.columnName.max);
            return error ? { error } : { value };
          }}
          onSave={(name) => actions.updateColumn(column.id, { name })}
          onClose={close}
        />
      ) : null}
      {open === 'wip' ? (
        <FieldDialog
          title={`WIP limit of ${column.name}`}
          label="Most cards in this column (empty for no limit)"
          initial={column.wipLimit === null ? '' : String(column.wipLimit)}
          inputMode="numeric"
          check={parseWipLimit}
          onSave={(wipLimit) => actions.updateColumn(column.id, { wipLimit })}
          onClose={close}
        />
      ) : null}
      {open === 'delete' ? (
        <DeleteColumnDialog
          column={column}
          others={others}
          taskCount={taskCount}
          onDelete={(to) => actions.deleteColumn(column.id, to)}
          onClose={close}
        />
      ) : null}
    </>
  );
}

interface FieldDialogProps<T> {
  title: string;
  label: string;
  initial: string;
  inputMode?: 'numeric';
  check(value: string): { value: T } | { error: string };
  onSave(value: T): void;
  onClose(): void;
}

/** One field, checked before it is saved; the error stays at the field and nothing is sent. */
function FieldDialog<T>({ title, label, initial, inputMode, check, onSave, onClose }: FieldDialogProps<T>) {
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('value') as HTMLInputElement;
    const result = check(input.value.trim());
    if ('error' in result) {
      setError(result.error);
      input.focus();
      return;
    }
    onSave(result.value);
    onClose();
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>{label}</span>
          <input
            name="value"
            defaultValue={initial}
            inputMode={inputMode}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'field-dialog-error' : undefined}
          />
        </label>
        {error ? (
          <p id="field-dialog-error" className="field-error">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteColumnDialog({
  column,
  others,
  taskCount,
  onDelete,
  onClose,
}: {
  column: Column;
  others: Column[];
  taskCount: number;
  onDelete(moveTasksTo: string | null): void;
  onClose(): void;
}) {
  const [target, setTarget] = useState(others[0]?.id ?? '');
  const stuck = taskCount > 0 && others.length === 0;
  return (
    <Dialog title={`Delete column ${column.name}?`} onClose={onClose}>
      <form
        className="dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          onDelete(taskCount > 0 ? target : null);
          onClose();
        }}
      >
        {taskCount === 0 ? <p>The column is empty. Deleting it cannot be undone.</p> : null}
        {stuck ? (
          <p>
            This column holds {taskCount} {taskCount === 1 ? 'card' : 'cards'} and there is no other column to
            move {taskCount === 1 ? 'it' : 'them'} to. Add a column first, or archive the cards.
          </p>
        ) : null}
        {taskCount > 0 && !stuck ? (
          <label className="field">
            <span>
              Its {taskCount} {taskCount === 1 ? 'card moves' : 'cards move'} to
            </span>
            <select value={target} onChange={(event) => setTarget(event.currentTarget.value)}>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={stuck}>
            Delete column
          </button>
        </div>
      </form>
    </Dialog>
  );
}
