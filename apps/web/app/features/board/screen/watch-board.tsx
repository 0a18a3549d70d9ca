/**
 * @module features/board/screen/watch-board — "Watch board" / "Stop watching board" (decision 189): the board menu's
 * item, posted by a fetcher with its label turning at once, and the plain form shown instead when JavaScript is
 * not running (the menu needs it to open). Both post to the board route's action (decision 138).
 */
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { MenuItem } from '#app/components/menu.tsx';
import type { ActionResult } from '#app/lib/action-result.ts';

const label = (watching: boolean) => (watching ? 'Stop watching board' : 'Watch board');
const intent = (watching: boolean) => (watching ? 'unwatch-board' : 'watch-board');

/** The menu item; `watching` is what the loader read. A refused post turns the label back. */
export function useWatchBoardItem(boardPath: string, watching: boolean): MenuItem {
  const fetcher = useFetcher<ActionResult>();
  const [shown, setShown] = useState(watching);
  useEffect(() => setShown(watching), [watching]);
  const failed = fetcher.state === 'idle' && fetcher.data?.ok === false;
  useEffect(() => {
    if (failed) setShown(watching);
  }, [failed, watching]);
  return {
    label: label(shown),
    onSelect: () => {
      setShown(!shown);
      // `stay`: the action answers in place, so an open task panel stays open and the board is not re-read.
      void fetcher.submit({ intent: intent(shown), stay: '1' }, { method: 'post', action: boardPath });
    },
  };
}

/** Without JavaScript: a plain form beside the (inert) menu button; the action redirects back to the board. */
export function WatchBoardForm({ boardPath, watching }: { boardPath: string; watching: boolean }) {
  return (
    <noscript>
      <form method="post" action={boardPath} className="board-watch-form">
        <input type="hidden" name="intent" value={intent(watching)} />
        <button type="submit" className="btn btn-secondary btn-small">
          {label(watching)}
        </button>
      </form>
    </noscript>
  );
}
