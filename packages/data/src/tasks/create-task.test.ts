import { describe, expect, it } from 'vitest';
import { createWorld } from '../../tests/world.ts';
import { createColumn } from '../boards/create-column.ts';
import { createLabel } from '../boards/create-label.ts';
import { getBoard } from '../boards/get-board.ts';
import { createTask } from './create-task.ts';

describe('creates replayed under the id the client chose', () => {
  it('a task sent twice is stored once and both answers are that task', async () => {
    const world = await createWorld();
    const input = {
      id: crypto.randomUUID(),
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Once',
    };
    const first = await createTask(world.owner.client, input);
    const replay = await createTask(world.owner.client, input);
    expect(first.id).toBe(input.id);
    expect(replay).toEqual(first);
    const board = await getBoard(world.owner.client, { boardId: world.boardId });
    expect(board.tasks.filter((t) => t.title === 'Once')).toHaveLength(1);
  });

  it('a column and a label sent twice are stored once', async () => {
    const world = await createWorld();
    const column = { id: crypto.randomUUID(), boardId: world.boardId, name: 'Review' };
    const label = { id: crypto.randomUUID(), boardId: world.boardId, name: 'Bug', color: 'red' as const };
    expect(await createColumn(world.owner.client, column)).toEqual(
      await createColumn(world.owner.client, column),
    );
    expect(await createLabel(world.owner.client, label)).toEqual(
      await createLabel(world.owner.client, label),
    );
    const board = await getBoard(world.owner.client, { boardId: world.boardId });
    expect(board.columns.filter((c) => c.name === 'Review')).toHaveLength(1);
    expect(board.labels.filter((l) => l.name === 'Bug')).toHaveLength(1);
  });

  it("another workspace's task id is CONFLICT on the caller's board: nothing shown, nothing changed", async () => {
    const victim = await createWorld();
    const secret = await createTask(victim.owner.client, {
      boardId: victim.boardId,
      columnId: victim.columns.todo,
      title: 'Secret plan',
    });
    const attacker = await createWorld();
    const attempt = createTask(attacker.owner.client, {
      id: secret.id,
      boardId: attacker.boardId,
      columnId: attacker.columns.todo,
      title: 'Mine now',
    });
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT' });
    await attempt.catch((error: Error) => expect(JSON.stringify(error)).not.toContain('Secret plan'));
    const board = await getBoard(victim.owner.client, { boardId: victim.boardId });
    expect(board.tasks.find((t) => t.id === secret.id)).toMatchObject({
      title: 'Secret plan',
      board_id: victim.boardId,
    });
  });
});
