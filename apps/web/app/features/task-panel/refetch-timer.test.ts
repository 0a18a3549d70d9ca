import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFETCH_MS, refetchTimer, SETTLE_MS } from './refetch-timer.ts';

describe('refetchTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetches once for a burst of soon events, REFETCH_MS after the last', () => {
    const run = vi.fn();
    const timer = refetchTimer(run);
    timer.plan(REFETCH_MS);
    vi.advanceTimersByTime(100);
    timer.plan(REFETCH_MS);
    vi.advanceTimersByTime(REFETCH_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for a stream of applied rows to stop before refetching', () => {
    const run = vi.fn();
    const timer = refetchTimer(run);
    for (let i = 0; i < 5; i += 1) {
      timer.plan(SETTLE_MS);
      vi.advanceTimersByTime(300);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SETTLE_MS - 300);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never puts off a soon refetch for an applied row, and brings a settle refetch forward', () => {
    const run = vi.fn();
    const timer = refetchTimer(run);
    timer.plan(REFETCH_MS);
    timer.plan(SETTLE_MS);
    vi.advanceTimersByTime(REFETCH_MS);
    expect(run).toHaveBeenCalledTimes(1);

    timer.plan(SETTLE_MS);
    timer.plan(REFETCH_MS);
    vi.advanceTimersByTime(REFETCH_MS);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the planned refetch', () => {
    const run = vi.fn();
    const timer = refetchTimer(run);
    timer.plan(SETTLE_MS);
    timer.cancel();
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(run).not.toHaveBeenCalled();
  });
});
