/**
 * @module features/inbox/bell — the header's bell: a link to `/inbox` that says how many notifications are
 * unread, kept live after the page is interactive (decision 180).
 */
import { Link } from 'react-router';
import { useLiveUnread } from './use-live-unread.ts';

/** What the badge shows: the count, capped so it fits the bell. */
export function bellCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The link's name holds what the badge shows (WCAG 2.5.3, label in name): "99+", never a bigger number. */
export function bellLabel(count: number): string {
  if (count === 0) return 'Notifications, none unread';
  return `Notifications, ${bellCount(count)} unread`;
}

export function Bell({ unread }: { unread: number }) {
  const { count, live } = useLiveUnread(unread);
  return (
    <Link
      to="/inbox"
      className="header-bell"
      aria-label={bellLabel(count)}
      data-unread={count}
      data-live={live}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
        />
      </svg>
      {count > 0 ? (
        <span className="header-bell-count" aria-hidden="true">
          {bellCount(count)}
        </span>
      ) : null}
    </Link>
  );
}
