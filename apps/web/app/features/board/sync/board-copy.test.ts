/**
 * The board's copy of a task for a card opened offline (decision 203): the people it offers are the
 * workspace's members with their roles, read once the board was live, and anyone else the board knows.
 */
import { describe, expect, it } from 'vitest';
import { testTask } from '../model/board-model.fixtures.ts';
import type { BoardModel } from '../model/board-model.ts';
import { boardCopy } from './board-copy.ts';

const model = {
  columns: [],
  labels: [],
  tasks: [testTask({ id: 't1', columnId: 'c1', assigneeId: 'gone' })],
  // The board knows its assignees: one has left the workspace since.
  profiles: { gone: { name: 'Gina Gone', avatarPath: null } },
} as unknown as BoardModel;

const MEMBERS = [
  { id: 'me', name: 'Alice Owner', avatarPath: null, role: 'owner' as const },
  { id: 'carol', name: 'Carol Member', avatarPath: null, role: 'member' as const },
  { id: 'dave', name: 'Dave Viewer', avatarPath: null, role: 'viewer' as const },
];

describe('boardCopy', () => {
  it('offers the workspace’s members, not only the people on the board', () => {
    const copy = boardCopy(model, 't1', 'b1', 'me', MEMBERS)!;
    expect(copy.people.map((p) => p.name)).toEqual([
      'Alice Owner',
      'Carol Member',
      'Dave Viewer',
      'Gina Gone',
    ]);
    // Members carry their role (the panel offers a viewer only while assigned); a departed assignee has none.
    expect(copy.people.map((p) => p.role)).toEqual(['owner', 'member', 'viewer', undefined]);
  });

  it('without the members (their read failed), offers the people the board knows', () => {
    expect(boardCopy(model, 't1', 'b1', 'me')!.people.map((p) => p.name)).toEqual(['Gina Gone']);
  });
});
