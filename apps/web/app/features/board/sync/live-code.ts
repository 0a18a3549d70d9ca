/**
 * @module features/board/sync/live-code — what the board loads once it is live, as one chunk: its live module,
 * and the panel's side of its writes (decisions 202, 203), so a panel write made offline later is planned and
 * queued without a fetch. Kept apart from `board-live` itself: the write plan names the board's writes by type,
 * and re-exported from `board-live` it made an import cycle.
 */

export { boardCopy } from './board-copy.ts';
export * from './board-live.ts';
export { planTaskWrite } from './task-write-plan.ts';
