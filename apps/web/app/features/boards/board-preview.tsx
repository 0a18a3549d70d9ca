/**
 * @module features/boards/board-preview — the board as plain server-rendered lists: columns with their task
 * cards. The interactive board (drag and drop, realtime, presence) replaces this component in its own feature.
 */
import { Avatar } from '#app/components/avatar.tsx';

export interface PreviewTask {
  id: string;
  number: number;
  title: string;
  columnId: string;
  assignee: { name: string; avatarPath: string | null } | null;
}

export interface PreviewColumn {
  id: string;
  name: string;
}

export function BoardPreview({ columns, tasks }: { columns: PreviewColumn[]; tasks: PreviewTask[] }) {
  if (columns.length === 0) {
    return (
      <div className="empty-state">
        <p>This board has no columns yet.</p>
      </div>
    );
  }
  return (
    <ol className="preview-columns" aria-label="Columns">
      {columns.map((column) => {
        const inColumn = tasks.filter((task) => task.columnId === column.id);
        return (
          <li key={column.id} className="preview-column" aria-labelledby={`column-${column.id}`}>
            <h2 id={`column-${column.id}`}>
              {column.name} <span className="badge">{inColumn.length}</span>
            </h2>
            <ol className="task-list">
              {inColumn.map((task) => (
                <li key={task.id} className="task-card">
                  <span>{task.title}</span>
                  <span className="meta">
                    #{task.number}
                    {task.assignee ? (
                      <Avatar name={task.assignee.name} path={task.assignee.avatarPath} size={24} />
                    ) : null}
                  </span>
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}
