/**
 * @module routes/app/inbox — `/inbox`: the signed-in user's notifications grouped by task, newest first,
 * unread or all, 50 a page, "Mark all read". Server-rendered; the bell's live channel reloads it when
 * something new arrives (decision 180).
 */
import { useNavigation } from 'react-router';
import { FormNotice } from '#app/components/form-error.tsx';
import inboxCss from '#app/features/inbox/inbox.css?inline';
import { InboxList } from '#app/features/inbox/inbox-list.tsx';
import { inboxAction, readInboxPage } from '#app/features/inbox/inbox-page.server.ts';
import { toRouteError } from '#app/lib/http.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/inbox.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Inbox · Lanes' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    return await readInboxPage(client, new URL(request.url), request.signal);
  } catch (error) {
    toRouteError(error, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { client } = requireUser(request, context);
  try {
    return await inboxAction(client, await request.formData());
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className="inbox-page" aria-labelledby="inbox-title">
      <style href="inbox-css" precedence="default">
        {inboxCss}
      </style>
      <div className="section-head">
        <h1 id="inbox-title">Inbox</h1>
      </div>
      <FormNotice>{actionData?.done ? <p>{actionData.done}</p> : null}</FormNotice>
      <InboxList page={loaderData} pending={navigation.state === 'submitting'} />
    </section>
  );
}
