/** @module schemas/profile — a person's public profile. */
import { z } from 'zod';
import { displayName, id, timestamp } from './fields.ts';

export const profileRow = z.object({
  id,
  display_name: z.string(),
  avatar_path: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProfileRow = z.infer<typeof profileRow>;

/** What lists and cards embed: no timestamps. */
export const profileSummary = profileRow.pick({ id: true, display_name: true, avatar_path: true });
export type ProfileSummary = z.infer<typeof profileSummary>;

export const updateProfileInput = z.object({ displayName });
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
