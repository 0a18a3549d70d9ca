/**
 * @module features/task-panel/panel-uploads — the browser side of attaching a file: its pixel size when it is an
 * image, then `@lanes/data`'s upload through a signed upload URL with byte progress. Loaded on first use.
 */
import { uploadAttachment } from '@lanes/data/attachments/upload-attachment';
import { isLanesError } from '@lanes/shared/errors';
import type { PublicEnv } from '#app/lib/public-env.ts';
import { getBrowserClient } from '#app/lib/supabase.client.ts';

async function pixelSize(file: File): Promise<{ width?: number; height?: number }> {
  if (!file.type.startsWith('image/')) return {};
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    // Not decodable here (e.g. an SVG or HEIC): the thumbnail then keeps a fixed box.
    return {};
  }
}

/** Resolves with null when stored, or with the catalogue message of the refusal. */
export async function upload(
  env: PublicEnv,
  where: { workspaceId: string; taskId: string },
  file: File,
  onProgress: (sent: number, total: number) => void,
): Promise<string | null> {
  try {
    const size = await pixelSize(file);
    await uploadAttachment(getBrowserClient(env), { ...where, file, ...size }, onProgress);
    return null;
  } catch (error) {
    if (isLanesError(error)) return error.message;
    console.error(error);
    return 'The upload failed.';
  }
}
