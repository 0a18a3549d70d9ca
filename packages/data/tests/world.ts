/**
 * @module tests/world — a workspace with an owner, a board with three columns (the last one done), and
 * optionally one task in it.
 */
import { createBoard } from '../src/boards/create-board.ts';
import { createColumn } from '../src/boards/create-column.ts';
import { createTask } from '../src/tasks/create-task.ts';
import { createWorkspace } from '../src/workspaces/create-workspace.ts';
import { addMember, createUser, type TestUser, uniqueSlug } from './helpers.ts';

export interface World {
  owner: TestUser;
  workspaceId: string;
  slug: string;
  boardId: string;
  columns: { todo: string; doing: string; done: string };
  /** Adds a signed-in user with `role` to the workspace. */
  join(role: 'owner' | 'admin' | 'member' | 'viewer', name?: string): Promise<TestUser>;
}

export async function createWorld(): Promise<World> {
  const owner = await createUser('Olive Owner', 'owner');
  const slug = uniqueSlug();
  const workspace = await createWorkspace(owner.client, { name: 'Acme', slug });
  const board = await createBoard(owner.client, { workspaceId: workspace.id, name: 'Launch' });
  const todo = await createColumn(owner.client, { boardId: board.id, name: 'To do' });
  const doing = await createColumn(owner.client, { boardId: board.id, name: 'Doing', wipLimit: 3 });
  const done = await createColumn(owner.client, { boardId: board.id, name: 'Done', isDone: true });
  return {
    owner,
    workspaceId: workspace.id,
    slug,
    boardId: board.id,
    columns: { todo: todo.id, doing: doing.id, done: done.id },
    async join(role, name = `${role} person`) {
      const user = await createUser(name, role);
      await addMember(workspace.id, user.id, role);
      return user;
    },
  };
}

/** A fresh world with one task titled `title`, created by the owner in `column` (default: To do). */
export async function createTaskWorld(title: string, column: keyof World['columns'] = 'todo') {
  const world = await createWorld();
  const task = await createTask(world.owner.client, {
    boardId: world.boardId,
    columnId: world.columns[column],
    title,
  });
  return { world, task };
}
