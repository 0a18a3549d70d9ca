/** @module features/task-panel/activity-list — what happened to the task, in plain words, newest first. */
import type { ActivityEntry } from '@lanes/data/activity/list-task-activity';
import { RelativeTime } from './relative-time.tsx';

/** One activity row as a sentence after the actor's name: "moved it from To do to Done". */
export function describeActivity(
  entry: Pick<ActivityEntry, 'kind' | 'data'>,
  columns: Record<string, string>,
) {
  const column = (id: unknown) => (typeof id === 'string' && columns[id]) || 'another column';
  switch (entry.kind) {
    case 'task_created':
      return 'created this task';
    case 'task_moved':
      return `moved it from ${column(entry.data.from_column_id)} to ${column(entry.data.to_column_id)}`;
    case 'task_completed':
      return 'completed it';
    case 'task_reopened':
      return 'reopened it';
    case 'task_archived':
      return 'archived it';
    case 'task_restored':
      return 'restored it';
    case 'comment_added':
      return 'commented';
    case 'attachment_added':
      return typeof entry.data.file_name === 'string'
        ? `attached ${entry.data.file_name}`
        : 'attached a file';
    case 'checklist_item_added':
      return typeof entry.data.body === 'string'
        ? `added “${entry.data.body}” to ${checklistName(entry.data.checklist)}`
        : 'added a checklist item';
    case 'checklist_item_checked':
      return typeof entry.data.body === 'string' ? `checked off “${entry.data.body}”` : 'checked off an item';
    default:
      return entry.kind.replaceAll('_', ' ');
  }
}

/** "the checklist" for the default one, "the Launch checklist" for a named one. */
function checklistName(name: unknown) {
  return typeof name === 'string' && name !== 'Checklist' ? `the ${name} checklist` : 'the checklist';
}

export function ActivityList({
  entries,
  columns,
}: {
  entries: ActivityEntry[];
  columns: Record<string, string>;
}) {
  return (
    <section className="panel-section" aria-labelledby="task-activity-title">
      <h3 id="task-activity-title">Activity</h3>
      {entries.length === 0 ? (
        <p className="panel-empty">Nothing has happened here yet.</p>
      ) : (
        <ol className="activity-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.actor?.display_name ?? 'Someone'}</strong> {describeActivity(entry, columns)}{' '}
              <span className="panel-muted">
                · <RelativeTime iso={entry.created_at} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
