/**
 * @module features/board/dnd/near-cards — which cards of a column are dnd-kit sortables right now (decision 206).
 *
 * dnd-kit renders every sortable again when a drag starts and at each change of its target; on a 450-card board
 * that was ~150 ms per pick-up here. Only cards a pointer or a key can reach need to be sortables: those within a
 * screen of the column's view (an IntersectionObserver, which sees each column's own scroller), the focused one,
 * and the one being dragged. The others render dnd-kit's attributes without its hooks (`useStaticSortable`).
 * Nothing is armed in the first render, so hydration matches the server's HTML; where there is no
 * IntersectionObserver every card is armed after it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface CardWatch {
  /** Starts watching a card's element; the returned function stops. */
  observe(element: Element): () => void;
  /** Arms a card at once (it took focus). */
  arm(taskId: string): void;
}

/** How far beyond the view a card is armed: a screen's height, so a drag or a key never outruns it. */
const MARGIN = '100% 0px';

let focused: string | null = null;
/** The card that last had focus: a card armed while focused is a new element and takes focus back. */
export const noteFocusedCard = (taskId: string) => {
  focused = taskId;
};
export const lastFocusedCard = () => focused;

const NONE: ReadonlySet<string> = new Set();

/** The column's armed cards (`'all'` where the browser cannot tell which are near), and its watch. */
export function useNearCards(): { near: ReadonlySet<string> | 'all'; watch: CardWatch } {
  const [near, setNear] = useState<ReadonlySet<string> | 'all'>(NONE);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') setNear('all');
    return () => observer.current?.disconnect();
  }, []);
  const watchFor = useCallback((): IntersectionObserver | null => {
    if (typeof IntersectionObserver === 'undefined') return null;
    observer.current ??= new IntersectionObserver(
      (entries) =>
        setNear((previous) => {
          if (previous === 'all') return previous;
          let next: Set<string> | null = null;
          for (const entry of entries) {
            const id = (entry.target as HTMLElement).dataset.taskId;
            if (!id || entry.isIntersecting === previous.has(id)) continue;
            // A focused card stays armed, even scrolled far away: made static, it would be a new element
            // and focus would fall to the page.
            if (!entry.isIntersecting && entry.target.contains(document.activeElement)) continue;
            next ??= new Set(previous);
            if (entry.isIntersecting) next.add(id);
            else next.delete(id);
          }
          return next ?? previous;
        }),
      { rootMargin: MARGIN },
    );
    return observer.current;
  }, []);
  const watch = useMemo<CardWatch>(
    () => ({
      observe(element) {
        const io = watchFor();
        io?.observe(element);
        return () => io?.unobserve(element);
      },
      arm(taskId) {
        setNear((previous) =>
          previous === 'all' || previous.has(taskId) ? previous : new Set(previous).add(taskId),
        );
      },
    }),
    [watchFor],
  );
  return { near, watch };
}
