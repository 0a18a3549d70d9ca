import type { GetBoardResult } from '@lanes/data/boards/get-board';
import { describe, expect, it } from 'vitest';
import { fromBoard } from './board-model.ts';

const at = '2026-11-25T10:00:00+00:00';
const column = (id: string, position: string) => ({
  id,
  board_id: 'b',
  name: id.toUpperCase(),
  position,
  wip_limit: null,
  is_done: false,
  created_at: at,
});
const task = (
  n: number,
  columnId: string,
  position: string,
  assignee: GetBoardResult['tasks'][number]['assignee'],
) => ({
  id: `t${n}`,
  board_id: 'b',
  column_id: columnId,
  number: n,
  title: `Task ${n}`,
  description: '',
  position,
  assignee_id: assignee?.id ?? null,
  due_on: null,
  priority: 'none' as const,
  completed_at: null,
  archived_at: null,
  created_by: 'u1',
  created_at: at,
  updated_at: at,
  comment_count: 0,
  attachment_count: 0,
  checklist_total: 0,
  checklist_done: 0,
  cover_attachment_id: null,
  assignee,
  labelIds: [],
});

function board(hidden: Record<string, number>): GetBoardResult {
  return {
    id: 'b',
    workspace_id: 'w',
    name: 'Launch',
    description: '',
    archived_at: null,
    created_by: 'u1',
    created_at: at,
    updated_at: at,
    columns: [column('b2', 'W'), column('a1', 'V')],
    labels: [],
    tasks: [
      task(2, 'a1', 'W', { id: 'u2', display_name: 'Bo', avatar_path: null }),
      task(1, 'a1', 'V', null),
    ],
    hidden,
  };
}

describe('fromBoard', () => {
  it('orders columns and cards by position and collects the assignees shown', () => {
    const model = fromBoard(board({}));
    expect(model.columns.map((c) => c.id)).toEqual(['a1', 'b2']);
    expect(model.tasks.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(model.profiles).toEqual({ u2: { name: 'Bo', avatarPath: null } });
  });

  it('carries the cards a cut read left out, so headings count the whole column', () => {
    expect(fromBoard(board({ a1: 480 })).hidden).toEqual({ a1: 480 });
  });

  it('has no hidden counts when every card was read', () => {
    expect(fromBoard(board({}))).not.toHaveProperty('hidden');
  });

  it('orders labels as live updates do, not in the database collation it got them in', () => {
    const label = (name: string) => ({
      id: name,
      board_id: 'b',
      name,
      color: 'red' as const,
      created_at: at,
    });
    const model = fromBoard({ ...board({}), labels: [label('Zed'), label('apple'), label('Bug')] });
    expect(model.labels.map((l) => l.name)).toEqual(['apple', 'Bug', 'Zed']);
  });
});
