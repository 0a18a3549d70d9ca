/**
 * @module routes/app/task-file — `/w/:slug/b/:boardId/t/:taskId/files/:attachmentId`: one attachment's bytes.
 * Signs a short-lived Storage URL at the moment it is asked for and redirects to it: the download (one minute),
 * or with `?w=320|640` an image's thumbnail through the transform endpoint (one hour, and the browser may keep
 * the redirect for 50 minutes). No URL to a private file is ever in the HTML, a page left open all day never
 * holds a stale link, and the panel's render signs nothing. 404 unless the user may read the file.
 */
import { getAttachmentUrl } from '@lanes/data/attachments/get-attachment-url';
import { listAttachments } from '@lanes/data/attachments/list-attachments';
import { signThumbnails } from '@lanes/data/attachments/sign-thumbnails';
import { redirect } from 'react-router';
import { notFound, toRouteError } from '#app/lib/http.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/task-file.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    const file = (await listAttachments(client, { taskId: params.taskId }, request.signal)).find(
      (a) => a.id === params.attachmentId,
    );
    if (!file) notFound();
    const width = new URL(request.url).searchParams.get('w');
    if (width !== null) {
      if (!file.mime_type.startsWith('image/')) notFound();
      const signed = await signThumbnails(client, { objectPaths: [file.object_path], widths: [width] });
      const url = Object.values(signed[file.object_path] ?? {})[0];
      if (!url) notFound();
      return redirect(url, { headers: { 'Cache-Control': 'private, max-age=3000' } });
    }
    const { url } = await getAttachmentUrl(client, {
      objectPath: file.object_path,
      fileName: file.file_name,
      // The download itself, never the thumbnails (asked for with `?w=`).
      mimeType: 'application/octet-stream',
      expiresIn: 60,
    });
    return redirect(url);
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}
