import { describe, expect, it } from 'vitest';
import { createWorld } from '../../tests/world.ts';
import { archiveBoard } from './archive-board.ts';
import { getBoard } from './get-board.ts';
import { listBoards } from './list-boards.ts';
import { moveColumn } from './move-column.ts';
import { updateBoard } from './update-board.ts';

describe('board administration', () => {
  it('moves a column between two others', async () => {
    const world = await createWorld();
    const { todo, doing, done } = world.columns;
    await moveColumn(world.owner.client, { columnId: done, beforeId: todo, afterId: doing });
    const board = await getBoard(world.owner.client, { boardId: world.boardId });
    expect(board.columns.map((c) => c.name)).toEqual(['To do', 'Done', 'Doing']);
  });

  it('archives and restores as admin; members get FORBIDDEN', async () => {
    const world = await createWorld();
    const member = await world.join('member');
    await expect(archiveBoard(member.client, { boardId: world.boardId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await archiveBoard(world.owner.client, { boardId: world.boardId })).archived_at).not.toBeNull();
    expect(await listBoards(world.owner.client, { workspaceId: world.workspaceId })).toEqual([]);
    expect(
      await listBoards(world.owner.client, { workspaceId: world.workspaceId, includeArchived: true }),
    ).toHaveLength(1);
    expect(
      (await archiveBoard(world.owner.client, { boardId: world.boardId, archived: false })).archived_at,
    ).toBeNull();
  });

  it('renames and describes a board; refuses a name over 80 characters before sending', async () => {
    const world = await createWorld();
    const member = await world.join('member');
    expect(
      await updateBoard(member.client, { boardId: world.boardId, name: 'Relaunch', description: 'Q3' }),
    ).toMatchObject({
      name: 'Relaunch',
      description: 'Q3',
    });
    await expect(
      updateBoard(member.client, { boardId: world.boardId, name: 'x'.repeat(81) }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'name',
    });
  });
});
