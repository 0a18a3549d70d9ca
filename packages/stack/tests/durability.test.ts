/**
 * Crash safety: the stack process is SIGKILLed while clients commit rows. Its Postgres either shuts down
 * through the watchdog or, when the watchdog is killed too, survives as an orphan that the next start takes
 * over. Either way no manual cleanup is needed and every commit the database acknowledged is still there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY } from '../src/keys.ts';
import { isProcessRunning } from '../src/util/process.ts';
import { CLI, type TempProject, tempProject } from './helpers/cli.ts';

/** Runs `stack serve` as a child and resolves once it has written its state file (everything listens). */
async function serve(project: TempProject): Promise<{ child: ChildProcess; pid: number }> {
  const stateFile = join(project.dataDir, 'state.json');
  const child = spawn(process.execPath, [CLI, 'serve', ...project.flags], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  for (let i = 0; i < 1500; i++) {
    if (existsSync(stateFile)) {
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { pid: number };
      if (state.pid === child.pid) return { child, pid: child.pid };
    }
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}:\n${stderr}`);
    await sleep(20);
  }
  throw new Error(`serve did not become ready:\n${stderr}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

/** The children of a process, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((child) => {
      try {
        return parentOf(child) === pid;
      } catch {
        return false; // exited meanwhile
      }
    });
}

/** The parent of a process, from /proc (Linux). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

interface Writes {
  acknowledged: string[];
  /** Why writers stopped before finish(): a server that went away, as each writer saw it. */
  failures: string[];
  /** Stops the writers and resolves once every one of them has returned. */
  finish(): Promise<void>;
}

/** Eight writers commit one row per transaction and record a row only once its commit returned. */
function startWrites(dbUrl: string, round: number): Writes {
  const sql = postgres(dbUrl, { max: 8, onnotice: () => {}, connect_timeout: 2 });
  const acknowledged: string[] = [];
  const failures: string[] = [];
  let stop = false;
  const writers = Array.from({ length: 8 }, async (_, writer) => {
    for (let seq = 0; !stop; seq++) {
      try {
        await sql`insert into public.ledger (round, writer, seq) values (${round}, ${writer}, ${seq})`;
        acknowledged.push(`${round}:${writer}:${seq}`);
      } catch (error) {
        failures.push(String(error));
        return; // the server went away: from here on nothing is acknowledged
      }
    }
  });
  return {
    acknowledged,
    failures,
    async finish() {
      stop = true;
      await Promise.all(writers);
      await sql.end({ timeout: 1 });
    },
  };
}

describe('durability', { timeout: 90_000 }, () => {
  let project: TempProject;
  let dbUrl: string;
  beforeAll(async () => {
    project = await tempProject({
      migrations: {
        '20240101000000_ledger.sql':
          'create table public.ledger (round int, writer int, seq int, primary key (round, writer, seq));',
      },
    });
    dbUrl = `postgresql://postgres:postgres@127.0.0.1:${project.ports.db}/postgres`;
  });
  afterAll(() => project.cleanup());

  /** Every acknowledged row is in the table, and the CLI's migration record survived too. */
  async function expectAllPresent(acknowledged: string[]): Promise<void> {
    const check = postgres(dbUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await check<
        { key: string }[]
      >`select round || ':' || writer || ':' || seq as key from public.ledger`;
      const present = new Set(rows.map((r) => r.key));
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((key) => !present.has(key))).toEqual([]);
      const versions = await check`select version from supabase_migrations.schema_migrations`;
      expect(versions.map((r) => r.version)).toEqual(['20240101000000']);
    } finally {
      await check.end();
    }
  }

  it('a killed stack takes its Postgres down cleanly and keeps every acknowledged commit', async () => {
    const first = await serve(project);
    const writes = startWrites(dbUrl, 1);
    while (writes.acknowledged.length < 200) await sleep(5);
    const postmaster = project.postmasterPid()!;
    process.kill(first.pid, 'SIGKILL');
    await exited(first.child);
    // The watchdog saw its pipe close and asked Postgres for a fast shutdown: nothing is left running.
    for (let i = 0; i < 3000 && isProcessRunning(postmaster); i++) await sleep(10);
    expect(isProcessRunning(postmaster)).toBe(false);
    await writes.finish();

    const second = await serve(project);
    try {
      await expectAllPresent(writes.acknowledged);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
    expect(project.postmasterPid()).toBeNull();
  });

  it('an orphaned Postgres (stack and watchdog killed) is taken over by the next start, losing nothing', async () => {
    const first = await serve(project);
    const writes = startWrites(dbUrl, 2);
    while (writes.acknowledged.length < 200) await sleep(5);
    const orphan = project.postmasterPid()!;
    // Kill the watchdog's reader, the stack, then the watchdog: nothing is left to stop Postgres. The stack
    // goes before the watchdog, or it may see the watchdog exit and stop Postgres itself (a CI run at load
    // was descheduled between the two kills and lost the orphan that way).
    const watchdog = parentOf(orphan);
    for (const child of childrenOf(watchdog)) if (child !== orphan) process.kill(child, 'SIGKILL');
    process.kill(first.pid, 'SIGKILL');
    await exited(first.child);
    process.kill(watchdog, 'SIGKILL');
    // The postmaster outlives both and keeps acknowledging commits. Waiting for one before the next start
    // proves it, whatever the machine's load: racing the next start's takeover is not the point here.
    expect(isProcessRunning(orphan)).toBe(true);
    const ackedAtKill = writes.acknowledged.length;
    for (let i = 0; i < 1000 && writes.acknowledged.length === ackedAtKill; i++) await sleep(10);
    expect(writes.failures).toEqual([]);
    expect(writes.acknowledged.length).toBeGreaterThan(ackedAtKill);

    // The next start stops the orphan (SIGQUIT: an immediate shutdown, then crash recovery replays the
    // WAL) while the writers are still committing.
    const second = await serve(project);
    try {
      await writes.finish();
      expect(isProcessRunning(orphan)).toBe(false);
      expect(project.postmasterPid()).not.toBe(orphan);
      await expectAllPresent(writes.acknowledged);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
    expect(project.postmasterPid()).toBeNull();
    expect(existsSync(join(project.dataDir, 'db', 'postmaster.pid'))).toBe(false);
  });

  it('a killed stack takes its Deno workers with it', async () => {
    const fixture = new URL('./fixtures/project/supabase/functions/crashes', import.meta.url);
    cpSync(fixture, join(project.workdir, 'supabase', 'functions', 'crashes'), { recursive: true });
    const stack = await serve(project);
    const postmaster = project.postmasterPid()!;
    const res = await fetch(`http://127.0.0.1:${project.ports.api}/functions/v1/crashes`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
    });
    const { pid: worker } = (await res.json()) as { pid: number };
    expect(parentOf(worker)).toBe(stack.pid);
    process.kill(stack.pid, 'SIGKILL');
    await exited(stack.child);
    // The worker reads EOF on the pipe the stack held and exits: nothing keeps listening as an orphan.
    for (let i = 0; i < 1000 && isProcessRunning(worker); i++) await sleep(10);
    expect(isProcessRunning(worker)).toBe(false);
    for (let i = 0; i < 3000 && isProcessRunning(postmaster); i++) await sleep(10);
    expect(isProcessRunning(postmaster)).toBe(false);
  });
});
