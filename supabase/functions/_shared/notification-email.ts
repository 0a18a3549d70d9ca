/**
 * @module _shared/notification-email — what a notification email says: one notification (sent at once) or a
 * person's digest, in plain text and HTML, each with a link to the task and a one-click unsubscribe
 * (RFC 8058 headers) for the one kind it is about, or for the digest (decision 075).
 */
import { PATHS } from '@lanes/shared/constants.ts';
import { type Email, escapeHtml } from './email.ts';
import { env } from './env.ts';

/** One notification as `claim_notification_emails` describes it. */
export interface NotificationItem {
  id: string;
  kind: string;
  data: Record<string, unknown>;
  actor: string | null;
  task_id: string | null;
  task_title: string | null;
  board_id: string | null;
  workspace_slug: string | null;
  workspace_name: string | null;
}

/** A claimed outbox row. */
export interface ClaimedEmail {
  kind: 'instant' | 'digest';
  idempotency_key: string;
  email: string;
  display_name: string;
  unsubscribe_token: string;
  items: NotificationItem[];
}

/** One line about a notification, e.g. "Ana mentioned you on Ship the beta". */
export function describe(item: NotificationItem): string {
  const who = item.actor ?? 'Someone';
  const task = item.task_title ?? 'a task';
  const workspace = String(item.data.workspace_name ?? item.workspace_name ?? 'a workspace');
  const count = Number(item.data.count ?? 1);
  switch (item.kind) {
    case 'assigned':
      return `${who} assigned you ${task}`;
    case 'mentioned':
      return `${who} mentioned you on ${task}`;
    case 'commented':
      return count > 1 ? `${count} new comments on ${task}` : `${who} commented on ${task}`;
    case 'completed':
      return `${who} completed ${task}`;
    case 'created':
      return `${who} added ${task} to a board you watch`;
    case 'due_soon':
      return `${task} is due tomorrow (${String(item.data.due_on)})`;
    case 'overdue':
      return `${task} is overdue (was due ${String(item.data.due_on)})`;
    case 'invited':
      return `${who} invited you to join ${workspace}`;
    case 'role_changed':
      return `Your role in ${workspace} is now ${String(item.data.to)}`;
    case 'removed':
      return `You were removed from ${workspace}`;
    default:
      return `${who}: ${item.kind}`;
  }
}

/** Where the notification leads: the task, else the workspace list. */
export function linkOf(item: NotificationItem): string {
  const path =
    item.task_id && item.board_id && item.workspace_slug
      ? PATHS.task(item.workspace_slug, item.board_id, item.task_id)
      : '/w';
  return new URL(path, env().LANES_SITE_URL).href;
}

const KIND_NAMES: Record<string, string> = {
  assigned: 'assignments',
  mentioned: 'mentions',
  commented: 'comments',
  completed: 'completed tasks',
  created: 'new tasks on boards you watch',
  due_soon: 'due-date reminders',
  overdue: 'overdue reminders',
  invited: 'invitations',
  role_changed: 'role changes',
  removed: 'removals',
};

export function notificationEmail(claimed: ClaimedEmail, scope: string): Email {
  const page = new URL(PATHS.unsubscribe(claimed.unsubscribe_token), env().LANES_SITE_URL).href;
  const oneClick = new URL('/functions/v1/unsubscribe', env().SUPABASE_URL);
  oneClick.searchParams.set('token', claimed.unsubscribe_token);
  const what = scope === 'digest' ? 'the daily digest' : `emails about ${KIND_NAMES[scope] ?? scope}`;
  const lines = claimed.items.map((item) => ({ text: describe(item), link: linkOf(item) }));
  const digest = claimed.kind === 'digest';
  const subject = digest
    ? `Your Lanes digest: ${lines.length} update${lines.length === 1 ? '' : 's'}`
    : lines[0]!.text;
  const intro = digest
    ? `Hi ${claimed.display_name}, here is what happened on Lanes:`
    : `Hi ${claimed.display_name},`;
  const footer = `You get this email because of your notification settings. Stop ${what}: ${page}`;
  const text = [intro, '', ...lines.map((l) => `- ${l.text}\n  ${l.link}`), '', footer].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${lines.map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`,
    `<p style="color:#666;font-size:12px">You get this email because of your notification settings. <a href="${escapeHtml(page)}">Stop ${escapeHtml(what)}</a>.</p>`,
  ].join('');
  return {
    to: claimed.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick.href}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    idempotencyKey: claimed.idempotency_key,
  };
}
