/** @module features/board/motion — sortable animations: 150 ms at most, none for people who ask for reduced motion. */
import { CSS, type Transform } from '@dnd-kit/utilities';
import type { CSSProperties } from 'react';

const reduced = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function sortableTransition() {
  return reduced() ? null : { duration: 150, easing: 'ease' };
}

/**
 * The inline style of a card or column being moved. At rest there is none: no empty `style` attribute for the
 * server to write a hundred times per board or for the browser to parse.
 */
export function sortableStyle(sortable: {
  transform: Transform | null;
  transition: string | undefined;
}): CSSProperties | undefined {
  if (!sortable.transform && !sortable.transition) return undefined;
  return { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
}
