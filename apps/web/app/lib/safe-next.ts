/** @module lib/safe-next — where to go after signing in: same-origin paths only (no open redirects). */

/** The fallback when `next` is missing or unsafe. */
export const DEFAULT_NEXT = '/w';

// A throwaway origin to resolve against: if the result leaves it, the value was not a plain path.
const BASE = 'http://lanes.invalid';

/**
 * A path browsers can only read as this site: one leading `/`, never `//` (protocol-relative), no backslash
 * (browsers read `/\host` as `//host`) and no control character (browsers strip tabs and newlines, so
 * `/\t/host` would become `//host`).
 */
function isPlainPath(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return value.startsWith('/') && !value.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(value);
}

/**
 * Returns `next` when it is a path on this site, else `fallback`. The value is checked as given, after resolving
 * dot segments (`/.//evil.com` and `/w/../..//evil.com` resolve to `//evil.com`), and with its path
 * percent-decoded once (`/%09/evil.com`), in case anything downstream decodes it. Encoded slashes and
 * backslashes (`%2F`, `%5C`) are refused outright: no Lanes path has one, and proxies disagree on decoding them.
 * @example safeNext('/w/acme?x=1') // '/w/acme?x=1';  safeNext('/.//evil.com') // '/w'
 */
export function safeNext(next: string | null | undefined, fallback: string = DEFAULT_NEXT): string {
  if (!next || next.length > 2048 || !isPlainPath(next)) return fallback;
  let parsed: URL;
  let decoded: string;
  try {
    parsed = new URL(next, BASE);
    decoded = decodeURIComponent(parsed.pathname);
  } catch {
    return fallback;
  }
  if (parsed.origin !== BASE || /%(2f|5c)/i.test(parsed.pathname)) return fallback;
  if (!isPlainPath(parsed.pathname) || !isPlainPath(decoded)) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * The page a request is for, path and query: a client navigation asks for `<path>.data` (`/_root.data` for `/`)
 * with a `_routes` parameter, neither of which is a page anyone should be sent back to.
 * @example pagePath(new URL('http://x/w/acme.data?_routes=a&q=1')) // '/w/acme?q=1'
 */
export function pagePath(url: URL): string {
  const path = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
  if (!url.searchParams.has('_routes')) return `${path}${url.search}`;
  // Rebuilt only when there is something to drop: the query otherwise stays byte for byte as it came.
  const search = new URLSearchParams(url.search);
  search.delete('_routes');
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** `/sign-in?next=<the current page>` for a request that needs a session. */
export function signInPath(request: Request | URL): string {
  const next = pagePath(request instanceof URL ? request : new URL(request.url));
  return next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
}
