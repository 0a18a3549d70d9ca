/** pg_cron's schedule grammar and next-run arithmetic, in UTC. */
import { describe, expect, it } from 'vitest';
import { nextRun, parseSchedule } from './schedule.ts';

const at = (iso: string) => Date.parse(iso);
const next = (schedule: string, iso: string) => {
  const parsed = parseSchedule(schedule);
  if (!parsed) throw new Error(`invalid: ${schedule}`);
  const t = nextRun(parsed, at(iso));
  return t === undefined ? undefined : new Date(t).toISOString();
};

describe('cron schedules', () => {
  it('accepts what pg_cron accepts and refuses the rest', () => {
    for (const ok of [
      '* * * * *',
      '*/5 * * * *',
      '0 3 * * mon-fri',
      '0 0 $ * *',
      '1,2,30-40/5 * * jan,dec sun',
      '@hourly',
      '1 seconds',
      '59 second',
      ' 10 SECONDS ',
      '0 0 * * 7',
    ]) {
      expect(parseSchedule(ok), ok).toBeDefined();
    }
    for (const bad of [
      '',
      '* * * *',
      '60 * * * *',
      '* 24 * * *',
      '* * 0 * *',
      '0 seconds',
      '60 seconds',
      '5/10 * * * *',
      '*/0 * * * *',
      '* * * * * *',
      'every minute',
      '1 minutes',
      '@reboot',
      '*-5 * * * *',
    ]) {
      expect(parseSchedule(bad), bad).toBeUndefined();
    }
  });

  it('finds the next minute, hour, weekday and month in UTC', () => {
    expect(next('* * * * *', '2026-11-26T15:00:30Z')).toBe('2026-11-26T15:01:00.000Z');
    expect(next('*/15 * * * *', '2026-11-26T15:00:00Z')).toBe('2026-11-26T15:15:00.000Z');
    expect(next('30 2 * * *', '2026-11-26T15:00:00Z')).toBe('2026-11-27T02:30:00.000Z');
    // 2026-11-26 is a Thursday.
    expect(next('0 9 * * mon', '2026-11-26T15:00:00Z')).toBe('2026-11-30T09:00:00.000Z');
    expect(next('0 0 1 jan *', '2026-11-26T15:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
    expect(next('0 0 $ * *', '2027-02-01T00:00:00Z')).toBe('2027-02-28T00:00:00.000Z');
  });

  it('matches either day field when both are restricted, as Vixie cron', () => {
    // The 1st of the month or any Monday: Monday 2026-11-30 comes before 2026-12-01.
    expect(next('0 0 1 * mon', '2026-11-26T15:00:00Z')).toBe('2026-11-30T00:00:00.000Z');
  });

  it('runs second schedules on the wall clock multiples', () => {
    expect(next('1 seconds', '2026-11-26T15:00:00.400Z')).toBe('2026-11-26T15:00:01.000Z');
    expect(next('10 seconds', '2026-11-26T15:00:01.000Z')).toBe('2026-11-26T15:00:10.000Z');
  });
});
