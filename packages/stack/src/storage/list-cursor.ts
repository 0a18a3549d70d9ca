/**
 * @module storage/list-cursor — storage-api's list-v2 continuation token: base64 of newline-separated
 * `k:value` lines — `l:` the last key sent, `o:` the order, `c:` the sort column, `a:` that column's
 * value (ISO, milliseconds) on the last row. The sort travels in the token, so a page asked for with a
 * cursor keeps the order of the first page whatever `sortBy` the later request carries.
 */
import { StorageError } from './errors.ts';

export type SortColumn = 'name' | 'created_at' | 'updated_at';
export type SortOrder = 'asc' | 'desc';

export interface Cursor {
  /** The name of the last row of the previous page ('' for the first page). */
  after: string;
  order?: string;
  column?: string;
  columnAfter?: string;
}

const KEYS = { l: 'after', o: 'order', c: 'column', a: 'columnAfter' } as const;

export function encodeCursor(cursor: Cursor): string {
  const lines: string[] = [];
  for (const [k, field] of Object.entries(KEYS)) {
    const value = cursor[field];
    if (value) lines.push(`${k}:${value}`);
  }
  return Buffer.from(lines.join('\n')).toString('base64');
}

export function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { after: '' };
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)$/s.exec(line);
    const field = match && KEYS[match[1] as keyof typeof KEYS];
    if (!field) throw new StorageError('InvalidParameter', 400, 'Invalid Parameter continuation token');
    cursor[field] = match[2]!;
  }
  return cursor;
}
