/**
 * @module features/board/card-move-dialog — the card menu's "Move to…": a column and top or bottom, then Move.
 * Loaded when it first opens, not with the board's first paint.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Dialog, DialogActions } from '../../components/dialog.tsx';
import type { Column, Task } from './board-model.ts';
import type { CardPlace } from './card-moves.ts';

export function CardMoveDialog({
  task,
  columns,
  onMove,
  onClose,
}: {
  task: Task;
  columns: Column[];
  onMove(columnId: string, place: CardPlace): void;
  onClose(): void;
}) {
  const [columnId, setColumnId] = useState(task.columnId);
  const [place, setPlace] = useState<CardPlace>('top');
  const select = useRef<HTMLSelectElement>(null);
  // Named by its label alone (a wrapping label would add the chosen option's text to the name).
  const labelId = useId();
  // After the dialog's own effect has opened it (which focuses its first button): the choice comes first.
  useEffect(() => select.current?.focus(), []);
  function submit(event: FormEvent) {
    event.preventDefault();
    onClose();
    onMove(columnId, place);
  }
  return (
    <Dialog title={`Move ${task.title}`} onClose={onClose}>
      <form className="dialog-form" onSubmit={submit}>
        <label className="field">
          <span id={labelId}>Column</span>
          <select
            ref={select}
            aria-labelledby={labelId}
            name="columnId"
            value={columnId}
            onChange={(e) => setColumnId(e.currentTarget.value)}
          >
            {columns.map((column) => (
              <option key={column.id} value={column.id}>
                {column.id === task.columnId ? `${column.name} (now)` : column.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="card-move-place">
          <legend>Place</legend>
          {(['top', 'bottom'] as const).map((value) => (
            <label key={value} className="card-move-option">
              <input
                type="radio"
                name="place"
                value={value}
                checked={place === value}
                onChange={() => setPlace(value)}
              />
              {value === 'top' ? 'Top of the column' : 'Bottom of the column'}
            </label>
          ))}
        </fieldset>
        <DialogActions onCancel={onClose} submit="Move" />
      </form>
    </Dialog>
  );
}
