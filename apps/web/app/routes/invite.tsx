/**
 * @module routes/invite — `/invite/:token`: the emailed invitation, server-rendered for anyone holding the link;
 * accept leads into the workspace. Unknown tokens are a 404, used ones a 410 page that says why.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CardPage } from '#app/components/card-page.tsx';
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx';
import { answerInvitation, loadInvitation } from '#app/features/invitations/invitation.server.ts';
import { InvitationCard, UnknownInvitation } from '#app/features/invitations/invitation-card.tsx';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/invite.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Join ${loaderData.workspaceName} · Lanes` : 'Invitation · Lanes' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { client, user } = getSupabase(context);
  return loadInvitation(client, user, params.token);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { client, user } = getSupabase(context);
  return answerInvitation(client, user, params.token, await request.formData());
}

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CardPage>
      <InvitationCard view={loaderData} answer={actionData} />
    </CardPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <CardPage>
      {isRouteErrorResponse(error) && error.status === 404 ? <UnknownInvitation /> : <GeneralErrorBoundary />}
    </CardPage>
  );
}
