/** @module features/board/sync/live-events — a board channel event as the reducer action it means (if any). */
import type { BoardEvent } from '@lanes/data/realtime/subscribe-board';
import type { BoardAction } from '../model/board-reducer.ts';

/** Row changes become reducer actions; presence, drags, status and `stale` are handled by the caller. */
export function toBoardAction(event: BoardEvent): BoardAction | null {
  if (event.kind === 'task-label')
    return { type: 'task-label', taskId: event.taskId, labelId: event.labelId, on: event.on };
  if (event.kind === 'delete') return { type: 'delete', table: event.table, id: event.id };
  if (event.kind !== 'upsert') return null;
  if (event.table === 'tasks') return { type: 'task-row', row: event.row };
  if (event.table === 'columns') return { type: 'column-row', row: event.row };
  return { type: 'label-row', row: event.row };
}
