/**
 * @module postgres/server — runs a real PostgreSQL from the embedded binaries: initdb on first start,
 * crash-safe restart after the stack was killed, and a clean shutdown. As root it runs as `nobody`,
 * because PostgreSQL refuses to run as root.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, parse as parsePath } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isPortTaken, portInUse } from '../util/ports.ts';
import { isProcessRunning as isAlive } from '../util/process.ts';
import { findPostgresBinaries } from './binaries.ts';
import { installExtensionFiles } from './install-extensions.ts';
import { ensureVaultKey } from './vault-key.ts';

export const SUPERUSER = 'postgres';
/** The CLI's local password for `postgres` and the service roles; loopback-only, like `supabase start`. */
export const LOCAL_PASSWORD = 'postgres';

export interface PostgresServer {
  port: number;
  /** Superuser URL, as `supabase status` prints DB URL. */
  url: string;
  /** True when this start ran initdb (a fresh cluster that needs the bootstrap). */
  created: boolean;
  /** Settles when the server has gone, whether stopped or dead (a `kill -9`, a crash). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses root; `nobody` owns the cluster then. */
function runAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return { uid: 65534, gid: 65534 };
}

/** Lets `nobody` walk down to `path` (adds o+x to ancestors that lack it, never read rights). */
function ensureTraversable(path: string): void {
  let dir = path;
  const { root } = parsePath(path);
  while (dir !== root) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    dir = dirname(dir);
  }
}

function run(cmd: string, args: string[], user: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...user });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * A postmaster left behind by a stack that was killed (SIGKILL leaves its child running) is shut down,
 * by default with SIGQUIT; the next start replays the WAL, so every committed row survives. `stack stop`
 * passes SIGINT (fast shutdown with a checkpoint). Reports whether there was one.
 */
export async function stopOrphan(
  dataDir: string,
  signal: 'SIGQUIT' | 'SIGINT' = 'SIGQUIT',
): Promise<boolean> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  // After a reboot the pid may belong to something else; only a postgres process is ours to stop.
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline) && !readFileSync(cmdline, 'utf8').includes('postgres')) return false;
  process.kill(pid, signal);
  for (let i = 0; i < 400 && isAlive(pid); i++) await sleep(25);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return true;
}

/**
 * Backends of a postmaster that was SIGKILLed live on until they next notice its death, holding the
 * shared memory, and a new postmaster refuses to start until they are gone ("pre-existing shared memory
 * block is still in use"). Every backend's working directory is the data directory: that finds them.
 * Linux only (elsewhere the restart just waits for them to exit).
 */
function killStrandedBackends(dataDir: string): void {
  let entries: string[];
  let target: string;
  try {
    entries = readdirSync('/proc');
    target = realpathSync(dataDir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) !== target) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres')) continue;
      process.kill(Number(entry), 'SIGKILL');
    } catch {
      // gone meanwhile, or not ours to inspect
    }
  }
}

