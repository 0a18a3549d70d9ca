/**
 * @module features/inbox/inbox-model — the inbox's rows grouped by task (newest activity first) and each
 * notification said in a sentence, from the rows `listNotifications` answers.
 */
import type { NotificationRow } from '@lanes/shared/schemas/notification';

export interface InboxItem {
  id: string;
  unread: boolean;
  /** "Carol Chen mentioned you". */
  text: string;
  actor: { name: string; avatarPath: string | null } | null;
  updatedAt: string;
}

export interface InboxGroup {
  /** The task's id, or the notification's own id for one without a task (invited, role changes). */
  key: string;
  title: string;
  /** "#12" for a task; null otherwise. */
  number: number | null;
  unread: number;
  items: InboxItem[];
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** One sentence per kind; the actor may be gone (left the workspace), which reads "Someone". */
export function describe(row: NotificationRow): string {
  const actor = row.actor?.display_name ?? 'Someone';
  const workspace = str(row.data.workspace_name) || 'a workspace';
  switch (row.kind) {
    case 'assigned':
      return `${actor} assigned this to you`;
    case 'mentioned':
      return `${actor} mentioned you`;
    case 'commented': {
      const count = typeof row.data.count === 'number' ? row.data.count : 1;
      return count > 1 ? `${count} new comments, the latest by ${actor}` : `${actor} commented`;
    }
    case 'completed':
      return `${actor} marked this done`;
    case 'created':
      return `${actor} added this to a board you watch`;
    case 'due_soon':
      return 'Due tomorrow';
    case 'overdue':
      return 'Overdue: it was due yesterday';
    case 'invited':
      return `${actor} invited you to ${workspace} as ${str(row.data.role) || 'a member'}`;
    case 'role_changed':
      return `Your role in ${workspace} is now ${str(row.data.to)}`;
    case 'removed':
      return `You were removed from ${workspace}`;
  }
}

/** Groups keep the order of their newest row, so the list stays newest first. */
export function groupByTask(rows: NotificationRow[]): InboxGroup[] {
  const groups = new Map<string, InboxGroup>();
  for (const row of rows) {
    const key = row.task?.id ?? row.id;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        title: row.task?.title ?? (row.kind === 'invited' ? 'Invitation' : 'Workspace'),
        number: row.task?.number ?? null,
        unread: 0,
        items: [],
      };
      groups.set(key, group);
    }
    const unread = row.read_at === null;
    if (unread) group.unread += 1;
    group.items.push({
      id: row.id,
      unread,
      text: describe(row),
      actor: row.actor ? { name: row.actor.display_name, avatarPath: row.actor.avatar_path } : null,
      updatedAt: row.updated_at,
    });
  }
  return [...groups.values()];
}
