/**
 * @module features/invitations/invitation-card — the invitation page: who invites you where, as what; then, by
 * who is looking and the invitation's state, accept/decline, sign in or up first, switch account, or why not.
 */
import type { InvitationStatus } from '@lanes/shared/constants';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '#app/components/button.tsx';
import type { InvitationAnswer, InvitationView } from './invitation.server.ts';

const ROLE_NAMES = { admin: 'an admin', member: 'a member', viewer: 'a viewer' } as const;

/** Why an invitation that is not pending can't be used, and what to do about it. */
const CLOSED: Record<Exclude<InvitationStatus, 'pending'>, { title: string; body: string }> = {
  accepted: {
    title: 'This invitation has already been accepted',
    body: 'Each invitation link works once. If it was you, open the workspace from your workspaces.',
  },
  declined: {
    title: 'This invitation was declined',
    body: 'If you changed your mind, ask for a new invitation.',
  },
  revoked: {
    title: 'This invitation was withdrawn',
    body: 'An admin of the workspace revoked it. Ask them for a new one if you still need access.',
  },
  expired: {
    title: 'This invitation has expired',
    body: 'Invitations work for 7 days. Ask for a new one.',
  },
};

export function InvitationCard({
  view,
  answer,
}: {
  view: InvitationView;
  answer: InvitationAnswer | undefined;
}) {
  const navigation = useNavigation();
  const pending = (intent: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const next = encodeURIComponent(`/invite/${view.token}`);
  const inviter = view.inviterName ?? 'Someone';
  const closed = view.status === 'pending' ? null : CLOSED[view.status];

  if (answer?.ok && answer.intent === 'decline') {
    return (
      <section aria-labelledby="invite-title" role="status">
        <h1 id="invite-title">Invitation declined</h1>
        <p>
          You declined to join {view.workspaceName}. {inviter} can invite you again if you change your mind.
        </p>
        <p>
          <Link to="/w">Go to your workspaces</Link>
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="invite-title">
      <p className="eyebrow">Invitation</p>
      <h1 id="invite-title">Join {view.workspaceName}</h1>
      <p>
        <strong>{inviter}</strong> invited you to join <strong>{view.workspaceName}</strong> on Lanes as{' '}
        {ROLE_NAMES[view.role]}.
      </p>
      {closed ? (
        <div className="form-error" role="alert">
          <p>
            <strong>{closed.title}.</strong> {closed.body}
          </p>
        </div>
      ) : answer?.errors ? (
        <div className="form-error" role="alert" tabIndex={-1}>
          <p>{answer.errors.form}</p>
          {answer.slug ? (
            <p>
              <Link to={`/w/${answer.slug}`}>Open {view.workspaceName}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {closed ? (
        <p>
          <Link to="/w">Go to your workspaces</Link>
        </p>
      ) : view.viewer === 'signed-out' ? (
        <>
          <p>Sign in or create an account with the email address this invitation was sent to.</p>
          <div className="actions">
            <Link className="btn btn-primary" to={`/sign-in?next=${next}`}>
              Sign in to accept
            </Link>
            <Link className="btn btn-secondary" to={`/sign-up?next=${next}`}>
              Create an account
            </Link>
          </div>
        </>
      ) : view.viewer === 'other' ? (
        <>
          <div className="form-error" role="alert">
            <p>
              This invitation was sent to a different email address than yours ({view.myEmail}). Sign in with
              the invited address to accept it.
            </p>
          </div>
          <Form method="post" className="actions">
            <Button name="intent" value="switch" pending={pending('switch')}>
              Sign out and switch account
            </Button>
          </Form>
        </>
      ) : (
        <Form method="post" className="actions">
          <Button name="intent" value="accept" pending={pending('accept')}>
            Accept and join
          </Button>
          <Button variant="secondary" name="intent" value="decline" pending={pending('decline')}>
            Decline
          </Button>
        </Form>
      )}
    </section>
  );
}

/** The 404 for a link that matches no invitation (mistyped, truncated, or made up). */
export function UnknownInvitation() {
  return (
    <section className="empty-state" aria-labelledby="invite-missing-title">
      <p className="eyebrow">404</p>
      <h1 id="invite-missing-title">This invitation link is not valid</h1>
      <p>Check that you opened the whole link from the email, or ask for a new invitation.</p>
      <p>
        <Link to="/">Go to Lanes</Link>
      </p>
    </section>
  );
}
