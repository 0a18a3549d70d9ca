/**
 * @module realtime/scheduler — runs Realtime's per-frame work in slices of a few milliseconds between
 * turns of the event loop, so a burst of frames (a broadcast flood) cannot hold HTTP requests behind it:
 * each slice yields to I/O (REST, Auth, Storage answers) before the next one.
 */

/** Longest stretch of queued frames handled before the event loop gets to do I/O again. */
const SLICE_MS = 4;

let tasks: (() => void)[] = [];
let head = 0;
let scheduled = false;

/** Queues `task` to run after the work queued before it, within the current or a later slice. */
export function schedule(task: () => void): void {
  tasks.push(task);
  if (!scheduled) {
    scheduled = true;
    setImmediate(runSlice);
  }
}

function runSlice(): void {
  const end = performance.now() + SLICE_MS;
  while (head < tasks.length && performance.now() < end) {
    const task = tasks[head]!;
    tasks[head++] = noop;
    task();
  }
  if (head >= tasks.length) {
    tasks = [];
    head = 0;
    scheduled = false;
  } else setImmediate(runSlice);
}

function noop(): void {}
