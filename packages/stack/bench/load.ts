/**
 * @module bench/load — `--load=N` for the bench runner: N busy processes beside the measurements, so "under
 * load" means the same thing on every run instead of whatever else the machine happened to be doing.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** Reads `--load=N` (a whole number from 0 to 16) from the arguments; 0 when absent. */
export function loadArgument(args: string[]): number {
  const arg = args.find((a) => a.startsWith('--load='));
  if (!arg) return 0;
  const count = Number(arg.slice('--load='.length));
  if (!Number.isInteger(count) || count < 0 || count > 16) {
    throw new Error(`--load takes a whole number of busy processes from 0 to 16, not "${arg}"`);
  }
  return count;
}

/** Starts `count` processes that each keep one core busy; the returned function stops them. */
export function startBusyLoad(count: number): () => void {
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  return () => {
    for (const child of children) child.kill('SIGKILL');
  };
}
