/**
 * @module features/board/use-shortcuts — the board's keys: `/` focuses the filter, `n` opens a new task in the
 * column holding the focus (the first column otherwise), `j` / `k` go to the next / previous card (column after
 * column, as they are read), where Enter opens it. Typing in a field is never taken over. The `?` sheet
 * (features/palette) lists them.
 */
import { useEffect } from 'react';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The card `step` places after (1) or before (-1) the focused one; the first or last when none has focus. */
export function nextCard(
  cards: HTMLElement[],
  focused: Element | null,
  step: 1 | -1,
): HTMLElement | undefined {
  const at = cards.findIndex((card) => card === focused || card.contains(focused));
  if (at < 0) return step === 1 ? cards[0] : cards.at(-1);
  return cards[Math.min(cards.length - 1, Math.max(0, at + step))];
}

export function useBoardShortcuts(canEdit: boolean) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || typing(event.target))
        return;
      if (event.key === '/') {
        event.preventDefault();
        document.getElementById('board-filter-text')?.focus();
      } else if (event.key === 'j' || event.key === 'k') {
        const cards = [...document.querySelectorAll<HTMLElement>('.lanes .lane-card-body')];
        const card = nextCard(cards, document.activeElement, event.key === 'j' ? 1 : -1);
        if (card) {
          event.preventDefault();
          card.focus();
          card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        }
      } else if (event.key === 'n' && canEdit) {
        const here =
          document.activeElement?.closest('[data-column-id]') ?? document.querySelector('[data-column-id]');
        const field = here?.querySelector<HTMLInputElement>('.inline-add input[name="value"]');
        if (field) {
          event.preventDefault();
          field.focus();
        }
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canEdit]);
}
