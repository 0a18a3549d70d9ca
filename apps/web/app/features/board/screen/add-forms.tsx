/**
 * @module features/board/screen/add-forms — inline "add a task" (per column) and "add a column" fields. They are real
 * forms posting to the board route's action, so they work before (or without) JavaScript; once the page is
 * interactive they write from the browser and the new card appears at once.
 */
import { type FormEvent, memo, useId, useState } from 'react';
import type { Column } from '../model/board-model.ts';

interface InlineFormProps {
  intent: 'create-task' | 'create-column';
  label: string;
  placeholder: string;
  hidden?: Record<string, string>;
  /** Resolves with an error message, or null when it was added. */
  onAdd(value: string): Promise<string | null>;
}

/** No `maxlength`: it would cut a pasted title silently; a title over the limit gets an inline error instead. */
function InlineForm({ intent, label, placeholder, hidden = {}, onAdd }: InlineFormProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('value') as HTMLInputElement;
    const value = input.value.trim();
    if (!value) {
      setError('Type a name first.');
      input.focus();
      return;
    }
    setPending(true);
    const refused = await onAdd(value);
    setPending(false);
    setError(refused);
    if (!refused) input.value = '';
    input.focus();
  }

  return (
    <form method="post" className="inline-add" onSubmit={submit} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        name="value"
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.currentTarget.value = '';
            event.currentTarget.blur();
            setError(null);
          }
        }}
      />
      <button type="submit" className="btn btn-secondary" disabled={pending} aria-busy={pending || undefined}>
        Add
      </button>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function AddTaskForm({
  column,
  onAdd,
}: {
  column: Column;
  onAdd(columnId: string, title: string): Promise<string | null>;
}) {
  return (
    <InlineForm
      intent="create-task"
      label={`New task in ${column.name}`}
      placeholder="Add a task…"
      hidden={{ columnId: column.id }}
      onAdd={(title) => onAdd(column.id, title)}
    />
  );
}

/** Memoised: it sits in the board's own render, which runs for things a new column's field does not show. */
export const AddColumnForm = memo(function AddColumnForm({
  onAdd,
}: {
  onAdd(name: string): Promise<string | null>;
}) {
  return <InlineForm intent="create-column" label="New column" placeholder="Add a column…" onAdd={onAdd} />;
});
