#!/usr/bin/env node
/**
 * @module cli — `stack start | stop | status | reset | serve | gen-types`: runs the local Supabase in the
 * background for a project folder and prints its URLs and keys the way `supabase status` does.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { enableCompileCache } from 'node:module';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stackEnvironment } from './env.ts';
import type { RunningStack, StartOptions } from './index.ts';
import { cliWorkdir } from './postgres/cli-workdir.ts';
import { generateTypes } from './postgres/database.ts';
import { stopOrphan } from './postgres/server.ts';
import { formatStatus, type StatusFormat } from './status.ts';
import type { StackEnv } from './testing.ts';
import { isProcessRunning } from './util/process.ts';

const usage = `Usage: stack <command> [options]

Commands:
  start        start Postgres, apply migrations and seed, serve the API (returns when ready)
  stop         stop everything this folder's stack runs
  status       print URLs and keys
  reset        rebuild the database from migrations and seed
  gen-types    supabase gen types typescript against the running stack (or --db-url)
  serve        run in the foreground (what start runs in the background)

Options:
  --workdir DIR       the project folder holding supabase/ (default: current directory)
  --data-dir DIR      where the cluster, files and keys live (default: <workdir>/.stack)
  --db-url URL        use this Postgres instead of the embedded one
  --port N            API port (default: config.toml [api] port, 54321)
  --db-port N         database port (default: config.toml [db] port, 54322)
  --inbox-port N      inbox port (default: config.toml [local_smtp] port, 54324)
  --require-api-key   start, serve, reset: hosted Supabase's key-auth at the gateway (REST, Realtime and
                      Auth answer 401 without a known apikey); default off, as \`supabase start\`
  -o, --output FMT    pretty | env | json (start, status, reset)
  --out FILE          gen-types: write the types to FILE instead of stdout
  --schema A,B        gen-types: schemas to generate (default: the CLI's)
  -h, --help          this help`;

/** A usage mistake: printed with the usage, exit code 2. */
class UsageError extends Error {}

/** `serve` could not start the stack: the cause's message, printed as a boot failure. */
class BootFailure extends Error {}

const COMMANDS = new Set(['start', 'stop', 'status', 'reset', 'serve', 'gen-types']);
const FORMATS = new Set(['pretty', 'env', 'json']);
const STARTS_A_STACK = new Set(['start', 'serve', 'reset']);

