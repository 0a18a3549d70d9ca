/**
 * @module features/board/screen/card-move-dialog — the card menu's "Move to…": a board (this one, or another active
 * board of the workspace, read when the dialog opens), a column of it, top or bottom, then Move.
 * Loaded when it first opens, not with the board's first paint.
 */
import type { MoveTarget } from '@lanes/data/boards/list-move-targets';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Dialog, DialogActions } from '#app/components/dialog.tsx';
import type { CardPlace } from '../dnd/card-moves.ts';
import type { Column, Task } from '../model/board-model.ts';
import type { Outcome } from '../sync/write-queue.ts';

/** Where the card goes: a column of this board, or of `target` (another board). */
export type CardDestination =
  | { board: null; columnId: string; place: CardPlace }
  | { board: MoveTarget; column: MoveTarget['columns'][number]; place: CardPlace };

export interface CardMoveDialogProps {
  task: Task;
  columns: Column[];
  /** This board, listed first until the others have been read. */
  board: { id: string; name: string };
  /** Reads the workspace's active boards; `signal` aborts when the dialog closes first. */
  loadTargets(signal: AbortSignal): Promise<Outcome<MoveTarget[]>>;
  onMove(destination: CardDestination): void;
  onClose(): void;
}

export function CardMoveDialog({ task, columns, board, loadTargets, onMove, onClose }: CardMoveDialogProps) {
  const [boardId, setBoardId] = useState(board.id);
  const [columnId, setColumnId] = useState(task.columnId);
  const [place, setPlace] = useState<CardPlace>('top');
  const [others, setOthers] = useState<MoveTarget[] | null>(null);
  const [note, setNote] = useState('Loading the other boards…');
  const select = useRef<HTMLSelectElement>(null);
  // Each select is named by its label alone (a wrapping label would add the chosen option's text to the name).
  const boardLabel = useId();
  const columnLabel = useId();
  // After the dialog's own effect has opened it (which focuses its first button): the choice comes first.
  useEffect(() => select.current?.focus(), []);
  useEffect(() => {
    const open = new AbortController();
    void loadTargets(open.signal).then((answer) => {
      if (open.signal.aborted) return;
      if (!answer.ok) return setNote(`The other boards could not be read: ${answer.message}`);
      const rest = answer.value.filter((b) => b.id !== board.id);
      setOthers(rest);
      setNote(rest.length === 0 ? 'This workspace has no other active board.' : '');
    });
    return () => open.abort();
  }, [loadTargets, board.id]);

  const target = boardId === board.id ? null : (others?.find((b) => b.id === boardId) ?? null);
  const choices = target
    ? target.columns.map((c) => ({ id: c.id, name: c.name }))
    : columns.map((c) => ({ id: c.id, name: c.id === task.columnId ? `${c.name} (now)` : c.name }));

  function chooseBoard(id: string) {
    setBoardId(id);
    const next = others?.find((b) => b.id === id);
    setColumnId(next ? (next.columns[0]?.id ?? '') : task.columnId);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const column = target?.columns.find((c) => c.id === columnId);
    if (target && !column) return;
    onClose();
    onMove(target && column ? { board: target, column, place } : { board: null, columnId, place });
  }
  return (
    <Dialog title={`Move ${task.title}`} onClose={onClose}>
      <form className="dialog-form" onSubmit={submit}>
        <label className="field">
          <span id={boardLabel}>Board</span>
          <select
            aria-labelledby={boardLabel}
            name="boardId"
            value={boardId}
            onChange={(e) => chooseBoard(e.currentTarget.value)}
          >
            <option value={board.id}>{`${board.name} (now)`}</option>
            {(others ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <p className="dialog-note" role="status">
          {note}
        </p>
        <label className="field">
          <span id={columnLabel}>Column</span>
          <select
            ref={select}
            aria-labelledby={columnLabel}
            name="columnId"
            value={columnId}
            onChange={(e) => setColumnId(e.currentTarget.value)}
          >
            {choices.map((column) => (
              <option key={column.id} value={column.id}>
                {column.name}
              </option>
            ))}
          </select>
        </label>
        {target && target.columns.length === 0 ? (
          <p className="dialog-note">That board has no columns yet.</p>
        ) : null}
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
        <DialogActions
          onCancel={onClose}
          submit="Move"
          disabled={Boolean(target && !target.columns.length)}
        />
      </form>
    </Dialog>
  );
}
