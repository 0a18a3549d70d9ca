/**
 * @module features/board/screen/board-keys — what the board's single-letter keys do, loaded on the first such key
 * (use-shortcuts.ts): `/` focuses the filter, `n` the new-task field of the column holding the focus (the first
 * column otherwise), `j` / `k` the next / previous card (column after column, as they are read).
 */

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

export function runBoardKey(key: string, canEdit: boolean): void {
  if (key === '/') {
    document.getElementById('board-filter-text')?.focus();
  } else if (key === 'j' || key === 'k') {
    const cards = [...document.querySelectorAll<HTMLElement>('.lanes .lane-card-body')];
    const card = nextCard(cards, document.activeElement, key === 'j' ? 1 : -1);
    card?.focus();
    card?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  } else if (key === 'n' && canEdit) {
    const here =
      document.activeElement?.closest('[data-column-id]') ?? document.querySelector('[data-column-id]');
    here?.querySelector<HTMLInputElement>('.inline-add input[name="value"]')?.focus();
  }
}
