/** @module invitations/columns — the invitation columns the app reads: never the token hash. */
export const INVITATION_COLUMNS =
  'id, workspace_id, email, role, status, invited_by, expires_at, responded_at, accepted_by, created_at';
