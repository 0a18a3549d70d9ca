/**
 * @module features/board/screen/column-dialogs — the column menu's dialogs (one checked field; delete, asking where
 * the cards go). Loaded when one first opens, not with the board's first paint.
 */
import { type FormEvent, useState } from 'react';
import { Dialog, DialogActions } from '#app/components/dialog.tsx';
import type { Column } from '../model/board-model.ts';
import { checkName, parseWipLimit, RULES } from '../model/field-rules.ts';
import type { ColumnActions, ColumnDialogName } from './column-menu-types.ts';

/** The dialog the column menu asked for. */
export function ColumnDialog({
  open,
  column,
  others,
  taskCount,
  actions,
  onClose,
}: {
  open: ColumnDialogName;
  column: Column;
  others: Column[];
  taskCount: number;
  actions: ColumnActions;
  onClose(): void;
}) {
  const close = onClose;
  return (
    <>
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
        <DialogActions onCancel={onClose} submit="Save" />
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
        <DialogActions onCancel={onClose} submit="Delete column" danger disabled={stuck} />
      </form>
    </Dialog>
  );
}
