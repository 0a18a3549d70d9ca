/** @module panel-model.fixtures — the panel's task row with plain defaults, for the panel's unit tests to vary. */
import type { PanelTask } from './panel-model.ts';

/** @example testPanelTask({ id: TASK, board_id: BOARD, column_id: TODO, created_by: ALICE, due_on: '2030-05-17' }) */
export function testPanelTask(
  fields: Pick<PanelTask, 'id' | 'board_id' | 'column_id' | 'created_by'> & Partial<PanelTask>,
): PanelTask {
  return {
    number: 7,
    title: 'Ship it',
    description: '',
    position: 'V',
    assignee_id: null,
    due_on: null,
    priority: 'none',
    completed_at: null,
    archived_at: null,
    created_at: '2026-11-23T10:00:00.000000+00:00',
    updated_at: '2026-11-23T10:00:05.000000+00:00',
    comment_count: 0,
    attachment_count: 0,
    checklist_total: 0,
    checklist_done: 0,
    cover_attachment_id: null,
    labelIds: [],
    ...fields,
  };
}
