/** @module features/board/due-date — a due date (`YYYY-MM-DD`) for a card: short, in the reader's locale, overdue or not. */
import { isoDay, isUsEnglish, readerLocale, usShortDate } from '../../lib/plain-english.ts';

// Building an Intl.DateTimeFormat is not free and a large board would build one per card in its server render,
// so each distinct one is built once (the cost is in decision 174).
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formats.set(key, found);
  }
  return found;
}

/** Today as `YYYY-MM-DD` in the given zone (the browser's by default). */
export function today(timeZone?: string, now = new Date()): string {
  // UTC and the machine's own zone need no Intl (decision 129); en-CA writes dates as YYYY-MM-DD.
  if (timeZone === undefined || timeZone === 'UTC') return isoDay(now, timeZone ?? 'local');
  return format('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function isOverdue(dueOn: string, todayIso: string): boolean {
  return dueOn < todayIso;
}

/** Due today or tomorrow: soon enough for the card to say so. */
export function isDueSoon(dueOn: string, todayIso: string): boolean {
  const [year, month, day] = todayIso.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  return dueOn >= todayIso && dueOn <= tomorrow;
}

/**
 * "Nov 21" in en-US, "21. Nov." in de-DE; the year only when it is not the current one. No locale means the
 * reader's; US English is written without Intl (decision 129).
 */
export function formatDue(dueOn: string, locale: string | undefined, todayIso: string): string {
  const [year, month, day] = dueOn.split('-').map(Number) as [number, number, number];
  const sameYear = dueOn.slice(0, 4) === todayIso.slice(0, 4);
  if (isUsEnglish(locale ?? readerLocale())) return usShortDate(year, month, day, !sameYear);
  return format(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}
