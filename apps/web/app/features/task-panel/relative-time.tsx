/**
 * @module features/task-panel/relative-time — "5 minutes ago", in the reader's locale, with the exact moment
 * as the element's machine-readable date and its tooltip. US English is written without Intl (decision 129).
 */
import { isUsEnglish, readerLocale, type Unit, usRelative } from '../../lib/plain-english.ts';

const STEPS: [Unit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

// Building an Intl formatter costs far more than using one: a thread of 50 comments would build 100.
const formats = new Map<string, Intl.RelativeTimeFormat>();
function formatFor(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(key, format);
  }
  return format;
}

export function relativeTime(iso: string, now = Date.now(), locale?: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const write = isUsEnglish(locale ?? readerLocale())
    ? usRelative
    : (value: number, unit: Unit) => formatFor(locale).format(value, unit);
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return write(Math.trunc(seconds / size), unit);
  }
  return write(0, 'second');
}

export function RelativeTime({ iso }: { iso: string }) {
  // The server's clock and locale may differ from the reader's by a minute or a language: the text is fixed
  // up on hydration instead of failing it.
  return (
    <time
      dateTime={iso}
      title={new Date(iso).toISOString().replace('T', ' ').slice(0, 16)}
      suppressHydrationWarning
    >
      {relativeTime(iso)}
    </time>
  );
}
