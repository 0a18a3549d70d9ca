/**
 * A fresh copy of the board is read only once no write of ours waits, and read again when a write was queued
 * while it was read: that copy may not hold the write, and would take it back on screen.
 */
import { expect, it } from 'vitest';
import { readSettledCopy } from './settled-copy.ts';
import { type Outcome, WriteQueue } from './write-queue.ts';

const ok = () => Promise.resolve({ ok: true as const, value: null });

it('reads once when no write is queued meanwhile', async () => {
  const queue = new WriteQueue();
  let reads = 0;
  const copy = await readSettledCopy(queue, async () => `copy ${++reads}`);
  expect(copy).toBe('copy 1');
  expect(reads).toBe(1);
});

it('waits for the writes already queued before reading', async () => {
  const queue = new WriteQueue();
  const stored: string[] = [];
  let answer!: () => void;
  void queue.push(
    () =>
      new Promise<Outcome<null>>((done) => {
        answer = () => {
          stored.push('move');
          done({ ok: true, value: null });
        };
      }),
  );
  const copy = readSettledCopy(queue, async () => `copy after ${stored.join(', ') || 'nothing'}`);
  await Promise.resolve();
  answer();
  expect(await copy).toBe('copy after move');
});

it('reads again when a write is queued while the copy is read', async () => {
  const queue = new WriteQueue();
  const seen: string[] = [];
  let reads = 0;
  const copy = await readSettledCopy(queue, async () => {
    reads += 1;
    // The person moves a card while the first read is on its way.
    if (reads === 1) void queue.push(ok);
    seen.push(`read ${reads} with ${queue.pending} waiting`);
    return `copy ${reads}`;
  });
  expect(copy).toBe('copy 2');
  expect(seen).toEqual(['read 1 with 1 waiting', 'read 2 with 0 waiting']);
});

it('answers null when the read fails, without reading again', async () => {
  const queue = new WriteQueue();
  let reads = 0;
  const copy = await readSettledCopy(queue, async () => {
    reads += 1;
    void queue.push(ok);
    return null;
  });
  expect(copy).toBeNull();
  expect(reads).toBe(1);
});
