import { describe, expect, it } from 'vitest';
import {
  formatDay,
  isDueSoon,
  isOverdue,
  isoDay,
  isUsEnglish,
  relativeTime,
  today,
  usRelative,
  usShortDate,
} from './time-format.ts';

describe('US English, as Intl writes it', () => {
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

describe('relativeTime', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('names the largest whole unit, rounded down, ahead and behind', () => {
    expect(relativeTime('2026-11-23T11:55:00Z', now, { locale: 'en' })).toBe('5 minutes ago');
    expect(relativeTime('2026-11-23T11:00:01Z', now, { locale: 'en' })).toBe('59 minutes ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now, { locale: 'en' })).toBe('yesterday');
    expect(relativeTime('2026-11-09T12:00:00Z', now, { locale: 'en' })).toBe('2 weeks ago');
    expect(relativeTime('2025-10-01T12:00:00Z', now, { locale: 'en' })).toBe('last year');
    expect(relativeTime('2026-11-23T11:59:50Z', now, { locale: 'en' })).toBe('now');
  });

  it('takes a date, a number or an ISO string', () => {
    expect(relativeTime(new Date(now - 3 * 3_600_000), now, { locale: 'en' })).toBe('3 hours ago');
    expect(relativeTime(now + 3 * 3_600_000, now, { locale: 'en' })).toBe('in 3 hours');
  });

  it('stops at the largest unit asked for and can round to the nearest (an expiry)', () => {
    const expiry = { locale: 'en', largest: 'day', round: 'nearest' } as const;
    expect(relativeTime('2026-11-30T12:00:00Z', now, expiry)).toBe('in 7 days');
    expect(relativeTime('2026-11-30T11:59:00Z', now, expiry)).toBe('in 7 days');
    expect(relativeTime('2026-11-29T00:00:00Z', now, expiry)).toBe('in 6 days');
    expect(relativeTime('2026-11-23T15:20:00Z', now, expiry)).toBe('in 3 hours');
    expect(relativeTime('2026-11-23T11:58:00Z', now, expiry)).toBe('2 minutes ago');
    expect(relativeTime('2026-11-23T12:00:40Z', now, expiry)).toBe('now');
    expect(relativeTime('2026-12-30T12:00:00Z', now, { ...expiry, largest: 'week' })).toBe('in 5 weeks');
  });

  it('says what it is told under a minute', () => {
    expect(relativeTime('2026-11-23T11:59:30Z', now, { locale: 'en', underAMinute: 'just now' })).toBe(
      'just now',
    );
    expect(relativeTime('2026-11-23T09:00:00Z', now, { locale: 'en', underAMinute: 'just now' })).toBe(
      '3 hours ago',
    );
  });

  it('writes other languages through Intl', () => {
    expect(relativeTime('2026-11-22T12:00:00Z', now, { locale: 'de-DE' })).toBe('gestern');
    expect(relativeTime('2026-11-23T11:55:00Z', now, { locale: 'fr' })).toBe('il y a 5 minutes');
  });
});

describe('days and due dates', () => {
  it('formats for the locale, with the year only when it is another year', () => {
    expect(formatDay('2026-11-21', 'en-US', '2026-11-20')).toBe('Nov 21');
    expect(formatDay('2027-01-05', 'en-US', '2026-11-20')).toBe('Jan 5, 2027');
    expect(formatDay('2026-11-21', 'de-DE', '2026-11-20')).toBe('21. Nov.');
  });

  it('is overdue from the day after the due date, in the given zone', () => {
    expect(isOverdue('2026-11-20', '2026-11-21')).toBe(true);
    expect(isOverdue('2026-11-21', '2026-11-21')).toBe(false);
    const lateEvening = new Date('2026-11-21T23:30:00Z');
    expect(today('UTC', lateEvening)).toBe('2026-11-21');
    expect(today('Asia/Tokyo', lateEvening)).toBe('2026-11-22');
  });

  it('is due soon today and tomorrow, across a month end', () => {
    expect(isDueSoon('2026-11-30', '2026-11-30')).toBe(true);
    expect(isDueSoon('2026-12-01', '2026-11-30')).toBe(true);
    expect(isDueSoon('2026-12-02', '2026-11-30')).toBe(false);
    expect(isDueSoon('2026-11-29', '2026-11-30')).toBe(false);
  });
});
