/**
 * @module lib/use-panel-intent — notices that a person is about to open a card, and starts its panel's read
 * then (`lib/early-panel`, decision 164): a mouse resting on a link to a task for `INTENT_MS`, or a mouse button
 * going down on one (a click follows about 100 ms later). Touch is left out: fingers scroll the board across
 * cards far more often than they open one. So is keyboard focus: tabbing through a column rests on every card,
 * and focus comes back to a card as its panel closes; Enter reads at once, as it always did.
 *
 * The handlers go on one element around the board (events bubble to it), so cards stay memoised and unaware.
 * Nothing here loads the panel's code: React Router reloads the whole page when a route module fails to load,
 * so preloading it on a hover while offline threw the offline board away (decision 164).
 */
import { type PointerEvent, useEffect, useMemo, useRef } from 'react';
import { readEarly } from './early-panel.ts';
import { boardPathOf } from './panel-navigation.ts';

/** A pointer resting this long on a card means intent; passing over it on the way elsewhere does not. */
export const INTENT_MS = 80;

/**
 * The task URL of the card at (or around) `target`: a link inside a card (`[data-task-id]`) to a task of the
 * board on screen, unless its panel is the one open. Other links to tasks (a description's, say) open in a new
 * tab, so reading for them would be wasted.
 */
export function taskPathAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const path = target.closest('[data-task-id] a[href]')?.getAttribute('href');
  const here = window.location.pathname;
  const board = boardPathOf(here);
  return path?.startsWith(`${board}/t/`) && !path.slice(board.length + 3).includes('/') && path !== here
    ? path
    : null;
}

/** A press that opens a new tab or window, or starts a drag from elsewhere, is no sign of opening a panel. */
const plain = (event: PointerEvent) => !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);

export function usePanelIntent() {
  const waiting = useRef<{ path: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  const handlers = useMemo(() => {
    const cancel = () => {
      if (waiting.current) clearTimeout(waiting.current.timer);
      waiting.current = null;
    };
    const read = (path: string) => {
      cancel();
      // The panel may have opened on this very card while the pointer rested on it.
      if (path !== window.location.pathname) readEarly(path);
    };
    const rest = (path: string | null) => {
      if (path === waiting.current?.path) return;
      cancel();
      if (path) waiting.current = { path, timer: setTimeout(() => read(path), INTENT_MS) };
    };
    return {
      onPointerOver(event: PointerEvent) {
        // With a button held the pointer is dragging a card, and the drop is a write that outdates any read.
        if (event.pointerType !== 'touch' && event.buttons === 0) rest(taskPathAt(event.target));
      },
      onPointerOut(event: PointerEvent) {
        // Moving between the parts of one card keeps its timer; leaving the card drops it.
        if (taskPathAt(event.relatedTarget) !== waiting.current?.path) cancel();
      },
      onPointerDown(event: PointerEvent) {
        const path = event.button === 0 && plain(event) ? taskPathAt(event.target) : null;
        if (path && event.pointerType !== 'touch') read(path);
      },
    };
  }, []);

  useEffect(() => () => clearTimeout(waiting.current?.timer), []);
  return handlers;
}
