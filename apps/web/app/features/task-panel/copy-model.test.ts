/**
 * A card opened offline from the board's copy (decision 203) offers as assignees the workspace's members and up,
 * by name, and whoever is assigned now; a viewer only while assigned.
 */
import { describe, expect, it } from 'vitest';
import type { BoardTaskCopy } from '#app/lib/task-writes.ts';
import { modelFromCopy } from './copy-model.ts';
import { assignable } from './prop-options.ts';

const copy = (people: BoardTaskCopy['people'], assigneeId: string | null): BoardTaskCopy => ({
  task: {
    id: 't1',
    boardId: 'b1',
    number: 3,
    title: 'Pack',
    columnId: 'c1',
    assigneeId,
    dueOn: null,
    priority: 'none',
    labelIds: [],
    updatedAt: '2026-11-27T00:00:00+00:00',
    done: false,
    comments: 0,
    attachments: 0,
    checklist: { done: 0, total: 0 },
  },
  labels: [],
  people,
  me: 'alice',
});

const PEOPLE: BoardTaskCopy['people'] = [
  { id: 'gina', name: 'Gina Gone', avatarPath: null },
  { id: 'dave', name: 'Dave Viewer', avatarPath: null, role: 'viewer' },
  { id: 'carol', name: 'Carol Member', avatarPath: null, role: 'member' },
  { id: 'alice', name: 'Alice Owner', avatarPath: null, role: 'owner' },
];

describe('modelFromCopy', () => {
  it('offers members and up by name, and a viewer only while assigned', () => {
    const people = modelFromCopy(copy(PEOPLE, null)).people;
    expect(assignable(people, null).map((p) => p.name)).toEqual(['Alice Owner', 'Carol Member', 'Gina Gone']);
    expect(assignable(people, 'dave').map((p) => p.name)).toContain('Dave Viewer');
  });
});
