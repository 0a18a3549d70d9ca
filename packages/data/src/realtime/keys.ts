/** @module realtime/keys — channel names, one per board. */
export const channelKeys = {
  board: (boardId: string) => `board:${boardId}` as const,
};
