/**
 * @module features/board/screen/card-menu-place — where a card's menu opens, decided on the board itself: the menu's
 * code (`card-actions.tsx`) loads after first paint.
 */

export interface CardMenuState {
  taskId: string;
  at: { x: number; y: number };
}

/** At the pointer, or under the card when opened from the keyboard. */
export function menuPlace(event: { clientX: number; clientY: number }, card: Element): CardMenuState['at'] {
  if (event.clientX > 0 || event.clientY > 0) return { x: event.clientX, y: event.clientY };
  const box = card.getBoundingClientRect();
  return { x: box.left + 8, y: box.bottom - 4 };
}
