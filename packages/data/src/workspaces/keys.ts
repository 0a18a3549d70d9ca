/** @module workspaces/keys — query keys for workspaces. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
  bySlug: (slug: string) => [...workspaceKeys.all, 'slug', slug] as const,
};
