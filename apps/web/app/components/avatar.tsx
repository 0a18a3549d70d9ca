/**
 * @module components/avatar — every avatar in the app: a resized Storage image with explicit dimensions (no
 * layout shift), lazy unless above the fold, and initials when there is no picture or it fails to load.
 */
import { useContext, useState } from 'react';
import { PublicEnvContext } from '#app/lib/public-env.ts';
import { avatarImageUrl, avatarSrcSet, initials } from './avatar-url.ts';

export interface AvatarProps {
  name: string;
  /** Key in the `avatars` bucket; null shows initials. */
  path: string | null | undefined;
  /** CSS pixels; 24 (cards, header) or 48 (lists). The browser picks the 48 or 96 px file. */
  size?: 24 | 32 | 48;
  /** Above the fold (e.g. the header): load now instead of lazily. */
  eager?: boolean;
  /** For tests and places outside the root layout. */
  supabaseUrl?: string;
  /** What a screen reader and the tooltip say, when more than the name (e.g. "Carol is viewing"). */
  label?: string;
}

export function Avatar({ name, path, size = 24, eager = false, supabaseUrl, label = name }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const env = useContext(PublicEnvContext);
  const base = supabaseUrl ?? env?.SUPABASE_URL ?? '';
  // A class per size, not a style attribute: the server writes a card's avatar a hundred times per board.
  const sized = `avatar avatar-${size}`;
  if (!path || failed) {
    return (
      <span className={`${sized} avatar-initials`} role="img" aria-label={label} title={label}>
        {initials(name)}
      </span>
    );
  }
  return (
    <img
      className={sized}
      src={avatarImageUrl(base, path, size > 24 ? 96 : 48)}
      srcSet={avatarSrcSet(base, path)}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt={label}
      title={label}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
