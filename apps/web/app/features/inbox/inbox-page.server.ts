/**
 * @module features/inbox/inbox-page.server — reads one page of `/inbox` (50 rows, one more to know whether
 * there are older ones) and runs its form ("Mark all read").
 */
import type { LanesClient } from '@lanes/data/client';
import { listNotifications } from '@lanes/data/notifications/list-notifications';
import { markAllNotificationsRead } from '@lanes/data/notifications/mark-all-notifications-read';
import { readIntent, succeeded, unknownIntent } from '#app/lib/action-result.ts';
import type { InboxPage } from './inbox-list.tsx';
import { groupByTask } from './inbox-model.ts';

export const INBOX_PAGE_SIZE = 50;

export async function readInboxPage(client: LanesClient, url: URL, signal?: AbortSignal): Promise<InboxPage> {
  const show = url.searchParams.get('show') === 'unread' ? 'unread' : 'all';
  const rawBefore = url.searchParams.get('before');
  // A hand-edited `before` that is not a time is ignored rather than answered with an error page.
  const before = rawBefore && !Number.isNaN(Date.parse(rawBefore)) ? rawBefore : undefined;
  const rows = await listNotifications(
    client,
    {
      unreadOnly: show === 'unread',
      limit: INBOX_PAGE_SIZE + 1,
      before,
    },
    signal,
  );
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  return {
    show,
    groups: groupByTask(page),
    olderBefore: rows.length > INBOX_PAGE_SIZE ? page[page.length - 1]!.updated_at : null,
    paged: before !== undefined,
    now: Date.now(),
  };
}

export async function inboxAction(client: LanesClient, form: FormData) {
  const intent = readIntent(form, ['mark-all-read']);
  if (!intent) return unknownIntent('mark-all-read');
  const { marked } = await markAllNotificationsRead(client);
  return succeeded(intent, {
    done: marked === 1 ? '1 notification marked read.' : `${marked} notifications marked read.`,
  });
}
