/**
 * @module bench/run — runs every benchmark in this folder that exists (start, rest, auth, realtime, faults,
 * storage, functions), each file's exported `bench*()` functions one after another, and prints a table.
 *
 * A bench function returns rows `{ name, value, unit, target? }`, or an object of `name → number` or
 * `name → { value, unit }`, or nothing when it prints its own results.
 * Usage: `pnpm bench` (all) or `node bench/run.ts rest auth` (some); `--load=N` runs them beside N busy
 * processes (`node bench/run.ts start rest --load=4` on 2 cores is issue 22's "under load").
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadArgument, startBusyLoad } from './load.ts';

const SUITES = [
  'start',
  'rest',
  'auth',
  'realtime',
  'realtime-load',
  'storage',
  'functions',
  'background',
  'faults',
];

interface Row {
  suite: string;
  name: string;
  value: string;
  unit: string;
  target: string;
}

function rowsOf(suite: string, result: unknown): Row[] {
  const row = (name: string, value: unknown, unit = '', target = ''): Row => ({
    suite,
    name,
    value: typeof value === 'number' ? String(Math.round(value * 100) / 100) : String(value),
    unit,
    target,
  });
  if (Array.isArray(result)) {
    return result.map((r: { name: string; value: unknown; unit?: string; target?: string }) =>
      row(r.name, r.value, r.unit, r.target),
    );
  }
  if (result && typeof result === 'object') {
    return Object.entries(result).map(([name, v]) =>
      v && typeof v === 'object' && 'value' in v
        ? row(name, (v as { value: unknown }).value, (v as { unit?: string }).unit)
        : row(name, v),
    );
  }
  return [];
}

function table(rows: Row[]): string {
  const header: Row = { suite: 'bench', name: 'metric', value: 'value', unit: 'unit', target: 'target' };
  const all = [header, ...rows];
  const keys = ['suite', 'name', 'value', 'unit', 'target'] as const;
  const width = Object.fromEntries(keys.map((k) => [k, Math.max(...all.map((r) => r[k].length))]));
  const line = (r: Row) =>
    keys.map((k) => (k === 'value' ? r[k].padStart(width[k]!) : r[k].padEnd(width[k]!))).join('  ');
  return [line(header), keys.map((k) => '-'.repeat(width[k]!)).join('  '), ...rows.map(line)].join('\n');
}

const args = process.argv.slice(2);
const wanted = args.filter((a) => !a.startsWith('--'));
let busy = 0;
try {
  busy = loadArgument(args);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const stopLoad = startBusyLoad(busy);
const rows: Row[] = [];
let failed = false;
const errors: string[] = [];
for (const suite of SUITES) {
  if (wanted.length && !wanted.includes(suite)) continue;
  const file = fileURLToPath(new URL(`./${suite}.ts`, import.meta.url));
  if (!existsSync(file)) continue;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  for (const [name, fn] of Object.entries(mod)) {
    if (!name.startsWith('bench') || typeof fn !== 'function') continue;
    process.stderr.write(`running ${suite}: ${name}()…\n`);
    try {
      rows.push(...rowsOf(suite, await (fn as () => unknown)()));
    } catch (error) {
      failed = true;
      rows.push({ suite, name: `${name} FAILED`, value: '-', unit: '', target: 'see below' });
      errors.push(`${suite} ${name}: ${(error as Error)?.stack ?? error}`);
    }
  }
}
stopLoad();
if (busy > 0) {
  rows.push({
    suite: 'load',
    name: 'busy processes beside the bench',
    value: String(busy),
    unit: '',
    target: '',
  });
  rows.push({
    suite: 'load',
    name: 'load average (1 min) at the end',
    value: loadavg()[0]!.toFixed(1),
    unit: '',
    target: '',
  });
}
console.log(table(rows));
for (const error of errors) console.error(`\n${error}`);
if (failed) process.exitCode = 1;
