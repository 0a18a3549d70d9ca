/**
 * @module mentions — the stored form of a mention, `@[<user uuid>]` (decision 073). The database writes it (a
 * typed `@handle` of a member is rewritten on save); the app shows each as the person's current name.
 */

const REFERENCE = /@\[([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]/g;

/** The token the database stores for a mention of `userId`. */
export function mentionReference(userId: string): string {
  return `@[${userId}]`;
}

/**
 * Splits stored text into plain runs and mentions, in order, for rendering chips.
 * @example splitMentions('hi @[1111…]!') → [{ text: 'hi ' }, { userId: '1111…' }, { text: '!' }]
 */
export function splitMentions(text: string): ({ text: string } | { userId: string })[] {
  const parts: ({ text: string } | { userId: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ userId: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
