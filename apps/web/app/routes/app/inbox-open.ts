/**
 * @module routes/app/inbox-open — `/inbox/:notificationId`: each inbox entry's link. Marks the notification
 * read and sends the reader to its task's panel (or the workspace), so it works without JavaScript and opens
 * in a new tab like any link. A notification that is gone, or another person's, is a 404.
 */
import { openNotification } from '@lanes/data/notifications/open-notification';
import { redirect } from 'react-router';
import { toRouteError } from '#app/lib/http.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/inbox-open.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    const to = await openNotification(client, { notificationId: params.notificationId });
    if (to.workspaceSlug && to.boardId && to.taskId) {
      throw redirect(`/w/${to.workspaceSlug}/b/${to.boardId}/t/${to.taskId}`);
    }
    throw redirect(to.workspaceSlug ? `/w/${to.workspaceSlug}` : '/w');
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}
