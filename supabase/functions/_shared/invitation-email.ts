/** @module _shared/invitation-email — the invitation email: who invites, to which workspace, and the link. */
import { PATHS } from '@lanes/shared/constants.ts';
import { type Email, escapeHtml } from './email.ts';

export function invitationEmail(options: {
  to: string;
  token: string;
  workspaceName: string;
  inviterName: string;
  role: string;
  /** The app's address (`invitationSiteUrl`). */
  siteUrl: string;
}): Email {
  const link = new URL(PATHS.invite(options.token), options.siteUrl).href;
  const who = `${options.inviterName} invited you to join ${options.workspaceName} on Lanes as ${options.role}.`;
  return {
    to: options.to,
    subject: `Join ${options.workspaceName} on Lanes`,
    text: `${who}\n\nAccept or decline the invitation: ${link}\n\nThe link works for 7 days.`,
    html: `<p>${escapeHtml(who)}</p><p><a href="${escapeHtml(link)}">Accept or decline the invitation</a></p><p>The link works for 7 days.</p>`,
  };
}
