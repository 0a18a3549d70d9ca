/** @module realtime/keys — channel names: one per open board, one per open task panel. */
export const channelKeys = {
  board: (boardId: string) => `board:${boardId}` as const,
  task: (taskId: string) => `task:${taskId}` as const,
};
