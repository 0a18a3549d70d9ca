// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { nextCard } from './board-keys.ts';

describe('nextCard', () => {
  const cards = ['a', 'b', 'c'].map((name) => {
    const card = document.createElement('a');
    card.textContent = name;
    return card;
  });

  it('starts at the first card going down and the last going up', () => {
    expect(nextCard(cards, document.body, 1)?.textContent).toBe('a');
    expect(nextCard(cards, null, -1)?.textContent).toBe('c');
  });

  it('steps from the focused card and stops at either end', () => {
    expect(nextCard(cards, cards[0]!, 1)?.textContent).toBe('b');
    expect(nextCard(cards, cards[1]!, -1)?.textContent).toBe('a');
    expect(nextCard(cards, cards[2]!, 1)?.textContent).toBe('c');
    expect(nextCard(cards, cards[0]!, -1)?.textContent).toBe('a');
  });

  it('answers nothing on a board without cards', () => {
    expect(nextCard([], null, 1)).toBeUndefined();
  });
});
