/**
 * @module features/task-panel/relative-time — a `<time>` that says "5 minutes ago" in the reader's locale
 * (lib/time-format), with the exact moment as its machine-readable date and its tooltip.
 */
import { relativeTime } from '#app/lib/time-format.ts';

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
