/** @module invitations/keys — query keys for invitations. */
export const invitationKeys = {
  all: ['invitations'] as const,
  pending: (workspaceId: string) => [...invitationKeys.all, 'pending', workspaceId] as const,
  preview: (token: string) => [...invitationKeys.all, 'preview', token] as const,
};
