/**
 * @module features/inbox/inbox-list — `/inbox`'s body: unread/all tabs, "Mark all read", the notifications
 * grouped by task with each one a link that opens its task (and marks it read), "Older" past the page, and a
 * friendly empty state. Plain links and a POST form: it all works without JavaScript.
 */
import { Form, Link } from 'react-router';
import { Avatar } from '#app/components/avatar.tsx';
import { type RelativeOptions, relativeTime } from '#app/lib/time-format.ts';
import type { InboxGroup } from './inbox-model.ts';

export interface InboxPage {
  show: 'all' | 'unread';
  groups: InboxGroup[];
  /** The `before` of the next page, when there is one. */
  olderBefore: string | null;
  /** The page is not the first one (a "Newest" link leads back). */
  paged: boolean;
  now: number;
}

export function InboxList({ page, pending }: { page: InboxPage; pending: boolean }) {
  const hasUnread = page.groups.some((g) => g.unread > 0);
  return (
    <>
      <div className="inbox-bar">
        <nav aria-label="Which notifications" className="inbox-tabs">
          <Link to="/inbox" aria-current={page.show === 'all' ? 'page' : undefined}>
            All
          </Link>
          <Link to="/inbox?show=unread" aria-current={page.show === 'unread' ? 'page' : undefined}>
            Unread
          </Link>
        </nav>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="mark-all-read"
            className="btn btn-secondary"
            disabled={pending || (!hasUnread && !page.paged && page.show === 'unread')}
          >
            Mark all read
          </button>
        </Form>
      </div>
      {page.groups.length === 0 ? (
        <Empty show={page.show} paged={page.paged} />
      ) : (
        <ol className="inbox-groups">
          {page.groups.map((group) => (
            <Group key={group.key} group={group} now={page.now} />
          ))}
        </ol>
      )}
      {page.olderBefore || page.paged ? (
        <nav aria-label="More notifications" className="inbox-more">
          {page.paged ? (
            <Link to={page.show === 'unread' ? '/inbox?show=unread' : '/inbox'}>Newest</Link>
          ) : null}
          {page.olderBefore ? (
            <Link
              to={`/inbox?${new URLSearchParams({
                ...(page.show === 'unread' ? { show: 'unread' } : {}),
                before: page.olderBefore,
              })}`}
            >
              Older notifications
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

// Against the server's `now` and in US English, so the server's text and the browser's agree; weeks at most.
const AGO: RelativeOptions = { locale: 'en', largest: 'week', underAMinute: 'just now' };

function Group({ group, now }: { group: InboxGroup; now: number }) {
  const titleId = `inbox-group-${group.key}`;
  return (
    <li className="inbox-group" aria-labelledby={titleId}>
      <h2 id={titleId} className="inbox-group-title">
        {group.number !== null ? <span className="inbox-number">#{group.number}</span> : null} {group.title}
        {group.unread > 0 ? <span className="inbox-badge">{group.unread} unread</span> : null}
      </h2>
      <ul className="inbox-items">
        {group.items.map((item) => (
          <li key={item.id} className={item.unread ? 'inbox-item is-unread' : 'inbox-item'}>
            <a href={`/inbox/${item.id}`} className="inbox-link">
              <span aria-hidden="true" className="inbox-avatar">
                {item.actor ? <Avatar name={item.actor.name} path={item.actor.avatarPath} size={32} /> : null}
              </span>
              <span className="inbox-text">
                {item.unread ? <span className="visually-hidden">Unread: </span> : null}
                {item.text}
                <span className="inbox-time">
                  {' · '}
                  <time dateTime={item.updatedAt}>{relativeTime(item.updatedAt, now, AGO)}</time>
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Empty({ show, paged }: { show: 'all' | 'unread'; paged: boolean }) {
  return (
    <div className="inbox-empty">
      <p className="inbox-empty-title">
        {paged ? 'Nothing older.' : show === 'unread' ? 'You’re all caught up.' : 'No notifications yet.'}
      </p>
      <p>When someone mentions you, assigns you a task or comments on a task you watch, it shows up here.</p>
    </div>
  );
}
