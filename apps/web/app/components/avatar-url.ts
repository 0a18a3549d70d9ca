/**
 * @module components/avatar-url — public avatar URLs through Storage's image transform, built without a client
 * (the same URL `@lanes/data/avatars/avatar-url` builds), so pages showing avatars ship no supabase-js.
 */
import { BUCKETS, THUMBNAIL_SIZES } from '@lanes/shared/constants';

export function avatarImageUrl(supabaseUrl: string, path: string, width: number): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const query = new URLSearchParams({ width: String(width), height: String(width), resize: 'cover' });
  return `${supabaseUrl}/storage/v1/render/image/public/${BUCKETS.avatars}/${encoded}?${query}`;
}

/** `srcset` with one candidate per rendered size (SPEC §9: 48 and 96). */
export function avatarSrcSet(supabaseUrl: string, path: string): string {
  return THUMBNAIL_SIZES.avatar.map((w) => `${avatarImageUrl(supabaseUrl, path, w)} ${w}w`).join(', ');
}

/** One or two letters from a display name: "Ada Lovelace" → "AL", "carol" → "C". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('') || '?';
}
