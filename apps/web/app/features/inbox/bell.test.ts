/**
 * The bell's name always contains what its badge shows, so a person who sees "99+" can say it to voice control
 * (axe's label-content-name-mismatch failed an e2e run where Alice had 133 unread).
 */
import { describe, expect, it } from 'vitest';
import { bellCount, bellLabel } from './bell.tsx';

describe('bell', () => {
  it('names none, a count, and a capped count as the badge shows them', () => {
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(7)).toBe('Notifications, 7 unread');
    expect(bellLabel(99)).toBe('Notifications, 99 unread');
    expect(bellLabel(133)).toBe('Notifications, 99+ unread');
  });

  it('puts the badge text in the name for every count', () => {
    for (const count of [1, 42, 99, 100, 5_000]) expect(bellLabel(count)).toContain(bellCount(count));
  });
});
