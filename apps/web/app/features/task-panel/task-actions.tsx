/**
 * @module features/task-panel/task-actions — archive and restore (members and up), and deleting an archived
 * task for good (admins and owners; its files go with it). Inside a board they go through its write queue
 * (decision 202): offline too, a delete closes the panel at once and the board says if it is refused.
 */
import { useTaskWrites } from './panel-board-context.ts';
import type { PanelTask } from './panel-model.ts';
import { useFieldSave } from './use-field-save.ts';

export function TaskActions({
  task,
  canEdit,
  canAdmin,
  onDeleting,
}: {
  task: PanelTask;
  canEdit: boolean;
  canAdmin: boolean;
  /** A delete queued on the board: the panel leaves for the board at once. */
  onDeleting(): void;
}) {
  const archive = useFieldSave(task.id, 'archive');
  const remove = useFieldSave(task.id, 'delete-task');
  const queued = useTaskWrites() !== undefined;
  if (!canEdit) return task.archived_at ? <p className="badge">Archived</p> : null;
  const pending = archive.pending?.get('value');
  const archived = pending ? pending === 'true' : task.archived_at !== null;
  const error = archive.error ?? remove.error;
  return (
    <div className="task-actions">
      {archived ? <span className="badge">Archived</span> : null}
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => archive.save({ value: String(!archived) })}
        disabled={archive.busy && !archive.queued}
      >
        {archived ? 'Restore' : 'Archive'}
      </button>
      {archived && canAdmin ? (
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.busy}
          onClick={() => {
            if (!window.confirm(`Delete #${task.number} “${task.title}” and its files for good?`)) return;
            remove.save({});
            if (queued) onDeleting();
          }}
        >
          Delete task
        </button>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
