/**
 * @module features/board/screen/board-toolbar — above the columns: the filters (text, assignee, label; `/` focuses the
 * text), who else is viewing the board, and the banner while the connection is down.
 */
import type { Viewer } from '@lanes/data/realtime/subscribe-board';
import { memo } from 'react';
import { Avatar } from '#app/components/avatar.tsx';
import type { Label, Profile } from '../model/board-model.ts';
import type { BoardFilter } from '../model/filters.ts';
import type { Connection } from '../sync/use-board-live.ts';

export interface FilterBarProps {
  filter: BoardFilter;
  labels: Label[];
  people: [string, Profile][];
  onChange(filter: BoardFilter): void;
}

/** Memoised: the board renders for its connection and its viewers too, which the filters do not show. */
export const FilterBar = memo(function FilterBar({ filter, labels, people, onChange }: FilterBarProps) {
  return (
    <search aria-label="Filter tasks">
      {/* A GET form: without JavaScript, Enter reloads the board filtered on the server (`?q=…`). */}
      <form method="get" className="board-filters" onSubmit={(e) => e.preventDefault()}>
        <label className="visually-hidden" htmlFor="board-filter-text">
          Filter tasks
        </label>
        <input
          id="board-filter-text"
          type="search"
          name="q"
          placeholder="Filter tasks  /"
          value={filter.text}
          onChange={(e) => onChange({ ...filter, text: e.currentTarget.value })}
          aria-keyshortcuts="/"
        />
        <label className="visually-hidden" htmlFor="board-filter-assignee">
          Assignee
        </label>
        <select
          id="board-filter-assignee"
          name="assignee"
          value={filter.assignee}
          onChange={(e) => onChange({ ...filter, assignee: e.currentTarget.value })}
        >
          <option value="">Anyone</option>
          <option value="none">Nobody</option>
          {people.map(([id, person]) => (
            <option key={id} value={id}>
              {person.name}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor="board-filter-label">
          Label
        </label>
        <select
          id="board-filter-label"
          name="label"
          value={filter.label}
          onChange={(e) => onChange({ ...filter, label: e.currentTarget.value })}
        >
          <option value="">Any label</option>
          {labels.map((label) => (
            <option key={label.id} value={label.id}>
              {label.name}
            </option>
          ))}
        </select>
      </form>
    </search>
  );
});

export function Viewers({ viewers, profiles }: { viewers: Viewer[]; profiles: Record<string, Profile> }) {
  if (viewers.length === 0) return null;
  return (
    <ul className="board-viewers" aria-label="Also viewing">
      {viewers.map((viewer) => (
        <li key={viewer.userId}>
          <Avatar
            name={viewer.displayName}
            path={viewer.avatarPath ?? profiles[viewer.userId]?.avatarPath ?? null}
            size={24}
            label={`${viewer.displayName} is viewing`}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * While offline, or while the user's own changes cannot reach the server (a flaky network, the server
 * down), says so and how many changes wait.
 */
export function ConnectionBanner({
  connection,
  waiting,
  retrying,
}: {
  connection: Connection;
  waiting: number;
  retrying: boolean;
}) {
  const changes = waiting === 1 ? '1 change' : `${waiting} changes`;
  let text = '';
  if (connection === 'offline') {
    text =
      waiting > 0
        ? `You are offline. Your ${changes} will be saved when the connection is back.`
        : 'You are offline. Reconnecting… Changes by others will appear when the connection is back.';
  } else if (retrying && waiting > 0) {
    text = `Cannot reach the server. Retrying… Your ${changes} will be saved when it answers.`;
  }
  return (
    <p className="board-banner" role="status" hidden={text === ''}>
      {text}
    </p>
  );
}
