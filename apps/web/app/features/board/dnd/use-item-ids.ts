/**
 * @module features/board/dnd/use-item-ids — the ids a dnd-kit `SortableContext` sorts, as the same array for as
 * long as they are the same ids in the same order. dnd-kit tells "the items changed" by the array's identity:
 * a fresh `map(…)` on each render made every card and column take an inline `transition` style at every
 * render of the board (the live connection coming up, a teammate arriving), a long commit that touched every
 * card (decision 149 has the trace).
 */
import { useMemo } from 'react';

// Ids are UUIDs: a space never occurs in one.
const SEPARATOR = ' ';

export function useItemIds(items: readonly { id: string }[]): string[] {
  const key = items.map((item) => item.id).join(SEPARATOR);
  return useMemo(() => (key === '' ? [] : key.split(SEPARATOR)), [key]);
}
