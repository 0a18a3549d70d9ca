/**
 * @module background/cron/schedule — pg_cron's schedule grammar (Vixie cron's five fields, @ nicknames,
 * `$` for the last day of the month, '[1-59] seconds') parsed into sets, and the next run after a
 * moment, in UTC as pg_cron's default `cron.timezone` is GMT. The SQL side validates the same grammar
 * (`cron._schedule_is_valid`), so the worker only meets schedules that parse.
 */

export type Schedule =
  | { kind: 'seconds'; every: number }
  | {
      kind: 'cron';
      minute: Set<number>;
      hour: Set<number>;
      dom: Set<number>;
      month: Set<number>;
      dow: Set<number>;
      lastDom: boolean;
      domStar: boolean;
      dowStar: boolean;
    };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function number(token: string, names: string[], low: number): number | undefined {
  if (/^\d{1,4}$/.test(token)) return Number(token);
  const at = names.indexOf(token);
  return at < 0 ? undefined : at + low;
}

function field(text: string, low: number, high: number, names: string[] = []): Set<number> | undefined {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const m = /^(\*|[a-z0-9]+)(?:-([a-z0-9]+))?(?:\/(\d+))?$/.exec(item);
    if (!m) return undefined;
    const [, first, second, stepText] = m;
    let from = low;
    let to = high;
    if (first !== '*') {
      from = number(first!, names, low) ?? -1;
      to = second === undefined ? from : (number(second, names, low) ?? -1);
      if (second === undefined && stepText !== undefined) return undefined;
    } else if (second !== undefined) return undefined;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (from < low || from > high || to < low || to > high || step <= 0 || step > high) return undefined;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/** Parses a schedule as pg_cron does; undefined when pg_cron would call it invalid. */
export function parseSchedule(text: string): Schedule | undefined {
  const s = text.trim().toLowerCase();
  const seconds = /^(\d+)\s*seconds?$/.exec(s);
  if (seconds) {
    const every = Number(seconds[1]);
    return every >= 1 && every <= 59 ? { kind: 'seconds', every } : undefined;
  }
  const fields = (NICKNAMES[s] ?? s).split(/\s+/);
  if (fields.length !== 5) return undefined;
  const [min, hr, domText, mon, dowText] = fields as [string, string, string, string, string];
  const lastDom = domText === '$';
  const minute = field(min, 0, 59);
  const hour = field(hr, 0, 23);
  const dom = lastDom ? new Set<number>() : field(domText, 1, 31);
  const month = field(mon, 1, 12, MONTHS);
  const dow = field(dowText, 0, 7, DAYS);
  if (!minute || !hour || !dom || !month || !dow) return undefined;
  // 7 is Sunday too.
  if (dow.has(7)) dow.add(0);
  return {
    kind: 'cron',
    minute,
    hour,
    dom,
    month,
    dow,
    lastDom,
    domStar: domText.startsWith('*'),
    dowStar: dowText.startsWith('*'),
  };
}

function dayMatches(s: Extract<Schedule, { kind: 'cron' }>, d: Date): boolean {
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  const domOk = s.lastDom ? d.getUTCDate() === lastDay : s.dom.has(d.getUTCDate());
  const dowOk = s.dow.has(d.getUTCDay());
  // Vixie cron: when both day fields are restricted, either may match.
  if (s.domStar || s.dowStar) return domOk && dowOk;
  return domOk || dowOk;
}

/** The first run strictly after `after` (ms since epoch); undefined if none within about five years. */
export function nextRun(schedule: Schedule, after: number): number | undefined {
  if (schedule.kind === 'seconds') {
    const period = schedule.every * 1000;
    return Math.floor(after / period) * period + period;
  }
  const d = new Date(Math.floor(after / 60_000) * 60_000 + 60_000);
  const limit = after + 5 * 366 * 24 * 3600 * 1000;
  while (d.getTime() <= limit) {
    if (!schedule.month.has(d.getUTCMonth() + 1)) {
      d.setUTCMonth(d.getUTCMonth() + 1, 1);
      d.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(schedule, d)) {
      d.setUTCDate(d.getUTCDate() + 1);
      d.setUTCHours(0, 0, 0, 0);
    } else if (!schedule.hour.has(d.getUTCHours())) {
      d.setUTCHours(d.getUTCHours() + 1, 0, 0, 0);
    } else if (!schedule.minute.has(d.getUTCMinutes())) {
      d.setUTCMinutes(d.getUTCMinutes() + 1, 0, 0);
    } else return d.getTime();
  }
  return undefined;
}
