/**
 * @module features/account/unsubscribe-card — what the `/unsubscribe` page says: which emails stop, a button to
 * stop them, then what changed. Works without JavaScript (a plain form).
 */
import type { NotificationKind } from '@lanes/shared/constants';
import { Form, Link } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { KIND_LABELS } from './notification-choices.ts';
import type { UnsubscribeDone, UnsubscribeView } from './unsubscribe.server.ts';

/** "emails for “Someone mentions me”", or the digest. */
function emailsOf(scope: string): string {
  if (scope === 'digest') return 'the daily digest email';
  const label = KIND_LABELS[scope as NotificationKind];
  return label ? `emails for “${label}”` : 'these emails';
}

const INVALID = (
  <>
    <h1>This link does not work</h1>
    <p>
      It may have been cut short, or it is from an old email. You can choose which emails you get in your{' '}
      <Link to="/account#notifications">account’s notification settings</Link>.
    </p>
  </>
);

export function UnsubscribeCard({
  view,
  done,
}: {
  view: UnsubscribeView;
  done: UnsubscribeDone | undefined;
}) {
  if (done?.ok) {
    return (
      <>
        <h1>Unsubscribed</h1>
        <p role="status">
          You will no longer get {emailsOf(done.scope)}. These notifications stay in your Lanes inbox.
        </p>
        <p>
          Change this any time in your <Link to="/account#notifications">notification settings</Link>.
        </p>
      </>
    );
  }
  if (view.state === 'invalid' || done?.errors?.code === 'VALIDATION') return INVALID;
  return (
    <>
      <h1>Stop these emails?</h1>
      <p>You will no longer get {emailsOf(view.scope)}. The notifications stay in your Lanes inbox.</p>
      {done?.errors ? <p role="alert">{done.errors.form}</p> : null}
      <Form method="post">
        <input type="hidden" name="token" value={view.token} />
        <Button type="submit">Unsubscribe</Button>
      </Form>
    </>
  );
}
