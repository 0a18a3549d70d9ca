/** @module lib/theme.server — the theme cookie, read on every request so SSR paints the right theme. */
import { parseCookieHeader } from '@supabase/ssr';
import { secureCookies } from './security-headers.server.ts';
import { isTheme, THEME_COOKIE, type Theme } from './theme.ts';

export function readTheme(request: Request): Theme {
  const cookie = parseCookieHeader(request.headers.get('Cookie') ?? '').find((c) => c.name === THEME_COOKIE);
  return isTheme(cookie?.value) ? cookie.value : 'system';
}

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secureCookies() ? '; Secure' : ''}`;
}
