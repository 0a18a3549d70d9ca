/**
 * @module features/task-panel/checklist-item — one checklist item: its checkbox and text; for members a handle
 * to drag it or move it with the arrow keys, Edit, Delete and "Make task". Each write shows at once and rolls
 * back when the server refuses it (`useFieldSave`).
 */
import type { ChecklistItemRow } from '@lanes/shared/schemas/checklist';
import { type DragEvent, type KeyboardEvent, useLayoutEffect, useState } from 'react';
import { useFieldSave } from './use-field-save.ts';

interface ItemProps {
  taskId: string;
  item: ChecklistItemRow;
  canEdit: boolean;
  index: number;
  count: number;
  /** Moves the item to `index` of its checklist; `byKeyboard` keeps the focus on its handle. */
  onMove(id: string, index: number, byKeyboard: boolean): void;
  /** The tick this item shows before the server has it, or null: the checklist counts it (`doneCount`). */
  onTicking?(id: string, done: boolean | null): void;
}

/** The drag payload's type: only our items are dropped on our items. */
const DRAG_TYPE = 'application/x-lanes-checklist-item';

export function ChecklistItem({ taskId, item, canEdit, index, count, onMove, onTicking }: ItemProps) {
  const check = useFieldSave(taskId, 'checklist-check', item.id);
  const edit = useFieldSave(taskId, 'checklist-edit', item.id);
  const remove = useFieldSave(taskId, 'checklist-delete', item.id);
  const promote = useFieldSave(taskId, 'checklist-to-task', item.id);
  const [draft, setDraft] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const pendingDone = check.pending?.get('value');
  const ticking = pendingDone === null || pendingDone === undefined ? null : pendingDone === 'true';
  const done = ticking ?? item.done;
  // Before paint, so the checklist's count moves in the same frame as the box.
  useLayoutEffect(() => onTicking?.(item.id, ticking), [onTicking, item.id, ticking]);
  useLayoutEffect(() => () => onTicking?.(item.id, null), [onTicking, item.id]);
  const body = (edit.pending?.get('body') as string | null) ?? item.body;
  const error = check.error ?? edit.error ?? remove.error ?? promote.error;
  // Gone from here at once; a refusal brings it back with the reason.
  if ((remove.busy || promote.busy) && !error) return null;

  const checkboxId = `checklist-item-${item.id}`;
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const to =
      event.key === 'ArrowUp'
        ? index - 1
        : event.key === 'ArrowDown'
          ? index + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    if (to >= 0 && to < count) onMove(item.id, to, true);
  };
  const drag = canEdit
    ? {
        onDragOver: (event: DragEvent<HTMLLIElement>) => {
          if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
          event.preventDefault();
          setOver(true);
        },
        onDragLeave: () => setOver(false),
        onDrop: (event: DragEvent<HTMLLIElement>) => {
          setOver(false);
          const id = event.dataTransfer.getData(DRAG_TYPE);
          if (!id || id === item.id) return;
          event.preventDefault();
          onMove(id, index, false);
        },
      }
    : {};

  return (
    <li className={['checklist-item', done ? 'is-done' : '', over ? 'is-over' : ''].join(' ')} {...drag}>
      {canEdit ? (
        <button
          type="button"
          id={`checklist-handle-${item.id}`}
          className="checklist-handle"
          draggable
          aria-label={`Move ${body}`}
          aria-describedby="checklist-move-hint"
          onDragStart={(event) => {
            event.dataTransfer.setData(DRAG_TYPE, item.id);
            event.dataTransfer.effectAllowed = 'move';
          }}
          onKeyDown={onHandleKey}
        >
          <span aria-hidden="true">⋮⋮</span>
        </button>
      ) : null}
      <input
        id={checkboxId}
        type="checkbox"
        checked={done}
        disabled={!canEdit}
        onChange={(event) => check.save({ itemId: item.id, value: String(event.target.checked) })}
      />
      {draft !== null ? (
        <form
          className="checklist-edit"
          onSubmit={(event) => {
            event.preventDefault();
            edit.save({ itemId: item.id, body: draft });
            setDraft(null);
          }}
        >
          <input
            aria-label={`Edit ${item.body}`}
            value={draft}
            maxLength={200}
            required
            // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this item
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setDraft(null);
              }
            }}
          />
          <button type="submit" className="btn btn-primary">
            Save
          </button>
          <button type="button" className="btn btn-quiet" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </form>
      ) : (
        <label htmlFor={checkboxId} className="checklist-body">
          {body}
        </label>
      )}
      {canEdit && draft === null ? (
        <span className="checklist-tools">
          <button type="button" className="btn btn-quiet" onClick={() => setDraft(body)}>
            Edit<span className="visually-hidden"> {body}</span>
          </button>
          <button type="button" className="btn btn-quiet" onClick={() => promote.save({ itemId: item.id })}>
            Make task<span className="visually-hidden"> of {body}</span>
          </button>
          <button type="button" className="btn btn-quiet" onClick={() => remove.save({ itemId: item.id })}>
            Delete<span className="visually-hidden"> {body}</span>
          </button>
        </span>
      ) : null}
      {error ? (
        <p className="field-error checklist-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
