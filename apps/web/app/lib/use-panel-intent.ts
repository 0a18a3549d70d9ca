/**
 * @module lib/use-panel-intent — notices that a person is about to open a card, and starts its panel's read
 * then (`lib/early-panel`, decision 164): a mouse resting on a link to a task for `INTENT_MS`, or a mouse button
 * going down on one (a click follows about 100 ms later). Touch is left out: fingers scroll the board across
 * cards far more often than they open one. So is keyboard focus: tabbing through a column rests on every card,
 * and focus comes back to a card as its panel closes; Enter reads at once, as it always did. A touch or focus
 * on a card does preload the panel's code, which the task route needs before it can read (its `clientLoader`).
 *
 * The handlers go on one element around the board (events bubble to it), so cards stay memoised and unaware.
 * The hook also answers the first task URL a person showed interest in, for the route to preload the panel's
 * code with it (React Router's `PrefetchPageLinks`); the code is the same for every task, so once is enough.
 */
import { type FocusEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { readEarly } from './early-panel.ts';

/** A pointer resting this long on a card means intent; passing over it on the way elsewhere does not. */
export const INTENT_MS = 80;

const TASK_PATH = /^\/w\/[^/]+\/b\/[^/]+\/t\/[^/]+$/;

/** The task URL a link at (or around) `target` leads to, if it is one and its panel is not the one open. */
export function taskPathAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const path = target.closest('a[href]')?.getAttribute('href') ?? null;
  return path && TASK_PATH.test(path) && path !== window.location.pathname ? path : null;
}

export function usePanelIntent() {
  const [firstIntent, setFirstIntent] = useState<string | null>(null);
  const waiting = useRef<{ path: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  const handlers = useMemo(() => {
    const cancel = () => {
      if (waiting.current) clearTimeout(waiting.current.timer);
      waiting.current = null;
    };
    const preload = (path: string) => setFirstIntent((first) => first ?? path);
    const read = (path: string) => {
      cancel();
      readEarly(path);
      preload(path);
    };
    const rest = (path: string | null) => {
      if (path === waiting.current?.path) return;
      cancel();
      if (path) waiting.current = { path, timer: setTimeout(() => read(path), INTENT_MS) };
    };
    return {
      onPointerOver(event: PointerEvent) {
        if (event.pointerType !== 'touch') rest(taskPathAt(event.target));
      },
      onPointerOut(event: PointerEvent) {
        // Moving between the parts of one card keeps its timer; leaving the card drops it.
        if (taskPathAt(event.relatedTarget) !== waiting.current?.path) cancel();
      },
      onPointerDown(event: PointerEvent) {
        const path = event.button === 0 ? taskPathAt(event.target) : null;
        if (path && event.pointerType === 'touch') preload(path);
        else if (path) read(path);
      },
      onFocus(event: FocusEvent) {
        const path = taskPathAt(event.target);
        if (path) preload(path);
      },
    };
  }, []);

  useEffect(() => () => clearTimeout(waiting.current?.timer), []);
  return { handlers, firstIntent };
}
