/**
 * @module features/archive/archive-list — a board's archived cards, each with Restore (members and up) and
 * Delete (admins and up). Delete first asks, on the page itself (`?delete=<id>`), so both work without
 * JavaScript; every button is a plain POST form.
 */

import type { ArchivedTask } from '@lanes/data/tasks/list-archived-tasks';
import { Form, Link, useNavigation } from 'react-router';

interface ArchiveListProps {
  tasks: ArchivedTask[];
  pagePath: string;
  confirming: string | null;
  canRestore: boolean;
  canDelete: boolean;
}

export function ArchiveList({ tasks, pagePath, confirming, canRestore, canDelete }: ArchiveListProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('taskId') : null;
  if (tasks.length === 0) {
    return (
      <div className="archive-empty">
        <p>No archived cards on this board.</p>
        <p>Archive a card from its menu on the board; it waits here until someone restores or deletes it.</p>
      </div>
    );
  }
  return (
    <ul className="archive-list">
      {tasks.map((task) => (
        <li key={task.id} className="archive-item" aria-labelledby={`archive-${task.id}`}>
          <div className="archive-main">
            <p className="archive-title" id={`archive-${task.id}`}>
              {task.title}
            </p>
            <p className="archive-meta">
              #{task.number} · from {task.column.name}
              {task.completed_at ? ' · done' : ''} · archived {task.archived_at.slice(0, 10)}
            </p>
          </div>
          {confirming === task.id && canDelete ? (
            <Form method="post" action={pagePath} className="archive-confirm">
              <input type="hidden" name="taskId" value={task.id} />
              <input type="hidden" name="title" value={task.title} />
              <p className="archive-warning">Delete this card, its comments and files for good?</p>
              <button type="submit" name="intent" value="delete" className="btn btn-danger btn-small">
                Delete for good
              </button>
              <Link to={pagePath} className="btn btn-quiet btn-small" replace>
                Cancel
              </Link>
            </Form>
          ) : (
            <div className="archive-actions">
              {canRestore ? (
                <Form method="post" action={pagePath}>
                  <input type="hidden" name="taskId" value={task.id} />
                  <input type="hidden" name="title" value={task.title} />
                  <button
                    type="submit"
                    name="intent"
                    value="restore"
                    className="btn btn-secondary btn-small"
                    aria-describedby={`archive-${task.id}`}
                    disabled={busy === task.id}
                  >
                    Restore
                  </button>
                </Form>
              ) : null}
              {canDelete ? (
                <Link
                  to={`${pagePath}?delete=${task.id}`}
                  className="btn btn-quiet btn-small archive-delete"
                  aria-describedby={`archive-${task.id}`}
                  replace
                >
                  Delete…
                </Link>
              ) : null}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
