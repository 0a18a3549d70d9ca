/** @module lib/safe-next — where to go after signing in: same-origin paths only (no open redirects). */

/** The fallback when `next` is missing or unsafe. */
export const DEFAULT_NEXT = '/w';

/**
 * Returns `next` when it is a path on this site, else `fallback`. Refuses absolute URLs, protocol-relative
 * `//host`, backslash tricks (`/\host`, which browsers read as `//host`), and control characters.
 * @example safeNext('/w/acme?x=1') // '/w/acme?x=1';  safeNext('//evil.com') // '/w'
 */
export function safeNext(next: string | null | undefined, fallback: string = DEFAULT_NEXT): string {
  if (!next || next.length > 2048) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  // Parse against a throwaway origin: if the result leaves it, the path was not a plain path.
  const base = 'http://lanes.invalid';
  let parsed: URL;
  try {
    parsed = new URL(next, base);
  } catch {
    return fallback;
  }
  if (parsed.origin !== base) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** `/sign-in?next=<the current path>` for a request that needs a session. */
export function signInPath(request: Request | URL): string {
  const url = request instanceof URL ? request : new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  return next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
}
