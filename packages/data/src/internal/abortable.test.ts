import { describe, expect, it } from 'vitest';
import { createWorld } from '../../tests/world.ts';
import { getBoard } from '../boards/get-board.ts';
import { listBoards } from '../boards/list-boards.ts';
import { searchWorkspace } from '../search/search-workspace.ts';

describe('reads a loader can abandon', () => {
  it('an aborted signal stops the read before it answers, as NETWORK; without one the same read answers', async () => {
    const world = await createWorld();
    const gone = AbortSignal.abort();
    await expect(getBoard(world.owner.client, { boardId: world.boardId }, gone)).rejects.toMatchObject({
      code: 'NETWORK',
    });
    await expect(
      listBoards(world.owner.client, { workspaceId: world.workspaceId }, gone),
    ).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(
      searchWorkspace(world.owner.client, { workspaceId: world.workspaceId, q: 'anything' }, gone),
    ).rejects.toMatchObject({ code: 'NETWORK' });
    // A live signal changes nothing.
    const live = new AbortController().signal;
    expect((await getBoard(world.owner.client, { boardId: world.boardId }, live)).id).toBe(world.boardId);
    expect(await listBoards(world.owner.client, { workspaceId: world.workspaceId }, live)).toHaveLength(1);
  });
});