async function initCluster(dataDir: string, user: RunAs | undefined): Promise<void> {
  const { initdb } = findPostgresBinaries();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pwfile = join(dirname(dataDir), '.pgpass-init');
  writeFileSync(pwfile, `${LOCAL_PASSWORD}\n`, { mode: 0o600 });
  if (user) {
    chownSync(dataDir, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  try {
    await run(
      initdb,
      [
        '-D',
        dataDir,
        '-U',
        SUPERUSER,
        `--pwfile=${pwfile}`,
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-instructions',
        // 1 MB WAL segments instead of 16: a new cluster is a copy of a template (decision 007), and its one
        // 16 MB segment was a third of the bytes every cold start copies (decision 177).
        '--wal-segsize=1',
        // Skip fsyncing the ~1000 new files: a third of initdb's time. Only an OS crash in the first
        // seconds could hurt the new cluster (then `stack reset`); committed rows are fsynced as always.
        '--no-sync',
      ],
      user,
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/**
 * Starts `$0 "$@"` (postgres) in the background and SIGINTs it once stdin reaches EOF; exits with its code.
 * The reader runs in a subshell on a copy of stdin (fd 3) so that a server that exits by itself (a port
 * taken, a crash) ends the watchdog too, and the caller sees the exit.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$0" "$@" </dev/null &',
  'pg=$!',
  '(read -r _ <&3; while kill -INT "$pg" 2>/dev/null; do sleep 1; done) &',
  'watcher=$!',
  'wait "$pg"; code=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$code"',
].join('\n');

export interface StartPostgresOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}

export async function startPostgres({ dataDir, port, log }: StartPostgresOptions): Promise<PostgresServer> {
  const user = runAs();
  const { postgres, root } = findPostgresBinaries();
  mkdirSync(dirname(dataDir), { recursive: true });
  if (user) {
    ensureTraversable(root);
    ensureTraversable(dirname(dataDir));
  }
  // The emulated extensions (pg_cron, pg_net, Vault) must be in place before `create extension` runs.
  installExtensionFiles(root);
  // Vault's root key, beside the cluster and never in it (decision 172).
  ensureVaultKey(dirname(dataDir), user);
  if (!(await stopOrphan(dataDir)) && existsSync(dataDir)) killStrandedBackends(dataDir);
  if (await isPortTaken(port)) {
    throw portInUse(port, 'db', 'config.toml [db] port, or --db-port');
  }
  const created = !existsSync(join(dataDir, 'PG_VERSION'));
  if (created) await initCluster(dataDir, user);

  const settings: Record<string, string | number> = {
    listen_addresses: '127.0.0.1',
    port,
    unix_socket_directories: '',
    wal_level: 'logical',
    max_replication_slots: 20,
    max_wal_senders: 20,
    max_connections: 200,
    shared_buffers: '128MB',
    // Keep replication slots from holding WAL forever after a crash.
    max_slot_wal_keep_size: '1GB',
    // Crash recovery replays the WAL since the last checkpoint: checkpoints every 30 s (not 5 min) keep
    // a restart after `kill -9` near a second (postgres/supervisor.ts).
    checkpoint_timeout: '30s',
    timezone: 'UTC',
    // As the Supabase image: its planner cache estimate, and query identifiers (it preloads
    // pg_stat_statements), which EXPLAIN VERBOSE and PostgREST's plan output show.
    effective_cache_size: '128MB',
    compute_query_id: 'on',
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
  };
  const args = ['-D', dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  // Postgres runs under a small sh watchdog that holds a pipe from this process: when the pipe closes —
  // stop(), a normal exit, or this process being killed — it asks Postgres for a fast shutdown, so a
  // killed stack does not leave a server behind. The watchdog exits with Postgres's own exit code.
  // sh starts a background job with SIGINT ignored, so a SIGINT that comes before Postgres installs its own
  // handler is lost (a stack that dies right after this spawn left Postgres running): the watchdog repeats
  // it every second until Postgres is gone; once a fast shutdown is under way Postgres ignores the repeats.
  const child: ChildProcess = spawn('sh', ['-c', WATCHDOG, postgres, ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
    ...user,
  });
  // Closing the pipe of a watchdog that already exited (Postgres crashed) fails with EPIPE, which is no
  // news: the exit is what the supervisor acts on. Unheard, it would end the stack (decision 173).
  child.stdin?.on('error', () => {});

  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    const onData = (chunk: Buffer) => {
      stderr += chunk;
      if (stderr.includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        // Only trouble is worth a line; routine LOG chatter (checkpoints, shutdown) is dropped.
        child.stderr?.on('data', (d: Buffer) => {
          for (const line of d.toString().split('\n')) {
            // A fast shutdown ends every session with this FATAL; it is routine, not trouble.
            if (line.includes('terminating connection due to administrator command')) continue;
            if (/\b(WARNING|FATAL|PANIC):/.test(line)) log?.(line);
          }
        });
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`postgres exited with ${code} while starting:\n${stderr}`)),
    );
    // A spawn that fails (EAGAIN or ENOMEM on a loaded machine) emits 'error', maybe without 'exit'.
    child.once('error', (error) => reject(new Error(`could not start postgres: ${error.message}`)));
  });

  const url = `postgresql://${SUPERUSER}:${LOCAL_PASSWORD}@127.0.0.1:${port}/postgres`;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    port,
    url,
    created,
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // Closing the pipe makes the watchdog send SIGINT, PostgreSQL's fast shutdown: it rolls back
        // open transactions, checkpoints and exits.
        child.stdin?.end();
      }),
  };
}
