/**
 * @module delete-account — deletes the caller's account: `delete_account_prepare` refuses with LAST_OWNER or
 * deletes the workspaces only they belong to (one transaction); their files go next; then the auth user,
 * whose profile and memberships follow by cascade.
 */
import { BUCKETS } from '@lanes/shared/constants.ts';
import { LanesError } from '@lanes/shared/errors.ts';
import { type Client, callerClient, requireUser, serviceClient } from '../_shared/clients.ts';
import { dbError } from '../_shared/db-error.ts';
import { json, serve } from '../_shared/http.ts';

serve(async (req) => {
  const user = await requireUser(req, callerClient(req));
  const admin = serviceClient();
  const { data, error } = await admin.rpc('delete_account_prepare', { user_id: user.id });
  if (error) throw lastOwner(error) ?? dbError(error);
  const deletedWorkspaceIds = (data ?? []) as string[];

  // Files are not rows: remove those of the deleted workspaces and the avatar folder. A failure here
  // leaves orphaned files, never a half-deleted account, so it is logged and the deletion goes on.
  for (const workspaceId of deletedWorkspaceIds) await removeFolder(admin, BUCKETS.attachments, workspaceId);
  await removeFolder(admin, BUCKETS.avatars, user.id);

  const deleted = await admin.auth.admin.deleteUser(user.id);
  if (deleted.error) throw dbError({ message: deleted.error.message });
  return json(200, { deletedWorkspaceIds });
});

/**
 * LAST_OWNER names the workspaces to hand over first (the check's `detail`: "Transfer ownership first: Acme,
 * Globex."), so the account page can say which ones.
 */
function lastOwner(error: { message?: string; details?: string | null }): LanesError | null {
  if (error.message !== 'LAST_OWNER') return null;
  const names = /first: (.*)\.$/.exec(error.details ?? '')?.[1];
  const workspaces = names ? names.split(', ') : [];
  if (workspaces.length === 0) return new LanesError('LAST_OWNER');
  return new LanesError('LAST_OWNER', {
    message: `You are the only owner of ${workspaces.join(', ')}, where others are members. Make one of them an owner (or delete the workspace) first.`,
    details: { workspaces },
  });
}

/** Removes every object under `prefix/` (two levels for attachments: task/uuid/file). */
async function removeFolder(admin: Client, bucket: string, prefix: string): Promise<void> {
  try {
    const paths = await listRecursively(admin, bucket, prefix);
    for (let i = 0; i < paths.length; i += 100) {
      const { error } = await admin.storage.from(bucket).remove(paths.slice(i, i + 100));
      if (error) console.error(`could not remove files under ${bucket}/${prefix}`, error);
    }
  } catch (error) {
    console.error(`could not list files under ${bucket}/${prefix}`, error);
  }
}

async function listRecursively(admin: Client, bucket: string, prefix: string): Promise<string[]> {
  const { data, error } = await admin.storage.from(bucket).list(prefix, { limit: 1000 });
  if (error) throw error;
  const paths: string[] = [];
  for (const entry of data) {
    const path = `${prefix}/${entry.name}`;
    // Folders come back without an id.
    if (entry.id === null) paths.push(...(await listRecursively(admin, bucket, path)));
    else paths.push(path);
  }
  return paths;
}
