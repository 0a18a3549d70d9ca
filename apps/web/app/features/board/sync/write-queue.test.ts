import { describe, expect, it } from 'vitest';
import { backoff, type Outcome, WriteQueue } from './write-queue.ts';

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const offline: Outcome<never> = { ok: false, code: 'NETWORK', message: 'Cannot reach the server.' };

/** A clock the test advances by hand: each retry waits until `tick()` or `queue.resume()`. */
function manualClock() {
  const waits: { ms: number; done(): void }[] = [];
  return {
    waits,
    sleep: (ms: number, wake: AbortSignal) =>
      new Promise<void>((done) => {
        waits.push({ ms, done });
        wake.addEventListener('abort', () => done(), { once: true });
      }),
    tick: () => waits.at(-1)?.done(),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('WriteQueue', () => {
  it('sends writes one at a time, in the order they were made', async () => {
    const sent: string[] = [];
    let release!: () => void;
    const queue = new WriteQueue();
    const first = queue.push(async () => {
      sent.push('first:start');
      await new Promise<void>((r) => {
        release = r;
      });
      sent.push('first:end');
      return ok(1);
    });
    const second = queue.push(async () => {
      sent.push('second');
      return ok(2);
    });
    await flush();
    expect(sent).toEqual(['first:start']);
    release();
    expect(await first).toEqual(ok(1));
    expect(await second).toEqual(ok(2));
    expect(sent).toEqual(['first:start', 'first:end', 'second']);
  });

  it('keeps an unreachable write first in line and retries it with backoff until it gets through', async () => {
    const clock = manualClock();
    const answers = [offline, offline, ok('saved')];
    const sent: string[] = [];
    const queue = new WriteQueue({ sleep: clock.sleep });
    const first = queue.push(async () => {
      sent.push('move');
      return answers.shift()!;
    });
    const second = queue.push(async () => {
      sent.push('add');
      return ok('added');
    });
    await flush();
    expect(sent).toEqual(['move']);
    expect(queue.pending).toBe(2);
    expect(queue.stuck).toBe(true);
    clock.tick();
    await flush();
    expect(sent).toEqual(['move', 'move']);
    clock.tick();
    expect(await first).toEqual(ok('saved'));
    expect(await second).toEqual(ok('added'));
    expect(sent).toEqual(['move', 'move', 'move', 'add']);
    expect(queue.stuck).toBe(false);
    expect(clock.waits.map((w) => w.ms)).toEqual([1_000, 2_000]);
  });

  it('tells the write each time it could not reach the server', async () => {
    const clock = manualClock();
    const answers = [offline, offline, ok('saved')];
    let unreachable = 0;
    const queue = new WriteQueue({ sleep: clock.sleep });
    const write = queue.push(async () => answers.shift()!, { onUnreachable: () => (unreachable += 1) });
    await flush();
    expect(unreachable).toBe(1);
    clock.tick();
    await flush();
    clock.tick();
    expect(await write).toEqual(ok('saved'));
    expect(unreachable).toBe(2);
  });

  it('retries at once when resumed (the browser is back online)', async () => {
    const clock = manualClock();
    let online = false;
    const queue = new WriteQueue({ sleep: clock.sleep });
    const write = queue.push(async () => (online ? ok('saved') : offline));
    await flush();
    online = true;
    queue.resume();
    expect(await write).toEqual(ok('saved'));
  });

  it('retries at once when resumed while an attempt was on its way, instead of sleeping its backoff', async () => {
    const clock = manualClock();
    let online = false;
    let answer!: (outcome: Outcome<string>) => void;
    const queue = new WriteQueue({ sleep: clock.sleep });
    const write = queue.push(() =>
      online
        ? Promise.resolve(ok('saved'))
        : new Promise<Outcome<string>>((r) => {
            answer = r;
          }),
    );
    await flush();
    // The browser says it is back online while the attempt made offline has not failed yet.
    online = true;
    queue.resume();
    answer(offline);
    expect(await write).toEqual(ok('saved'));
    expect(clock.waits).toEqual([]);
  });

  it('starts its backoff over once resumed: a try that fails just as the browser is back waits 1 s', async () => {
    const clock = manualClock();
    const answers = [offline, offline, offline, offline, ok('saved')];
    const queue = new WriteQueue({ sleep: clock.sleep });
    const write = queue.push(async () => answers.shift()!);
    await flush();
    clock.tick();
    await flush();
    clock.tick();
    await flush();
    queue.resume();
    await flush();
    clock.tick();
    expect(await write).toEqual(ok('saved'));
    expect(clock.waits.map((w) => w.ms)).toEqual([1_000, 2_000, 4_000, 1_000]);
  });

  it('answers a refusal to its caller and goes on with the next write', async () => {
    const queue = new WriteQueue();
    const refused = queue.push(async () => ({ ok: false, code: 'FORBIDDEN', message: 'Not allowed.' }));
    const next = queue.push(async () => ok('next'));
    expect(await refused).toEqual({ ok: false, code: 'FORBIDDEN', message: 'Not allowed.' });
    expect(await next).toEqual(ok('next'));
  });

  it('refuses a write that throws instead of retrying it forever', async () => {
    const queue = new WriteQueue();
    const original = console.error;
    console.error = () => {};
    try {
      const outcome = await queue.push(async () => {
        throw new Error('bug');
      });
      expect(outcome).toMatchObject({ ok: false, code: 'UNEXPECTED' });
    } finally {
      console.error = original;
    }
  });

  it('reports how many writes wait, and resolves idle() once none does', async () => {
    const counts: number[] = [];
    const queue = new WriteQueue({ onPending: (n) => counts.push(n) });
    void queue.push(async () => ok(1));
    void queue.push(async () => ok(2));
    await queue.idle();
    expect(queue.pending).toBe(0);
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoff)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
