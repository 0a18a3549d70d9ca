import type { NotificationRow } from '@lanes/shared/schemas/notification';
import { expect, it, describe as suite } from 'vitest';
import { describe, groupByTask } from './inbox-model.ts';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
let n = 0;
function row(kind: NotificationRow['kind'], taskId: string | null, extra: Partial<NotificationRow> = {}) {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    kind,
    workspace_id: null,
    task_id: taskId,
    actor_id: null,
    data: {},
    read_at: null,
    created_at: '2026-11-26T10:00:00Z',
    updated_at: '2026-11-26T10:00:00Z',
    task: taskId
      ? { id: taskId, number: taskId === T1 ? 1 : 2, title: `Task ${taskId[0]}`, board_id: T1 }
      : null,
    actor: { id: T2, display_name: 'Carol Chen', avatar_path: null },
    ...extra,
  } satisfies NotificationRow;
}

suite('groupByTask', () => {
  it('keeps the newest-first order of each task’s first row and counts unread per task', () => {
    const rows = [
      row('mentioned', T1),
      row('commented', T2, { read_at: '2026-11-26T11:00:00Z' }),
      row('assigned', T1),
      row('role_changed', null, { data: { to: 'admin', workspace_name: 'Acme' } }),
    ];
    const groups = groupByTask(rows);
    expect(groups.map((g) => [g.title, g.items.length, g.unread])).toEqual([
      ['Task 1', 2, 2],
      ['Task 2', 1, 0],
      ['Workspace', 1, 1],
    ]);
    expect(groups[2]!.items[0]!.text).toBe('Your role in Acme is now admin');
  });
});

suite('describe', () => {
  it('says who did what, collapsed comments with their count, and "Someone" for a gone actor', () => {
    expect(describe(row('mentioned', T1))).toBe('Carol Chen mentioned you');
    expect(describe(row('commented', T1, { data: { count: 3 } }))).toBe(
      '3 new comments, the latest by Carol Chen',
    );
    expect(describe(row('assigned', T1, { actor: null }))).toBe('Someone assigned this to you');
  });
});
