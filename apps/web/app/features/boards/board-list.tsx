/** @module features/boards/board-list — a workspace's boards; archived ones only when asked for. */
import { Link } from 'react-router';

export interface BoardSummary {
  id: string;
  name: string;
  description: string;
  archived: boolean;
  /** Tasks neither completed nor archived. */
  openTasks: number;
}

export function BoardList({
  slug,
  boards,
  canCreate,
}: {
  slug: string;
  boards: BoardSummary[];
  canCreate: boolean;
}) {
  if (boards.length === 0) {
    return (
      <div className="empty-state">
        <p>{canCreate ? 'No boards yet. Create the first one below.' : 'No boards yet.'}</p>
      </div>
    );
  }
  return (
    <ul className="card-grid" aria-label="Boards">
      {boards.map((board) => (
        <li key={board.id}>
          <Link to={`/w/${slug}/b/${board.id}`} className="card-link">
            <strong>{board.name}</strong>
            {board.description ? <span className="meta">{board.description}</span> : null}
            <span className="meta">
              {board.openTasks} open {board.openTasks === 1 ? 'task' : 'tasks'}
            </span>
            {board.archived ? <span className="badge">Archived</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
