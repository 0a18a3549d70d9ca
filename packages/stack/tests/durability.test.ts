/**
 * Crash safety: the stack process is SIGKILLed while clients commit rows; its postmaster survives as an
 * orphan. The next start must take over without manual cleanup, and every commit the database
 * acknowledged must still be there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('durability', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await tempProject({
      migrations: {
        '20240101000000_ledger.sql':
          'create table public.ledger (writer int not null, seq int not null, primary key (writer, seq));',
      },
    });
  });
  afterAll(() => project.cleanup());

  it('keeps every acknowledged commit when the stack is killed mid-writes, and restarts unattended', async () => {
    const first = await serve(project);
    const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${project.ports.db}/postgres`;
    const sql = postgres(dbUrl, { max: 8, onnotice: () => {}, connect_timeout: 2 });
    const acknowledged: string[] = [];
    let stopWriting = false;

    // Eight writers commit one row per transaction and record a row only once its commit returned.
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      for (let seq = 0; !stopWriting; seq++) {
        try {
          await sql`insert into public.ledger (writer, seq) values (${writer}, ${seq})`;
          acknowledged.push(`${writer}:${seq}`);
        } catch {
          return; // the server went away: from here on nothing is acknowledged
        }
      }
    });

    while (acknowledged.length < 200) await sleep(5);
    process.kill(first.pid, 'SIGKILL');
    await exited(first.child);
    // The postmaster outlives its parent and keeps acknowledging commits until the next start stops it.
    const orphan = project.postmasterPid();
    expect(orphan).not.toBeNull();
    const ackedAtKill = acknowledged.length;

    const second = await serve(project);
    stopWriting = true;
    await Promise.all(writers);
    await sql.end({ timeout: 1 });
    expect(acknowledged.length).toBeGreaterThan(ackedAtKill);
    expect(isProcessRunning(orphan!)).toBe(false);
    expect(project.postmasterPid()).not.toBe(orphan);

    const check = postgres(dbUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await check<{ key: string }[]>`select writer || ':' || seq as key from public.ledger`;
      const present = new Set(rows.map((r) => r.key));
      const lost = acknowledged.filter((key) => !present.has(key));
      expect(lost).toEqual([]);
      // The warm start needed no migration: the CLI's record of it survived too.
      const versions = await check`select version from supabase_migrations.schema_migrations`;
      expect(versions.map((r) => r.version)).toEqual(['20240101000000']);
    } finally {
      await check.end();
    }

    second.child.kill('SIGTERM');
    await exited(second.child);
    expect(project.postmasterPid()).toBeNull();
    expect(existsSync(join(project.dataDir, 'db', 'postmaster.pid'))).toBe(false);
  });
});
