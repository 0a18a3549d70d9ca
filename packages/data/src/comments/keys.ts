/** @module comments/keys — query keys for a task's comments. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (taskId: string) => [...commentKeys.all, taskId] as const,
};
