/** @module bench/lib — the statistics and timing the benches (functions, storage, realtime, start) share. */

/** The p-th percentile (nearest rank, rounding down) of samples sorted ascending; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The p-th percentile of samples in any order (sorts a copy). */
export function percentileOf(values: number[], p: number): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** The median as the benches report it: the upper middle sample of an even count. */
export const median = (values: number[]): number => percentileOf(values, 50);

/** Rounds to one decimal, as the bench results are reported. */
export const round = (n: number): number => Math.round(n * 10) / 10;

/** Milliseconds `fn` takes to settle. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}
