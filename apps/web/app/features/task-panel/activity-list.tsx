/** @module features/task-panel/activity-list — what happened to the task, in plain words, newest first. */
import type { ActivityEntry } from '@lanes/data/activity/list-task-activity';
import { describeActivity } from './activity-wording.ts';
import { RelativeTime } from './relative-time.tsx';

// The panel's tests name the wording through this module.
export { describeActivity };

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
