import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = Date.parse('2026-11-23T12:00:00Z');

describe('relativeTime', () => {
  it('names the largest whole unit, ahead and behind', () => {
    expect(relativeTime('2026-11-30T12:00:00Z', now)).toBe('in 7 days');
    expect(relativeTime('2026-11-30T11:59:00Z', now)).toBe('in 7 days');
    expect(relativeTime('2026-11-29T00:00:00Z', now)).toBe('in 6 days');
    expect(relativeTime('2026-11-23T15:20:00Z', now)).toBe('in 3 hours');
    expect(relativeTime('2026-11-23T11:58:00Z', now)).toBe('2 minutes ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('yesterday');
  });

  it('reads anything under a minute as now', () => {
    expect(relativeTime('2026-11-23T12:00:40Z', now)).toBe('now');
    expect(relativeTime(now, now)).toBe('now');
  });
});
