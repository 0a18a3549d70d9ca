/**
 * @module features/board/dnd/near-cards — tells each card of a column whether it is near the column's view, so
 * only those cards hold a dnd-kit sortable (decision 207).
 *
 * One IntersectionObserver per column, rooted at the column's own scroller where it has one (desktop, decision
 * 195), else at the page's view (the phone layout). Its margin is half a view, so a card is a drop target and
 * takes a pointer before it scrolls into sight, and a key held down does not outrun it. Where the browser has
 * no IntersectionObserver every card is near.
 */
import { type RefObject, useEffect, useMemo } from 'react';

/** Starts telling `onNear` whether `element` is near the view (now, then at each change); returns a stop. */
export type WatchNear = (element: Element, onNear: (near: boolean) => void) => () => void;

const MARGIN = '50% 0px';

/** `list` is the column's list of cards: its scroller, or the page scrolls it. */
export function useNearCards(list: RefObject<HTMLElement | null>): WatchNear {
  const watch = useMemo(() => {
    const listeners = new Map<Element, (near: boolean) => void>();
    let observer: IntersectionObserver | null = null;
    const start = () => {
      if (observer) return observer;
      const root = list.current;
      const scrolls = root !== null && getComputedStyle(root).overflowY !== 'visible';
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
        },
        { root: scrolls ? root : null, rootMargin: MARGIN },
      );
      return observer;
    };
    const near: WatchNear & { stop(): void } = Object.assign(
      (element: Element, onNear: (near: boolean) => void) => {
        if (typeof IntersectionObserver === 'undefined') {
          onNear(true);
          return () => {};
        }
        listeners.set(element, onNear);
        start().observe(element);
        return () => {
          listeners.delete(element);
          observer?.unobserve(element);
        };
      },
      {
        stop() {
          observer?.disconnect();
          observer = null;
        },
      },
    );
    return near;
  }, [list]);
  useEffect(() => () => watch.stop(), [watch]);
  return watch;
}
