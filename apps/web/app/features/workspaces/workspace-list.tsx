/** @module features/workspaces/workspace-list — the workspaces I belong to, with my role in each. */
import { Link } from 'react-router';

export interface WorkspaceSummary {
  id: string;
  slug: string;
  name: string;
  role: string;
}

export function WorkspaceList({ workspaces }: { workspaces: WorkspaceSummary[] }) {
  if (workspaces.length === 0) {
    return (
      <div className="empty-state">
        <p>You are not in any workspace yet. Create one below, or ask a teammate to invite you.</p>
      </div>
    );
  }
  return (
    <ul className="card-grid" aria-label="Your workspaces">
      {workspaces.map((workspace) => (
        <li key={workspace.id}>
          <Link to={`/w/${workspace.slug}`} className="card-link">
            <strong>{workspace.name}</strong>
            <span className="meta">
              /w/{workspace.slug} · <span className="badge">{workspace.role}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
