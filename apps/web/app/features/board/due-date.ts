/** @module features/board/due-date — a due date (`YYYY-MM-DD`) for a card: short, in the reader's locale, overdue or not. */

/** Today as `YYYY-MM-DD` in the given zone (the browser's by default). */
export function today(timeZone?: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function isOverdue(dueOn: string, todayIso: string): boolean {
  return dueOn < todayIso;
}

/** "Nov 21" in en-US, "21 nov." in fr-FR; the year only when it is not the current one. */
export function formatDue(dueOn: string, locale: string | undefined, todayIso: string): string {
  const [year, month, day] = dueOn.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: dueOn.slice(0, 4) === todayIso.slice(0, 4) ? undefined : 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
