import { HIGHLIGHT_END, HIGHLIGHT_START } from '@lanes/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { createTaskWorld } from '../../tests/world.ts';
import { createLabel } from '../boards/create-label.ts';
import { listWorkspaceLabels } from '../boards/list-workspace-labels.ts';
import { addComment } from '../comments/add-comment.ts';
import { archiveTask } from '../tasks/archive-task.ts';
import { searchWorkspace } from './search-workspace.ts';

describe('searchWorkspace', () => {
  it('finds a task by a word only in its comment, for a viewer too, and nothing for an outsider', async () => {
    const { world, task } = await createTaskWorld('Plan the offsite');
    await addComment(world.owner.client, { taskId: task.id, body: 'Booked the lighthouse venue' });
    const viewer = await world.join('viewer');
    const [hit, ...rest] = await searchWorkspace(viewer.client, {
      workspaceId: world.workspaceId,
      q: 'lighthouse',
    });
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ task_id: task.id, board_id: world.boardId, matched_in: ['comment'] });
    expect(hit!.snippet).toContain(`${HIGHLIGHT_START}lighthouse${HIGHLIGHT_END}`);

    const stranger = await createTaskWorld('Elsewhere');
    expect(
      await searchWorkspace(stranger.world.owner.client, { workspaceId: world.workspaceId, q: 'lighthouse' }),
    ).toEqual([]);
  });

  it('hides archived tasks unless asked, and refuses a search over 500 characters before sending it', async () => {
    const { world, task } = await createTaskWorld('Retire the fax gateway');
    await archiveTask(world.owner.client, { taskId: task.id });
    const ask = (archived: boolean | null) =>
      searchWorkspace(world.owner.client, { workspaceId: world.workspaceId, q: 'fax', archived });
    expect(await ask(false)).toEqual([]);
    expect((await ask(true)).map((h) => [h.task_id, h.is_archived])).toEqual([[task.id, true]]);
    await expect(
      searchWorkspace(world.owner.client, { workspaceId: world.workspaceId, q: 'x'.repeat(501) }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe('listWorkspaceLabels', () => {
  it("lists the labels of the workspace's boards, and none of another's", async () => {
    const { world } = await createTaskWorld('Labelled');
    await createLabel(world.owner.client, { boardId: world.boardId, name: 'Bug', color: 'red' });
    const labels = await listWorkspaceLabels(world.owner.client, { workspaceId: world.workspaceId });
    expect(labels.map((l) => [l.name, l.board_id])).toEqual([['Bug', world.boardId]]);
    const other = await createTaskWorld('Elsewhere');
    expect(await listWorkspaceLabels(other.world.owner.client, { workspaceId: world.workspaceId })).toEqual(
      [],
    );
  });
});
