/**
 * @module lib/plain-english — the few dates and times the board and the panel print, written out for US
 * English without `Intl`. The first `Intl` formatter a page builds starts up ICU, a long task on Chromium's main
 * thread (timed in decision 129): on a board with due dates that landed in the middle of hydration. Readers in any other locale still get `Intl`, after hydration; the unit tests
 * check every string here against `Intl`'s own.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The reader's language as the browser reports it (asking `Intl` for its default would start ICU). */
export function readerLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/** Whether `locale` formats as US English, as `en` does. */
export function isUsEnglish(locale: string | undefined): boolean {
  return locale !== undefined && /^en(-US)?$/i.test(locale);
}

/** "Nov 21", or "Jan 5, 2027": `Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' [, year] })`. */
export function usShortDate(year: number, month: number, day: number, withYear: boolean): string {
  const date = `${MONTHS[month - 1]} ${day}`;
  return withYear ? `${date}, ${year}` : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of `now` in UTC, or in the machine's own zone: no time-zone database needed for either. */
export function isoDay(now: Date, zone: 'UTC' | 'local'): string {
  return zone === 'UTC'
    ? now.toISOString().slice(0, 10)
    : `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The units `relativeTime` steps through. */
export type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

// What `numeric: 'auto'` says instead of a number, for US English.
const WORDS: Partial<Record<Unit, Record<number, string>>> = {
  year: { [-1]: 'last year', 0: 'this year', 1: 'next year' },
  month: { [-1]: 'last month', 0: 'this month', 1: 'next month' },
  week: { [-1]: 'last week', 0: 'this week', 1: 'next week' },
  day: { [-1]: 'yesterday', 0: 'today', 1: 'tomorrow' },
  hour: { 0: 'this hour' },
  minute: { 0: 'this minute' },
  second: { 0: 'now' },
};

/** "3 hours ago", "yesterday", "in 2 weeks": `Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })`. */
export function usRelative(value: number, unit: Unit): string {
  const word = WORDS[unit]?.[value];
  if (word) return word;
  const count = Math.abs(value);
  const amount = `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${unit}${count === 1 ? '' : 's'}`;
  return value < 0 || Object.is(value, -0) ? `${amount} ago` : `in ${amount}`;
}
