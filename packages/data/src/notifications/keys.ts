/** @module notifications/keys — the per-user private channel the bell listens on (decision 074). */
export const notificationKeys = {
  channel: (userId: string) => `user:${userId}:notifications` as const,
};
