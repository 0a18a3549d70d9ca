/** @module members/keys — query keys for workspace members. */
export const memberKeys = {
  all: ['members'] as const,
  list: (workspaceId: string) => [...memberKeys.all, workspaceId] as const,
};
