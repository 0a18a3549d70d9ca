import type { AttachmentRow } from '@lanes/shared/schemas/attachment';
import type { CommentRow } from '@lanes/shared/schemas/comment';
import { describe, expect, it } from 'vitest';
import { relativeTime } from '#app/lib/time-format.ts';
import { describeActivity } from './activity-list.tsx';
import { formatBytes } from './attachment-list.tsx';
import { testPanelTask } from './panel-model.fixtures.ts';
import { type PanelModel, panelReducer } from './panel-model.ts';
import { toPanelAction } from './use-panel-live.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TASK = id(1);
const ALICE = id(0xa1);
const CAROL = id(0xc1);

function model(): PanelModel {
  return {
    task: testPanelTask({
      id: TASK,
      board_id: id(2),
      column_id: id(3),
      created_by: ALICE,
      labelIds: [id(9)],
    }),
    labels: [],
    people: [
      { id: ALICE, name: 'Alice Owner', avatarPath: null, role: 'owner' },
      { id: CAROL, name: 'Carol Member', avatarPath: 'c/a.png', role: 'member' },
    ],
    comments: [
      {
        id: id(10),
        task_id: TASK,
        author_id: ALICE,
        body: 'First',
        edited_at: null,
        deleted_at: null,
        created_at: '2026-11-23T10:01:00+00:00',
        author: { id: ALICE, display_name: 'Alice Owner', avatar_path: null },
      },
    ],
    attachments: [],
    checklist: [],
    activity: [],
  };
}

const comment = (n: number, extra: Partial<CommentRow> = {}): CommentRow => ({
  id: id(n),
  task_id: TASK,
  author_id: CAROL,
  body: `Comment ${n}`,
  edited_at: null,
  deleted_at: null,
  created_at: '2026-11-23T10:02:00+00:00',
  ...extra,
});

const attachment = (n: number): AttachmentRow => ({
  id: id(n),
  task_id: TASK,
  object_path: `w/t/u/file-${n}.pdf`,
  file_name: `file-${n}.pdf`,
  mime_type: 'application/pdf',
  size_bytes: 2048,
  width: null,
  height: null,
  uploaded_by: CAROL,
  created_at: '2026-11-23T10:03:00+00:00',
});

describe('panelReducer', () => {
  it('takes a newer task row (keeping the label ids it does not carry), and ignores an older echo', () => {
    const { task } = model();
    const newer = panelReducer(model(), {
      type: 'task-row',
      row: { ...task, title: 'Ship it today', updated_at: '2026-11-23T10:00:06.000000+00:00' },
    });
    expect(newer.task).toMatchObject({ title: 'Ship it today', labelIds: [id(9)] });
    const older = panelReducer(newer, {
      type: 'task-row',
      row: { ...task, title: 'Stale', updated_at: '2026-11-23T10:00:01.000000+00:00' },
    });
    expect(older.task.title).toBe('Ship it today');
    const otherTask = panelReducer(model(), { type: 'task-row', row: { ...task, id: id(99), title: 'No' } });
    expect(otherTask.task.title).toBe('Ship it');
  });

  it('adds a live comment in time order with its author from the workspace’s people', () => {
    const early = comment(11, { created_at: '2026-11-23T09:59:00+00:00' });
    const next = panelReducer(panelReducer(model(), { type: 'comment-row', row: comment(12) }), {
      type: 'comment-row',
      row: early,
    });
    expect(next.comments.map((c) => c.id)).toEqual([id(11), id(10), id(12)]);
    expect(next.comments[2]?.author).toEqual({
      id: CAROL,
      display_name: 'Carol Member',
      avatar_path: 'c/a.png',
    });
  });

  it('replaces an edited or deleted comment in place, keeping its author', () => {
    const deleted = panelReducer(model(), {
      type: 'comment-row',
      row: {
        ...comment(10),
        author_id: ALICE,
        body: '',
        deleted_at: '2026-11-23T10:05:00+00:00',
        created_at: '2026-11-23T10:01:00+00:00',
      },
    });
    expect(deleted.comments).toHaveLength(1);
    expect(deleted.comments[0]).toMatchObject({
      deleted_at: '2026-11-23T10:05:00+00:00',
      author: { display_name: 'Alice Owner' },
    });
  });

  it('puts new attachments first and removes deleted ones; rows of other tasks change nothing', () => {
    let next = panelReducer(model(), { type: 'attachment-row', row: attachment(20) });
    next = panelReducer(next, { type: 'attachment-row', row: attachment(21) });
    expect(next.attachments.map((a) => a.id)).toEqual([id(21), id(20)]);
    next = panelReducer(next, { type: 'attachment-gone', id: id(20) });
    expect(next.attachments.map((a) => a.id)).toEqual([id(21)]);
    const foreign = panelReducer(next, {
      type: 'attachment-row',
      row: { ...attachment(22), task_id: id(98) },
    });
    expect(foreign).toBe(next);
  });

  it('resets to a fresh server copy', () => {
    const fresh = { ...model(), comments: [] };
    expect(panelReducer(model(), { type: 'reset', model: fresh })).toBe(fresh);
  });
});

describe('toPanelAction', () => {
  it('maps streamed rows to reducer actions, and leaves label changes to a refetch', () => {
    expect(toPanelAction({ kind: 'upsert', table: 'comments', row: comment(30) })).toMatchObject({
      type: 'comment-row',
    });
    expect(toPanelAction({ kind: 'delete', table: 'attachments', id: id(31) })).toEqual({
      type: 'attachment-gone',
      id: id(31),
    });
    expect(
      toPanelAction({ kind: 'upsert', table: 'task_labels', row: { task_id: TASK, label_id: id(9) } }),
    ).toBeNull();
    expect(toPanelAction({ kind: 'stale', table: 'task_labels' })).toBeNull();
  });
});

describe('plain words', () => {
  it('describes activity rows as sentences, naming columns', () => {
    const columns = { [id(3)]: 'To do', [id(4)]: 'Done' };
    expect(
      describeActivity({ kind: 'task_moved', data: { from_column_id: id(3), to_column_id: id(4) } }, columns),
    ).toBe('moved it from To do to Done');
    expect(
      describeActivity({ kind: 'task_moved', data: { from_column_id: id(5), to_column_id: id(4) } }, columns),
    ).toBe('moved it from another column to Done');
    expect(describeActivity({ kind: 'attachment_added', data: { file_name: 'a.pdf' } }, columns)).toBe(
      'attached a.pdf',
    );
    expect(describeActivity({ kind: 'task_completed', data: {} }, columns)).toBe('completed it');
  });

  it('formats relative times and file sizes', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(relativeTime('2026-11-23T11:55:00Z', now, { locale: 'en' })).toBe('5 minutes ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now, { locale: 'en' })).toBe('yesterday');
    expect(relativeTime('2026-11-23T11:59:50Z', now, { locale: 'en' })).toBe('now');
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1_300_000, 'en')).toBe('1.2 MB');
  });
});
