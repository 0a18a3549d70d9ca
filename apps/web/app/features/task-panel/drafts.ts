/**
 * @module features/task-panel/drafts — unsent text of the task panel (a new comment, a description being
 * written) kept in the browser's storage per user, task and field, so Esc, closing the panel or a reload loses
 * none of it. A draft older than 30 days is dropped when read. Decision 194.
 */

/** The part of `Storage` drafts use (tests pass a Map-backed one). */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type DraftField = 'comment' | 'description';

const PREFIX = 'lanes:draft:v1';
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export function draftKey(userId: string, taskId: string, field: DraftField): string {
  return `${PREFIX}:${userId}:${taskId}:${field}`;
}

/** The kept text, or null when there is none, it is too old (then it is removed) or unreadable. */
export function readDraft(store: DraftStore | null, key: string, now = Date.now()): string | null {
  if (!store) return null;
  try {
    const value: unknown = JSON.parse(store.getItem(key) ?? 'null');
    if (!isDraft(value)) return null;
    if (now - value.at > DRAFT_MAX_AGE_MS) {
      store.removeItem(key);
      return null;
    }
    return value.text;
  } catch {
    return null;
  }
}

/** Keeps the text (an empty text removes the draft). A full or disabled storage only means no draft. */
export function keepDraft(store: DraftStore | null, key: string, text: string, now = Date.now()): void {
  if (!store) return;
  try {
    if (text.trim() === '') store.removeItem(key);
    else store.setItem(key, JSON.stringify({ text, at: now }));
  } catch {
    // Storage full or refused: the text is still on screen, only not kept.
  }
}

export function dropDraft(store: DraftStore | null, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // As above.
  }
}

/** The browser's storage, or none (on the server, or when the browser refuses it). */
export function browserDrafts(): DraftStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isDraft(value: unknown): value is { text: string; at: number } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.text === 'string' && typeof v.at === 'number';
}
