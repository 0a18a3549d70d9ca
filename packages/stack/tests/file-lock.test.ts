/** The machine-wide lock that serialises fetching functions' npm packages into the shared Deno cache. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LockTimeout, withFileLock } from '../src/util/file-lock.ts';

const lockPath = () => join(mkdtempSync(join(tmpdir(), 'stack-lock-')), 'fetch.lock');

describe('withFileLock', () => {
  it('lets one holder in at a time and releases the lock afterwards', async () => {
    const path = lockPath();
    let inside = 0;
    let most = 0;
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        withFileLock(path, 10_000, async () => {
          most = Math.max(most, ++inside);
          await sleep(5);
          inside--;
          return n;
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(1);
    expect(await withFileLock(path, 0, async () => 'free again')).toBe('free again');
  });

  it('releases the lock when the work fails', async () => {
    const path = lockPath();
    await expect(withFileLock(path, 1000, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await withFileLock(path, 0, async () => 'taken')).toBe('taken');
  });

  it('takes over a lock whose holder was killed', async () => {
    const path = lockPath();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout;
    mkdirSync(path);
    writeFileSync(join(path, 'pid'), String(dead));
    expect(await withFileLock(path, 0, async () => 'taken over')).toBe('taken over');
  });

  it('gives up with LockTimeout while a live process holds it', async () => {
    const path = lockPath();
    mkdirSync(path);
    writeFileSync(join(path, 'pid'), String(process.pid));
    await expect(withFileLock(path, 200, async () => 'never')).rejects.toBeInstanceOf(LockTimeout);
  });
});
