/** @module avatars/keys — query keys for profiles (avatars change a profile). */
export const profileKeys = {
  all: ['profiles'] as const,
  detail: (userId: string) => [...profileKeys.all, userId] as const,
};
