/**
 * @module features/invitations/invitation.server — `/invite/:token` on the server: what the page may show about
 * an invitation (never the invited address to anyone else), and accepting, declining or switching account.
 */
import { signOut } from '@lanes/data/account/sign-out';
import type { LanesClient } from '@lanes/data/client';
import { acceptInvitation } from '@lanes/data/invitations/accept-invitation';
import { declineInvitation } from '@lanes/data/invitations/decline-invitation';
import { previewInvitation } from '@lanes/data/invitations/preview-invitation';
import type { InvitableRole, InvitationStatus } from '@lanes/shared/constants';
import { LanesError } from '@lanes/shared/errors';
import { data, redirect } from 'react-router';
import { type ActionResult, readIntent, refused, succeeded, unknownIntent } from '#app/lib/action-result.ts';
import type { SessionUser } from '#app/lib/supabase.server.ts';

/** Who is looking: nobody signed in, the invitee, or someone signed in with another email. */
export type Viewer = 'signed-out' | 'invitee' | 'other';

export interface InvitationView {
  token: string;
  workspaceName: string;
  inviterName: string | null;
  role: InvitableRole;
  status: InvitationStatus;
  viewer: Viewer;
  /** The signed-in user's own email, to say whose account this is when it is not the invited one. */
  myEmail: string | null;
}

export const INVITATION_INTENTS = ['accept', 'decline', 'switch'] as const;
export type InvitationIntent = (typeof INVITATION_INTENTS)[number];

/** `slug`: where the workspace is, when the invitee turns out to be a member already. */
export type InvitationAnswer = ActionResult<InvitationIntent> & { slug?: string };

/** 404 for unknown or malformed tokens; the page for every other state, with 410 once it can't be used. */
export async function loadInvitation(client: LanesClient, user: SessionUser | null, token: string) {
  let preview: Awaited<ReturnType<typeof previewInvitation>>;
  try {
    preview = await previewInvitation(client, { token });
  } catch (error) {
    if (error instanceof LanesError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION')) {
      throw data({ code: 'NOT_FOUND' }, { status: 404 });
    }
    throw error;
  }
  const viewer: Viewer = !user
    ? 'signed-out'
    : user.email.toLowerCase() === preview.email.toLowerCase()
      ? 'invitee'
      : 'other';
  const view: InvitationView = {
    token,
    workspaceName: preview.workspace_name,
    inviterName: preview.inviter_name,
    role: preview.role,
    status: preview.status,
    viewer,
    myEmail: user?.email ?? null,
  };
  return data(view, { status: preview.status === 'pending' ? 200 : 410 });
}

/** Accept (into the workspace), decline, or sign out to come back with the invited account. */
export async function answerInvitation(
  client: LanesClient,
  user: SessionUser | null,
  token: string,
  form: FormData,
) {
  const intent = readIntent(form, INVITATION_INTENTS);
  if (!intent) return unknownIntent<InvitationIntent>('accept');
  const back = `/sign-in?next=${encodeURIComponent(`/invite/${token}`)}`;
  if (intent === 'switch') {
    await signOut(client);
    throw redirect(back);
  }
  if (!user) throw redirect(back);
  try {
    if (intent === 'accept') {
      const { workspace } = await acceptInvitation(client, { token });
      throw redirect(`/w/${workspace.slug}`);
    }
    await declineInvitation(client, { token });
    return succeeded(intent);
  } catch (error) {
    if (error instanceof Response || !(error instanceof LanesError)) throw error;
    if (error.code === 'NOT_FOUND' || error.code === 'VALIDATION')
      throw data({ code: 'NOT_FOUND' }, { status: 404 });
    if (error.code === 'SESSION_EXPIRED') throw redirect(back);
    if (error.code === 'UNEXPECTED') console.error(error.requestId, error.cause ?? error);
    const errors = { code: error.code, fields: {}, form: error.message };
    // A member already: the way in is what they need (the slug is theirs to know).
    if (error.code === 'ALREADY_MEMBER') {
      const { workspace_slug: slug } = await previewInvitation(client, { token });
      return refused(intent, error, { errors, slug });
    }
    return refused(intent, error, { errors });
  }
}
