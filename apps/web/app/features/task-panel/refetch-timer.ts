/**
 * @module features/task-panel/refetch-timer — when the open panel re-runs its loader after live events: soon
 * (150 ms) for what no row says (labels, a delete, a rejoin), and once a burst has settled (1 s after its last
 * event) when the reducer has applied the rows and only the activity list is behind (decision 117). Several
 * rows arrive together (a move writes the task and two activity lines): one refetch serves them all.
 */
export const REFETCH_MS = 150;
export const SETTLE_MS = 1000;

export interface RefetchTimer {
  /** A refetch soon (`REFETCH_MS`) or once events stop (`SETTLE_MS`); a soon one is never put off by a settle. */
  plan(delay: typeof REFETCH_MS | typeof SETTLE_MS): void;
  cancel(): void;
}

export function refetchTimer(run: () => void): RefetchTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settling = false;
  return {
    plan(delay) {
      const settle = delay === SETTLE_MS;
      // A soon refetch already planned will read whatever this event wrote.
      if (timer !== undefined && !settling && settle) return;
      clearTimeout(timer);
      settling = settle;
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
