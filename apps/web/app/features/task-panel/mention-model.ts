/**
 * @module features/task-panel/mention-model — the text work behind the mention combobox (decision 181): where
 * an `@handle` is being typed, which members match it, putting a picked one in, and turning picked handles into
 * the stored `@[uuid]` form (decision 073) on the way to the server and back into handles for editing.
 */
import { mentionReference } from '@lanes/shared/mentions';

export interface MentionPerson {
  id: string;
  name: string;
  avatarPath: string | null;
  handle: string;
}

export interface MentionTrigger {
  /** Index of the `@`. */
  start: number;
  /** What follows it up to the caret. */
  query: string;
}

// The same shape the database resolves: not after a word character or `@ [ ] / .` (emails, URLs).
const HANDLE_CHARS = /^[A-Za-z0-9_.%+-]*$/;
const BEFORE_AT = /[\w@[\]/.]/;

/** The `@handle` being typed at `caret`, or null (no `@`, or inside an email address or a URL). */
export function findTrigger(text: string, caret: number): MentionTrigger | null {
  const at = text.lastIndexOf('@', caret - 1);
  if (at < 0) return null;
  const query = text.slice(at + 1, caret);
  if (query.length > 64 || !HANDLE_CHARS.test(query)) return null;
  if (at > 0 && BEFORE_AT.test(text[at - 1]!)) return null;
  return { start: at, query };
}

/** Handles starting with the query first, then names containing it; at most `limit`. */
export function matchPeople(people: MentionPerson[], query: string, limit = 8): MentionPerson[] {
  const q = query.toLowerCase();
  const starts = people.filter(
    (p) => p.handle.toLowerCase().startsWith(q) || p.name.toLowerCase().startsWith(q),
  );
  const contains = people.filter(
    (p) => !starts.includes(p) && (p.handle.toLowerCase().includes(q) || p.name.toLowerCase().includes(q)),
  );
  return [...starts, ...contains].slice(0, limit);
}

/** The text with `@query` replaced by `@handle ` and where the caret goes. */
export function insertPick(text: string, trigger: MentionTrigger, caret: number, handle: string) {
  const inserted = `@${handle} `;
  return {
    text: text.slice(0, trigger.start) + inserted + text.slice(caret),
    caret: trigger.start + inserted.length,
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every `@handle` the person picked from the list becomes `@[uuid]`, so two members with the same handle on
 * different domains are told apart; typed handles are left for the database to resolve.
 */
export function toReferences(text: string, picked: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [handle, userId] of picked) {
    const pattern = new RegExp(
      `(^|[^\\w@[\\]/.])@${escapeRegExp(handle)}(?![A-Za-z0-9_%+-]|\\.[A-Za-z0-9_%+-])`,
      'g',
    );
    out = out.replace(pattern, (_, before: string) => `${before}${mentionReference(userId)}`);
  }
  return out;
}

/** Stored references back into `@handle` for editing (unknown people stay as they are). */
export function toHandles(text: string, people: MentionPerson[]): string {
  const byId = new Map(people.map((p) => [p.id, p.handle]));
  return text.replace(/@\[([0-9a-f-]{36})\]/g, (whole, id: string) => {
    const handle = byId.get(id);
    return handle ? `@${handle}` : whole;
  });
}
