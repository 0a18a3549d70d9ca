import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../tests/world.ts';
import { exportBoard } from './export-board.ts';
import { importTrello } from './import-trello.ts';

const fixture = () =>
  JSON.parse(readFileSync(new URL('../../../shared/src/trello/trello-board.json', import.meta.url), 'utf8'));

describe('exportBoard', () => {
  it('reads the whole board in board order, archived cards, labels, checklists and comments included', async () => {
    const world = await createWorld();
    const { boardId } = await importTrello(world.owner.client, {
      workspaceId: world.workspaceId,
      export: fixture(),
    });
    const viewer = await world.join('viewer');
    const data = await exportBoard(viewer.client, { boardId });
    expect(data.board.name).toBe('Website relaunch');
    expect(data.columns.map((c) => c.name)).toEqual(['Backlog', 'In progress', 'Review', 'Done']);
    expect(data.labels.map((l) => l.name)).toEqual(['Copy', 'Design', 'Sky', 'Urgent']);
    expect(data.tasks.map((t) => [t.number, t.column, t.title, t.archivedAt !== null])).toEqual([
      [1, 'Backlog', 'A mascot?', true],
      [2, 'Backlog', 'Write the pricing page', false],
      [3, 'Backlog', 'Old logo ideas', true],
      [4, 'In progress', 'Design the hero section', false],
      [5, 'Review', 'Review the homepage copy', false],
      [6, 'Done', 'Buy the domain', false],
    ]);
    const hero = data.tasks[3];
    expect(hero).toMatchObject({
      labels: ['Design', 'Sky'],
      dueOn: '2026-12-03',
      checklist: [
        { checklist: 'Assets', body: 'Brief the photographer', done: true },
        { checklist: 'Assets', body: 'Pick the photo', done: false },
      ],
    });
    expect(hero?.comments.map((c) => [c.author, c.body.split('\n')[0]])).toEqual([
      ['Olive Owner', 'Originally by Jane Doe on 2024-03-01:'],
      ['Olive Owner', 'Originally by Sam Lee on 2024-03-02:'],
    ]);
    expect(data.tasks[5]?.completedAt).not.toBeNull();
  });

  it('a board the caller cannot see is NOT_FOUND', async () => {
    const world = await createWorld();
    const stranger = (await createWorld()).owner;
    await expect(exportBoard(stranger.client, { boardId: world.boardId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(exportBoard(stranger.client, { boardId: 'nope' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
