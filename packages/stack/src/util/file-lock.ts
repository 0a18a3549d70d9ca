/**
 * @module util/file-lock — a lock shared by every process on the machine (other stacks, other test
 * files), held as a directory: `mkdir` is atomic on every file system Node supports, and Node has no flock.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessRunning } from './process.ts';

export class LockTimeout extends Error {}

/** The lock's holder is gone (it was killed while holding it), so the lock may be taken over. */
function isStale(path: string, staleMs: number): boolean {
  try {
    const pid = Number(readFileSync(join(path, 'pid'), 'utf8'));
    if (Number.isInteger(pid) && pid > 0) return !isProcessRunning(pid);
  } catch {
    // No pid file yet: the holder is between `mkdir` and writing it, unless that was long ago.
  }
  try {
    return Date.now() - statSync(path).mtimeMs > staleMs;
  } catch {
    return false; // released meanwhile; the next attempt takes it
  }
}

/**
 * Runs `work` while holding the lock at `path`, waiting at most `waitMs` for it.
 * @example await withFileLock(join(cacheDir, 'fetch.lock'), 60_000, () => download());
 */
export async function withFileLock<T>(path: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (isStale(path, waitMs)) {
      rmSync(path, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new LockTimeout(`lock ${path} still held after ${waitMs} ms`);
    await sleep(50);
  }
  try {
    writeFileSync(join(path, 'pid'), String(process.pid));
    return await work();
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
}
