/** @module lib/load-workspace.server — the workspace behind `/w/:slug` and my role in it, or 404. */
import type { LanesClient } from '@lanes/data/client';
import { listWorkspaces } from '@lanes/data/workspaces/list-workspaces';
import type { Role } from '@lanes/shared/constants';
import { LanesError } from '@lanes/shared/errors';

export interface WorkspaceContext {
  id: string;
  slug: string;
  name: string;
  role: Role;
}

// One client per request: the layout and the page below it share one lookup instead of making two.
const perRequest = new WeakMap<LanesClient, Map<string, Promise<WorkspaceContext>>>();

/**
 * Looked up among MY workspaces (one request that also yields my role); anything else is NOT_FOUND. The
 * loaders sharing the lookup serve one request, so the first one's `signal` stands for all of them.
 */
export function loadWorkspace(
  client: LanesClient,
  slug: string,
  signal?: AbortSignal,
): Promise<WorkspaceContext> {
  const cache = perRequest.get(client) ?? new Map<string, Promise<WorkspaceContext>>();
  perRequest.set(client, cache);
  const pending = cache.get(slug) ?? lookup(client, slug, signal);
  cache.set(slug, pending);
  return pending;
}

async function lookup(client: LanesClient, slug: string, signal?: AbortSignal): Promise<WorkspaceContext> {
  const found = (await listWorkspaces(client, signal)).find((workspace) => workspace.slug === slug);
  if (!found) throw new LanesError('NOT_FOUND');
  return { id: found.id, slug: found.slug, name: found.name, role: found.role };
}
