/**
 * @module routes/app/task-file — `/w/:slug/b/:boardId/t/:taskId/files/:attachmentId`: one attachment's download.
 * Signs a one-minute URL at the moment of the click and redirects to it, so links on a page left open for hours
 * never go stale and no long-lived URL to a private file is ever in the HTML. 404 unless the user may read it.
 */
import { getAttachmentUrl } from '@lanes/data/attachments/get-attachment-url';
import { listAttachments } from '@lanes/data/attachments/list-attachments';
import { redirect } from 'react-router';
import { notFound, toRouteError } from '../../lib/http.server.ts';
import { requireUser } from '../../lib/supabase.server.ts';
import type { Route } from './+types/task-file.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    const file = (await listAttachments(client, { taskId: params.taskId })).find(
      (a) => a.id === params.attachmentId,
    );
    if (!file) notFound();
    const { url } = await getAttachmentUrl(client, {
      objectPath: file.object_path,
      fileName: file.file_name,
      // The download itself, never the thumbnails: those are signed with the panel.
      mimeType: 'application/octet-stream',
      expiresIn: 60,
    });
    return redirect(url);
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}
