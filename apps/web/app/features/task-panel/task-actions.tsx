/**
 * @module features/task-panel/task-actions — archive and restore (members and up), and deleting an archived
 * task for good (admins and owners; its files go with it).
 */
import type { PanelTask } from './panel-model.ts';
import { useFieldSave } from './use-field-save.ts';

export function TaskActions({
  task,
  canEdit,
  canAdmin,
}: {
  task: PanelTask;
  canEdit: boolean;
  canAdmin: boolean;
}) {
  const archive = useFieldSave(task.id, 'archive');
  const remove = useFieldSave(task.id, 'delete-task');
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
        disabled={archive.busy}
      >
        {archived ? 'Restore' : 'Archive'}
      </button>
      {archived && canAdmin ? (
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.busy}
          onClick={() => {
            if (window.confirm(`Delete #${task.number} “${task.title}” and its files for good?`))
              remove.save({});
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
