/**
 * @module features/settings/relative-time — "in 6 days", "3 minutes ago": durations computed on the server
 * against one clock, so the server-rendered text and the hydrated page agree.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** `when` relative to `now`, in the largest whole unit; under a minute reads "now". */
export function relativeTime(when: string | number | Date, now: number = Date.now()): string {
  const diff = new Date(when).getTime() - now;
  for (const [unit, ms] of UNITS) {
    // Rounded to the nearest: an invitation sent a moment ago "expires in 7 days", not 6.
    if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  }
  return 'now';
}
