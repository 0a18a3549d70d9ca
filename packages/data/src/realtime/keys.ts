/** @module realtime/keys — channel names: one per open board, one per open task panel, one per open settings screen. */
export const channelKeys = {
  board: (boardId: string) => `board:${boardId}` as const,
  task: (taskId: string) => `task:${taskId}` as const,
  /** Private: the database broadcasts membership changes here, to members only (decision 068). */
  members: (workspaceId: string) => `workspace:${workspaceId}:members` as const,
};
