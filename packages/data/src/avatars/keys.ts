/** @module avatars/keys — avatars live on the profile: their queries are the profile's. */
export { profileKeys as avatarKeys } from '../profiles/keys.ts';
