/**
 * @module routes/unsubscribe — `/unsubscribe?token=…`: the page a notification email's unsubscribe link opens,
 * signed in or not (decision 075). The GET asks; only the POST changes a preference.
 */
import { CardPage } from '#app/components/card-page.tsx';
import { confirmUnsubscribe, readUnsubscribeLink } from '#app/features/account/unsubscribe.server.ts';
import { UnsubscribeCard } from '#app/features/account/unsubscribe-card.tsx';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/unsubscribe.ts';

export const meta: Route.MetaFunction = () => [
  { title: 'Unsubscribe · Lanes' },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request }: Route.LoaderArgs) {
  return readUnsubscribeLink(new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmUnsubscribe(getSupabase(context).client, request);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CardPage>
      <UnsubscribeCard view={loaderData} done={actionData} />
    </CardPage>
  );
}
