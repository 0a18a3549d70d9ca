/**
 * @module features/auth/next-cookie.server — remembers where to go after an emailed link (magic link,
 * recovery), because the data layer's links lead to plain `/auth/confirm` without a `next`.
 */
import { parseCookieHeader } from '@supabase/ssr';
import { safeNext } from '#app/lib/safe-next.ts';
import { secureCookies } from '#app/lib/security-headers.server.ts';

const NAME = 'lanes-next';
const attributes = () => `Path=/auth; HttpOnly; SameSite=Lax${secureCookies() ? '; Secure' : ''}`;

export function rememberNext(next: string): string {
  return `${NAME}=${encodeURIComponent(safeNext(next))}; Max-Age=3600; ${attributes()}`;
}

export function recalledNext(request: Request): string | null {
  const found = parseCookieHeader(request.headers.get('Cookie') ?? '').find((c) => c.name === NAME);
  return found?.value ? decodeURIComponent(found.value) : null;
}

export function forgetNext(): string {
  return `${NAME}=; Max-Age=0; ${attributes()}`;
}
