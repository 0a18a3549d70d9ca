/** @module features/board/dnd/motion — sortable animations: 150 ms at most, none for people who ask for reduced motion. */
import { CSS, type Transform } from '@dnd-kit/utilities';
import type { CSSProperties } from 'react';

const MOTION: { duration: number; easing: string } = { duration: 150, easing: 'ease' };

// One query list for the page: its `matches` follows the setting. A `matchMedia` call per card per render
// was a visible slice of the board's renders after hydration (decision 148).
let reducedMotion: MediaQueryList | undefined;
const reduced = () => {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  reducedMotion ??= window.matchMedia('(prefers-reduced-motion: reduce)');
  return reducedMotion.matches;
};

/** The same object every time (or null), so each card hands dnd-kit an unchanged option. */
export function sortableTransition() {
  return reduced() ? null : MOTION;
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
