/**
 * @module remove-attachment-files — drains the queue of attachment files whose rows are gone (decision
 * 076): claims a batch, removes the objects through the Storage API, settles the batch (removed paths leave
 * the queue, a failed batch waits for a later try). Called by the database through pg_net, with the service
 * role key; nothing in the request says what to remove, the queue does.
 */
import { BUCKETS } from '@lanes/shared/constants.ts';
import { serviceClient } from '../_shared/clients.ts';
import { dbError } from '../_shared/db-error.ts';
import { json, serve } from '../_shared/http.ts';
import { requireServiceRole } from '../_shared/service-role.ts';

/** Storage removes at most 1,000 paths per call; smaller batches keep one failure's retry small. */
const BATCH = 100;
/** Bounds one call's work; what is left is asked for again by the next call or the schedule. */
const MAX_BATCHES = 20;

serve(async (req) => {
  requireServiceRole(req);
  const admin = serviceClient();
  let removed = 0;
  let failed = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const claimed = await admin.rpc('claim_attachment_file_removals', { batch_size: BATCH });
    if (claimed.error) throw dbError(claimed.error);
    const paths = claimed.data ?? [];
    if (paths.length === 0) break;
    // A path with no object is no error: storage-api answers with the objects it did remove.
    const { error } = await admin.storage.from(BUCKETS.attachments).remove(paths);
    const settled = await admin.rpc(
      'settle_attachment_file_removals',
      error ? { failed: paths, error_message: error.message } : { removed: paths },
    );
    if (settled.error) throw dbError(settled.error);
    if (error) {
      console.error('could not remove attachment files', error);
      failed += paths.length;
      break;
    }
    removed += paths.length;
  }
  return json(200, { removed, failed });
});
