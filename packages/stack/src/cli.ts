#!/usr/bin/env node
/**
 * @module cli — `stack start | stop | status | reset | serve | gen-types`: runs the local Supabase in the
 * background for a project folder and prints its URLs and keys the way `supabase status` does.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type RunningStack, startStack } from './index.ts';
import { generateTypes } from './postgres/database.ts';
import { formatStatus, type StatusFormat } from './status.ts';
import { type StackEnv, toEnv } from './testing.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    workdir: { type: 'string' },
    'data-dir': { type: 'string' },
    'db-url': { type: 'string' },
    output: { type: 'string', short: 'o', default: 'pretty' },
    out: { type: 'string' },
    schema: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const workdir = resolve(values.workdir ?? process.env.STACK_WORKDIR ?? process.cwd());
const dataDir = resolve(values['data-dir'] ?? join(workdir, '.stack'));
const stateFile = join(dataDir, 'state.json');
const logFile = join(dataDir, 'stack.log');

interface State extends StackEnv {
  pid: number;
}

function readState(): State | null {
  if (!existsSync(stateFile)) return null;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    rmSync(stateFile, { force: true });
    return null;
  }
}

async function serve(): Promise<void> {
  const stack: RunningStack = await startStack({
    workdir,
    dataDir,
    ...(values['db-url'] ? { dbUrl: values['db-url'] } : {}),
  });
  writeFileSync(stateFile, JSON.stringify({ ...toEnv(stack), pid: process.pid }, null, 2));
  process.stderr.write(`[stack] ready in ${stack.timings.ready} ms ${JSON.stringify(stack.timings)}\n`);
  const shutdown = async () => {
    rmSync(stateFile, { force: true });
    await stack.stop();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/** Starts `serve` detached and returns once it is ready (state file written) or has failed. */
async function start(): Promise<State> {
  const running = readState();
  if (running) return running;
  const started = performance.now();
  mkdirSync(dataDir, { recursive: true });
  const out = openSync(logFile, 'a');
  const args = [fileURLToPath(import.meta.url), 'serve', '--workdir', workdir, '--data-dir', dataDir];
  if (values['db-url']) args.push('--db-url', values['db-url']);
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
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
      throw new Error(`the stack failed to start (exit ${exited}); last lines of ${logFile}:\n${tail}`);
    }
    await sleep(20);
  }
}

async function stop(): Promise<boolean> {
  const state = readState();
  if (!state) return false;
  process.kill(state.pid, 'SIGTERM');
  for (let i = 0; i < 500; i++) {
    try {
      process.kill(state.pid, 0);
      await sleep(20);
    } catch {
      return true;
    }
  }
  process.kill(state.pid, 'SIGKILL');
  return true;
}

const usage = `Usage: stack <command> [--workdir DIR] [--data-dir DIR] [--db-url URL]

Commands:
  start        start Postgres, apply migrations and seed, serve the API (returns when ready)
  stop         stop everything this folder's stack runs
  status       print URLs and keys (-o pretty|env|json)
  reset        rebuild the database from migrations and seed
  gen-types    supabase gen types typescript against the stack (--out FILE, --schema a,b)
  serve        run in the foreground (what start runs in the background)`;

async function main(): Promise<void> {
  const command = positionals[0];
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  switch (command) {
    case 'serve':
      return serve();
    case 'start':
      console.log(formatStatus(await start(), values.output as StatusFormat));
      return;
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
      console.log(formatStatus(state, values.output as StatusFormat));
      return;
    }
    case 'reset': {
      const wasRunning = await stop();
      if (values['db-url'])
        throw new Error(
          'reset rebuilds the embedded database; for --db-url use `supabase db reset --db-url`',
        );
      rmSync(join(dataDir, 'db'), { recursive: true, force: true });
      rmSync(join(dataDir, 'bootstrap.hash'), { force: true });
      rmSync(join(dataDir, 'storage'), { recursive: true, force: true });
      const state = await start();
      console.log(wasRunning ? 'Reset the database; the stack is running again.' : 'Reset the database.');
      console.log(formatStatus(state, values.output as StatusFormat));
      return;
    }
    case 'gen-types': {
      const state = readState() ?? (await start());
      const types = await generateTypes(state.dbUrl, workdir, values.schema?.split(','));
      if (values.out) writeFileSync(values.out, types);
      else process.stdout.write(types);
      return;
    }
    default:
      console.error(`Unknown command "${command}".\n\n${usage}`);
      process.exitCode = 2;
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
