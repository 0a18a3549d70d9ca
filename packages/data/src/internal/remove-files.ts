/** @module internal/remove-files — removes attachment files in batches after their rows are gone. */
import { BUCKETS } from '@lanes/shared/constants';
import type { LanesClient } from '../client.ts';
import { unwrap } from './checks.ts';

/** storage-api removes at most 1,000 keys per request; 100 keeps each request small. */
export async function removeAttachmentFiles(client: LanesClient, paths: string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += 100) {
    unwrap(await client.storage.from(BUCKETS.attachments).remove(paths.slice(i, i + 100)));
  }
}
