import { describe, expect, it } from 'vitest';
import { formatDue, isDueSoon, isOverdue, today } from './due-date.ts';

describe('due dates', () => {
  it('formats for the locale, with the year only when it is another year', () => {
    expect(formatDue('2026-11-21', 'en-US', '2026-11-20')).toBe('Nov 21');
    expect(formatDue('2027-01-05', 'en-US', '2026-11-20')).toBe('Jan 5, 2027');
    expect(formatDue('2026-11-21', 'de-DE', '2026-11-20')).toBe('21. Nov.');
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
