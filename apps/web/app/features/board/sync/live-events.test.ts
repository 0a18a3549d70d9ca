import type { BoardEvent } from '@lanes/data/realtime/subscribe-board';
import { describe, expect, it } from 'vitest';
import type { BoardModel } from '../model/board-model.ts';
import { boardReducer } from '../model/board-reducer.ts';
import { toBoardAction } from './live-events.ts';
import { withDrag } from './use-board-live.ts';

const BOARD = '00000000-0000-4000-8000-000000000099';
const COLUMN = '00000000-0000-4000-8000-00000000000a';
const LABEL = '00000000-0000-4000-8000-00000000000c';
const ALICE = '00000000-0000-4000-8000-0000000000a1';
const TASK = '00000000-0000-4000-8000-000000000001';

const empty: BoardModel = { columns: [], tasks: [], labels: [], profiles: {}, stale: false };
const apply = (model: BoardModel, events: BoardEvent[]) =>
  events.reduce((m, e) => {
    const action = toBoardAction(e);
    return action ? boardReducer(m, action) : m;
  }, model);

describe('realtime events on the board', () => {
  it('adds a teammate’s column, label and task, then removes them as they are deleted', () => {
    const at = '2026-11-21T10:00:00+00:00';
    let model = apply(empty, [
      {
        kind: 'upsert',
        table: 'columns',
        row: {
          id: COLUMN,
          board_id: BOARD,
          name: 'Todo',
          position: 'V',
          wip_limit: null,
          is_done: false,
          created_at: at,
        },
      },
      {
        kind: 'upsert',
        table: 'labels',
        row: { id: LABEL, board_id: BOARD, name: 'Bug', color: 'red', created_at: at },
      },
      {
        kind: 'upsert',
        table: 'tasks',
        row: {
          id: TASK,
          board_id: BOARD,
          column_id: COLUMN,
          number: 7,
          title: 'From a teammate',
          description: '',
          position: 'V',
          assignee_id: null,
          due_on: '2026-12-01',
          priority: 'high',
          completed_at: null,
          archived_at: null,
          created_by: ALICE,
          created_at: at,
          updated_at: at,
          comment_count: 0,
          attachment_count: 0,
          checklist_total: 0,
          checklist_done: 0,
          cover_attachment_id: null,
        },
      },
      { kind: 'presence', viewers: [] },
    ]);
    expect(model.columns.map((c) => c.name)).toEqual(['Todo']);
    expect(model.labels.map((l) => l.name)).toEqual(['Bug']);
    expect(model.tasks).toMatchObject([
      { id: TASK, number: 7, title: 'From a teammate', dueOn: '2026-12-01', priority: 'high' },
    ]);

    // A teammate's label links, an echo of one twice, and a link on a task of another board (ignored).
    model = apply(model, [
      { kind: 'task-label', taskId: TASK, labelId: LABEL, on: true },
      { kind: 'task-label', taskId: TASK, labelId: LABEL, on: true },
      { kind: 'task-label', taskId: '00000000-0000-4000-8000-0000000000ff', labelId: LABEL, on: true },
    ]);
    expect(model.tasks[0]?.labelIds).toEqual([LABEL]);
    expect(model.tasks).toHaveLength(1);
    model = apply(model, [{ kind: 'task-label', taskId: TASK, labelId: LABEL, on: false }]);
    expect(model.tasks[0]?.labelIds).toEqual([]);

    model = apply(model, [
      { kind: 'delete', table: 'tasks', id: TASK },
      { kind: 'delete', table: 'labels', id: LABEL },
    ]);
    expect(model.tasks).toEqual([]);
    expect(model.labels).toEqual([]);
  });

  it('tracks one card per teammate being dragged, and forgets it when they drop', () => {
    let drags = withDrag({}, { userId: ALICE, taskId: TASK, columnId: COLUMN, index: 0 }, 1);
    expect(drags).toEqual({ [TASK]: { userId: ALICE, at: 1 } });
    const other = '00000000-0000-4000-8000-000000000002';
    drags = withDrag(drags, { userId: ALICE, taskId: other, columnId: COLUMN, index: 1 }, 2);
    expect(Object.keys(drags)).toEqual([other]);
    expect(withDrag(drags, { userId: ALICE, taskId: other, columnId: null, index: -1 })).toEqual({});
  });
});
