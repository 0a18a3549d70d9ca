/** @module util/process — whether a process still runs, not counting zombies (exited, not yet reaped). */
import { readFileSync } from 'node:fs';

/**
 * `kill(pid, 0)` also succeeds for a zombie: a detached stack or an orphaned postmaster that exited but
 * that PID 1 has not reaped yet (some init processes take seconds). Linux's /proc tells them apart.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user (a postmaster running as `nobody` seen by a non-root user).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // The state is the field after the parenthesised command name, which may itself hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}
