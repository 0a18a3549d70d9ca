/** @module features/board/motion — sortable animations: 150 ms at most, none for people who ask for reduced motion. */
const reduced = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function sortableTransition() {
  return reduced() ? null : { duration: 150, easing: 'ease' };
}
