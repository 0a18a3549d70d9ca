/**
 * @module bench/start — how fast the stack starts and stops and how much memory it holds idle, measured
 * as a developer meets it: `stack serve` as a child process on a copy of the fixture project.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { stopOrphan } from '../src/postgres/server.ts';
import { freePort } from '../src/util/ports.ts';
import { median } from './lib.ts';

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** What the row is held to, for the report (e.g. "≤ 2000"). */
  target?: string;
}

/** The entry `stack start` runs serve through (compile cache on before any TypeScript is loaded). */
const CLI = fileURLToPath(new URL('../src/cli-entry.js', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
const RUNS = 3;

interface Serving {
  child: ChildProcess;
  readyMs: number;
  /** The stack's own `timings.ready`: from startStack() to listening, without Node's start and imports. */
  inProcessMs: number;
  /** startStack's timings by phase (ms since it was called), from the ready line. */
  phases: Record<string, number>;
}

/** Spawns `stack serve` and resolves when its state file names it (every server listens). */
async function serve(flags: string[], dataDir: string, env?: Record<string, string>): Promise<Serving> {
  const stateFile = join(dataDir, 'state.json');
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'serve', ...flags], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  for (;;) {
    if (existsSync(stateFile)) {
      const { pid } = JSON.parse(readFileSync(stateFile, 'utf8')) as { pid: number };
      if (pid === child.pid) {
        const readyMs = performance.now() - started;
        for (let i = 0; i < 100 && !/ready in \d+ ms/.test(stderr); i++) await sleep(5);
        const line = /ready in (\d+) ms (\{.*\})/.exec(stderr);
        const phases = line ? (JSON.parse(line[2]!) as Record<string, number>) : {};
        return { child, readyMs, inProcessMs: Number(line?.[1] ?? NaN), phases };
      }
    }
    if (child.exitCode !== null) throw new Error(`stack serve exited with ${child.exitCode}:\n${stderr}`);
    await sleep(5);
  }
}

/** SIGTERM, as `stack stop` sends; resolves with the milliseconds until the process (and Postgres) exited. */
async function stop(child: ChildProcess): Promise<number> {
  const started = performance.now();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await exited;
  return performance.now() - started;
}

/** Resident memory in MB: all of it, anonymous (heap, WebAssembly, malloc) and mapped files (code). */
function rssMb(pid: number): { total: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { total: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
}

/** Each phase's own length (startStack's marks are cumulative), median over the runs. */
function phaseRows(label: string, runs: Record<string, number>[]): BenchRow[] {
  const names = Object.keys(runs[0] ?? {});
  return names.map((name, i) => {
    const own = runs.map((p) => (p[name] ?? NaN) - (i ? (p[names[i - 1]!] ?? NaN) : 0));
    return { name: `${label} phase: ${name} (median)`, value: Math.round(median(own)), unit: 'ms' };
  });
}

/** Median and spread of a list of start times. */
function timeRows(label: string, ms: number[], target?: string): BenchRow[] {
  return [
    {
      name: `${label} (median of ${ms.length})`,
      value: Math.round(median(ms)),
      unit: 'ms',
      ...(target ? { target } : {}),
    },
    { name: `${label}: min`, value: Math.round(Math.min(...ms)), unit: 'ms' },
    { name: `${label}: max`, value: Math.round(Math.max(...ms)), unit: 'ms' },
  ];
}

export async function benchStart(): Promise<BenchRow[]> {
  const root = mkdtempSync(join(tmpdir(), 'stack-bench-'));
  const workdir = join(root, 'project');
  cpSync(FIXTURE, workdir, { recursive: true });
  // A migration no earlier run has seen makes a cold start "new migrations" (no migrated template).
  const novel = join(workdir, 'supabase', 'migrations', '29990101000000_bench_novel.sql');
  const fresh: number[] = [];
  const known: number[] = [];
  const warm: number[] = [];
  const warmInProcess: number[] = [];
  const stops: number[] = [];
  const freshPhases: Record<string, number>[] = [];
  const freshByCli: number[] = [];
  const freshByCliPhases: Record<string, number>[] = [];
  const knownPhases: Record<string, number>[] = [];
  const warmPhases: Record<string, number>[] = [];
  let rss = { total: NaN, anon: NaN, file: NaN };
  let dirs = 0;
  try {
    const ports = [
      '--port',
      await freePort(),
      '--db-port',
      await freePort(),
      '--inbox-port',
      await freePort(),
    ];
    const coldServe = async (env?: Record<string, string>) => {
      const dataDir = join(root, `data-${dirs++}`);
      const flags = ['--workdir', workdir, '--data-dir', dataDir, ...ports.map(String)];
      return { flags, dataDir, serving: await serve(flags, dataDir, env) };
    };
    // Cold, new migrations: a data dir that does not exist yet, migrations and seed applied by the stack
    // (decision 176), each run followed by one through the CLI, so both see the same moment's load.
    for (let run = 0; run < RUNS; run++) {
      writeFileSync(novel, `-- bench run ${randomUUID()}\nselect 1;\n`);
      const { serving } = await coldServe();
      fresh.push(serving.readyMs);
      freshPhases.push(serving.phases);
      stops.push(await stop(serving.child));
      writeFileSync(novel, `-- bench run ${randomUUID()}\nselect 1;\n`);
      const byCli = (await coldServe({ STACK_PUSH_WITH_CLI: '1' })).serving;
      freshByCli.push(byCli.readyMs);
      freshByCliPhases.push(byCli.phases);
      stops.push(await stop(byCli.child));
    }
    rmSync(novel);
    // The fixture's migrations as they are: the first cold start marks them seen, the second builds the
    // migrated template (decision 175); neither is counted.
    for (let run = 0; run < 2; run++) stops.push(await stop((await coldServe()).serving.child));
    for (let run = 0; run < RUNS; run++) {
      // Cold, known migrations: a copy of the migrated template, no CLI.
      const { flags, dataDir, serving } = await coldServe();
      known.push(serving.readyMs);
      knownPhases.push(serving.phases);
      stops.push(await stop(serving.child));
      // Warm: the same data dir again (no pending migration, so the CLI is not started).
      const second = await serve(flags, dataDir);
      warm.push(second.readyMs);
      warmInProcess.push(second.inProcessMs);
      warmPhases.push(second.phases);
      if (run === RUNS - 1) {
        await sleep(2000); // let start-up garbage be collected and lazy work settle
        rss = rssMb(second.child.pid!);
      }
      stops.push(await stop(second.child));
    }
  } finally {
    // A run that failed half-way may have left a postmaster behind.
    for (let dir = 0; dir < dirs; dir++) await stopOrphan(join(root, `data-${dir}`, 'db'), 'SIGINT');
    rmSync(root, { recursive: true, force: true });
  }
  return [
    ...timeRows('cold start, new migrations, to ready', fresh, '≤ 1500'),
    {
      name: 'cold start: Node start and imports before startStack (median)',
      value: Math.round(median(fresh.map((c, i) => c - (freshPhases[i]?.ready ?? NaN)))),
      unit: 'ms',
    },
    ...phaseRows('cold start, new migrations', freshPhases),
    ...timeRows('cold start, new migrations through the CLI (STACK_PUSH_WITH_CLI)', freshByCli),
    ...phaseRows('cold start, new migrations through the CLI', freshByCliPhases),
    ...timeRows('cold start, migrations applied before, to ready', known, '≤ 1500'),
    ...phaseRows('cold start, migrations applied before', knownPhases),
    ...timeRows('warm start to ready', warm, '≤ 1500'),
    {
      name: 'warm start inside the process (startStack, median)',
      value: Math.round(median(warmInProcess)),
      unit: 'ms',
    },
    ...phaseRows('warm start', warmPhases),
    { name: 'stop (SIGTERM to exit, median)', value: Math.round(median(stops)), unit: 'ms' },
    { name: 'idle RSS of the stack process', value: Math.round(rss.total), unit: 'MB', target: '≤ 100' },
    { name: 'idle RSS: anonymous (heap, WebAssembly, malloc)', value: Math.round(rss.anon), unit: 'MB' },
    { name: 'idle RSS: mapped files (code)', value: Math.round(rss.file), unit: 'MB' },
    { name: 'load average (1 min) at the end', value: Number(loadavg()[0]!.toFixed(1)), unit: '' },
  ];
}
