/** @module tasks/keys — query keys for tasks (a board's tasks live under the board's key). */
export const taskKeys = {
  all: ['tasks'] as const,
  detail: (taskId: string) => [...taskKeys.all, 'detail', taskId] as const,
};
