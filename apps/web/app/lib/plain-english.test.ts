import { describe, expect, it } from 'vitest';
import { isoDay, isUsEnglish, usRelative, usShortDate } from './plain-english.ts';

describe('plain English, as Intl writes it', () => {
  it('writes short dates as Intl en-US does, every day of two years', () => {
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
      expect(usShortDate(y, m, day, false)).toBe(short.format(d));
      expect(usShortDate(y, m, day, true)).toBe(long.format(d));
    }
  });

  it('writes relative times as Intl en-US does with numeric auto', () => {
    const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    const units = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
    for (const unit of units)
      for (const value of [-1234, -61, -12, -2, -1, 0, 1, 2, 7, 1000, 25_000])
        expect(usRelative(value, unit)).toBe(rtf.format(value, unit));
  });

  it('reads the UTC or local day without a time-zone database', () => {
    const late = new Date('2026-11-21T23:30:00Z');
    expect(isoDay(late, 'UTC')).toBe('2026-11-21');
    const local = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
    expect(isoDay(late, 'local')).toBe(local.format(late));
  });

  it('knows US English from other English and other languages', () => {
    expect(['en', 'en-US', 'EN-us'].map(isUsEnglish)).toEqual([true, true, true]);
    expect(['en-GB', 'de-DE', 'fr', undefined].map(isUsEnglish)).toEqual([false, false, false, false]);
  });
});