function parseCommandLine() {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      allowPositionals: true,
      options: {
        workdir: { type: 'string' },
        'data-dir': { type: 'string' },
        'db-url': { type: 'string' },
        port: { type: 'string' },
        'db-port': { type: 'string' },
        'inbox-port': { type: 'string' },
        'require-api-key': { type: 'boolean' },
        output: { type: 'string', short: 'o', default: 'pretty' },
        out: { type: 'string' },
        schema: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (command !== undefined && !COMMANDS.has(command)) throw new UsageError(`Unknown command "${command}".`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  // Only the commands that start a stack can choose how strict it is; elsewhere the flag would be
  // silently ignored, which reads as if it had worked.
  if (values['require-api-key'] && command !== undefined && !STARTS_A_STACK.has(command)) {
    throw new UsageError(`--require-api-key applies to start, serve and reset, not ${command}.`);
  }
  if (!FORMATS.has(values.output)) {
    throw new UsageError(`Invalid --output "${values.output}": use pretty, env or json.`);
  }
  const port = (flag: 'port' | 'db-port' | 'inbox-port'): number | undefined => {
    const raw = values[flag];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > 65535) {
      throw new UsageError(`Invalid --${flag} "${raw}": expected a port number 1-65535.`);
    }
    return n;
  };
  const ports: Exclude<StartOptions['ports'], 'auto' | undefined> = {};
  const [api, db, inbox] = [port('port'), port('db-port'), port('inbox-port')];
  if (api) ports.api = api;
  if (db) ports.db = db;
  if (inbox) ports.inbox = inbox;
  return { command, values, ports };
}

interface State extends StackEnv {
  pid: number;
  /** Whether the gateway has hosted's key-auth (`--require-api-key`); absent in older state files. */
  requireApiKey?: boolean;
}

/** The Supabase CLI's own words when a command needs the local database and it is not running. */
const NOT_RUNNING = 'supabase start is not running.';

const STRICT_NOTE =
  'The gateway requires an API key (--require-api-key): REST, Realtime and Auth answer 401 without one.';

async function main(): Promise<void> {
  const { command, values, ports } = parseCommandLine();
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  const workdir = resolve(values.workdir ?? stackEnvironment().STACK_WORKDIR ?? process.cwd());
  const dataDir = resolve(values['data-dir'] ?? join(workdir, '.stack'));
  const stateFile = join(dataDir, 'state.json');
  const logFile = join(dataDir, 'stack.log');
  const dbUrl = values['db-url'];
  const output = values.output as StatusFormat;
  let requireApiKey = values['require-api-key'] ?? false;

  function readState(): State | null {
    if (!existsSync(stateFile)) return null;
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
    if (isProcessRunning(state.pid)) return state;
    rmSync(stateFile, { force: true });
    return null;
  }

  async function serve(): Promise<void> {
    // Installed before anything starts: an error thrown from a callback while the stack boots (a child
    // process or socket event nobody listens for) would otherwise end Node with a bare stack trace and
    // its version line, and `stack start` would show that as the reason (decision 173).
    let stack: RunningStack | undefined;
    process.on('unhandledRejection', (reason) => {
      // A stray rejection in one service must not take the whole stack down, booting or not.
      process.stderr.write(`[stack] unhandled rejection: ${(reason as Error)?.stack ?? reason}\n`);
    });
    process.once('uncaughtException', (error) => {
      setTimeout(() => process.exit(1), 5000).unref();
      if (!stack) {
        // Postgres stops by itself when this process exits (its watchdog's pipe closes).
        process.stderr.write(`[stack] boot failed: ${error.stack ?? error}\n`);
        process.exit(1);
      }
      // A thrown exception leaves state unknown, so the stack stops cleanly (Postgres included)
      // instead of leaving an orphan.
      process.stderr.write(`[stack] fatal: ${error.stack ?? error}\n`);
      stack.stop().finally(() => {
        rmSync(stateFile, { force: true });
        process.exit(1);
      });
    });
    // Loaded here, not at the top: every service comes with it, and `status`/`stop` need none of them.
    // Node's compile cache (in the OS temp dir, keyed by file content) makes this import faster from the
    // second start on (decision 174); cli-entry.js turns it on earlier still, when serve is started through it.
    enableCompileCache();
    const { toEnv } = await import('./testing.ts');
    try {
      const { startStack } = await import('./index.ts');
      stack = await startStack({
        workdir,
        dataDir,
        ...(dbUrl ? { dbUrl } : {}),
        ...(Object.keys(ports).length ? { ports } : {}),
        requireApiKey,
      });
    } catch (error) {
      throw new BootFailure((error as Error).message, { cause: error });
    }
    // Written only now that every server listens, and atomically, so `start` never reads half a file.
    const state: State = { ...toEnv(stack), pid: process.pid, requireApiKey };
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state, null, 2));
    renameSync(`${stateFile}.tmp`, stateFile);
    process.stderr.write(`[stack] ready in ${stack.timings.ready} ms ${JSON.stringify(stack.timings)}\n`);
    const running = stack;
    const shutdown = async () => {
      await running.stop();
      rmSync(stateFile, { force: true });
      process.exit(0);
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  }

  /** Starts `serve` detached and returns once it is ready (state file written) or has failed. */
  async function start(): Promise<State> {
    const running = readState();
    if (running) {
      // Asked for key-auth but given an open gateway, a test of hosted behaviour would pass for wrong
      // reasons; ports differ loudly (connection refused), strictness does not, so it is refused here.
      if (requireApiKey && !running.requireApiKey) {
        throw new Error(
          'The local stack is already running without --require-api-key. ' +
            'Run `stack reset --require-api-key`, or `stack stop` and start it again.',
        );
      }
      return running;
    }
    const started = performance.now();
    mkdirSync(dataDir, { recursive: true });
    const out = openSync(logFile, 'a');
    // Through the entry that turns the compile cache on first: the stack's idle memory (decision 173).
    const entry = fileURLToPath(new URL('./cli-entry.js', import.meta.url));
    const args = [entry, 'serve', '--workdir', workdir, '--data-dir', dataDir];
    if (dbUrl) args.push('--db-url', dbUrl);
    if (ports.api) args.push('--port', String(ports.api));
    if (ports.db) args.push('--db-port', String(ports.db));
    if (ports.inbox) args.push('--inbox-port', String(ports.inbox));
    if (requireApiKey) args.push('--require-api-key');
    const logStart = existsSync(logFile) ? readFileSync(logFile).length : 0;
    const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', out, out] });
    closeSync(out);
    child.unref();
    let exited: number | null = null;
    child.once('exit', (code) => (exited = code ?? 1));
    for (;;) {
      const state = readState();
      if (state) {
        process.stderr.write(`Started the local stack in ${Math.round(performance.now() - started)} ms.\n`);
        return state;
      }
      if (exited !== null) {
        const log = readFileSync(logFile).subarray(logStart).toString('utf8').trim();
        throw new Error(`The stack failed to start (exit ${exited}):\n${log}\n(full log: ${logFile})`);
      }
      await sleep(20);
    }
  }

  /** Stops the background stack and any postmaster a killed stack left behind; reports whether either ran. */
  async function stop(): Promise<boolean> {
    const state = readState();
    let stopped = false;
    if (state) {
      stopped = true;
      process.kill(state.pid, 'SIGTERM');
      for (let i = 0; i < 500 && isProcessRunning(state.pid); i++) await sleep(10);
      if (isProcessRunning(state.pid)) process.kill(state.pid, 'SIGKILL');
      rmSync(stateFile, { force: true });
    }
    // A stack killed with SIGKILL leaves its postmaster running: nothing may be left behind.
    if (await stopOrphan(join(dataDir, 'db'), 'SIGINT')) stopped = true;
    return stopped;
  }

  switch (command) {
    case 'serve':
      return serve();
    case 'start': {
      const state = await start();
      if (state.requireApiKey) console.error(STRICT_NOTE);
      console.log(formatStatus(state, output));
      return;
    }
    case 'stop':
      console.log((await stop()) ? 'Stopped the local stack.' : 'The local stack is not running.');
      return;
    case 'status': {
      const state = readState();
      if (!state) {
        console.error('The local stack is not running. Start it with `stack start`.');
        process.exitCode = 1;
        return;
      }
      if (state.requireApiKey) console.error(STRICT_NOTE);
      console.log(formatStatus(state, output));
      return;
    }
    case 'reset': {
      if (dbUrl) {
        throw new Error(
          'reset rebuilds the embedded database; for --db-url use `supabase db reset --remote=<url>`.',
        );
      }
      // The stack comes back on the ports it ran on and as strict as it was, unless flags say otherwise.
      const previous = readState();
      if (previous) {
        ports.api ??= Number(new URL(previous.apiUrl).port);
        ports.db ??= Number(new URL(previous.dbUrl).port);
        ports.inbox ??= Number(new URL(previous.inboxUrl).port);
        requireApiKey ||= previous.requireApiKey ?? false;
      }
      const wasRunning = await stop();
      rmSync(join(dataDir, 'db'), { recursive: true, force: true });
      rmSync(join(dataDir, 'bootstrap.hash'), { force: true });
      rmSync(join(dataDir, 'storage'), { recursive: true, force: true });
      const state = await start();
      console.error(wasRunning ? 'Reset the database; the stack is running again.' : 'Reset the database.');
      if (state.requireApiKey) console.error(STRICT_NOTE);
      console.log(formatStatus(state, output));
      return;
    }
    case 'gen-types': {
      // As `supabase gen types --local`: a stopped stack is an error, not a reason to start one.
      const target = readState()?.dbUrl ?? dbUrl;
      if (!target) {
        console.error(`${NOT_RUNNING}\nStart the local stack with \`stack start\`, or pass --db-url.`);
        process.exitCode = 1;
        return;
      }
      // A CLI 2.x `[inbucket]` project needs the shadow folder, or the CLI refuses its config.toml.
      const cliDir = cliWorkdir(workdir, dataDir);
      const types = await generateTypes(target, cliDir, values.schema?.split(','));
      if (values.out) writeFileSync(values.out, types);
      else process.stdout.write(types);
      return;
    }
  }
}

main().catch((error: Error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\nRun \`stack --help\` for usage.`);
    process.exit(2);
  }
  // `serve` that could not start says so before why, as its uncaught errors do (the log shows both).
  console.error(error instanceof BootFailure ? `[stack] boot failed: ${error.message}` : error.message);
  process.exit(1);
});
