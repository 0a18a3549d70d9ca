/**
 * @module lib/time-format — every date and time the app prints: relative times ("5 minutes ago", "in 7 days"),
 * short dates ("Nov 21") and due dates on cards. US English is written without `Intl`: the first `Intl`
 * formatter a page builds starts up ICU, a long task on Chromium's main thread that landed in the middle of the
 * board's hydration (decision 129). Other locales get `Intl`, one cached formatter per locale and options.
 * The tests check every US English string against `Intl`'s own (decision 167).
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

// Building an Intl formatter costs far more than using one: a board builds one per card in its server render,
// a thread of 50 comments 100, if each is not kept.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `date|${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}
function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = `relative|${locale ?? ''}`;
  let found = formatters.get(key) as Intl.RelativeTimeFormat | undefined;
  if (!found) {
    found = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(key, found);
  }
  return found;
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

/** The units relative times step through, largest first. */
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

const STEPS: [Unit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

export interface RelativeOptions {
  /** The language to write in; the reader's by default (on the server: none, so `Intl`'s default). */
  locale?: string;
  /** The largest unit said: `'day'` keeps an expiry at "in 7 days" rather than "next week". */
  largest?: Unit;
  /** `'down'` (the default: "59 minutes ago" until the hour is up) or `'nearest'` (a moment after sending,
   * an invitation still "expires in 7 days", not 6). */
  round?: 'down' | 'nearest';
  /** What less than a minute says; "now" by default. */
  underAMinute?: string;
}

/** `when` against `now` in the largest whole unit that fits, as `Intl.RelativeTimeFormat` with `numeric: 'auto'`. */
export function relativeTime(
  when: string | number | Date,
  now: number = Date.now(),
  { locale = readerLocale(), largest = 'year', round = 'down', underAMinute }: RelativeOptions = {},
): string {
  const seconds = Math.round((new Date(when).getTime() - now) / 1000);
  const write = isUsEnglish(locale)
    ? usRelative
    : (value: number, unit: Unit) => relativeFormat(locale).format(value, unit);
  const whole = round === 'nearest' ? Math.round : Math.trunc;
  const from = STEPS.findIndex(([unit]) => unit === largest);
  for (const [unit, size] of STEPS.slice(Math.max(from, 0))) {
    if (Math.abs(seconds) >= size) return write(whole(seconds / size), unit);
  }
  return underAMinute ?? write(0, 'second');
}

/** Today as `YYYY-MM-DD` in the given zone (the browser's by default). */
export function today(timeZone?: string, now = new Date()): string {
  // UTC and the machine's own zone need no Intl (decision 129); en-CA writes dates as YYYY-MM-DD.
  if (timeZone === undefined || timeZone === 'UTC') return isoDay(now, timeZone ?? 'local');
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
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
 * A day (`YYYY-MM-DD`): "Nov 21" in en-US, "21. Nov." in de-DE; the year only when it is not `todayIso`'s.
 * No locale means the reader's.
 */
export function formatDay(day: string, locale: string | undefined, todayIso: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const sameYear = day.slice(0, 4) === todayIso.slice(0, 4);
  if (isUsEnglish(locale ?? readerLocale())) return usShortDate(y, m, d, !sameYear);
  return dateFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
