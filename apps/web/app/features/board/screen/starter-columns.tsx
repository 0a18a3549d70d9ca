/**
 * @module features/board/screen/starter-columns — what a new, empty board says: what columns are for, and one click
 * for To do / Doing / Done (the last one a done column). Nothing is created until that click.
 */
import { useState } from 'react';

const STARTER = [
  { name: 'To do', isDone: false },
  { name: 'Doing', isDone: false },
  { name: 'Done', isDone: true },
] as const;

export function StarterColumns({ onAdd }: { onAdd(name: string, isDone: boolean): Promise<string | null> }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setPending(true);
    for (const column of STARTER) {
      const refused = await onAdd(column.name, column.isDone);
      if (refused) {
        setError(refused);
        break;
      }
    }
    setPending(false);
  }
  return (
    <div className="empty-state board-start">
      <h2>Set up this board</h2>
      <p>
        Columns are the stages your tasks move through. Name your own in “Add a column…”, or start with the
        usual three; cards in “Done” count as completed.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={start}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        Add To do, Doing and Done
      </button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
