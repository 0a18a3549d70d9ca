/**
 * @module auth/redirect — which `redirect_to` GoTrue honours: the site URL's host, any loopback address,
 * or a match of `additional_redirect_urls` (globs, `*` within a label, `**` across); else the site URL.
 */
import type { StackConfig } from '../config.ts';

function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^./]*';
    else if (c === '?') out += '[^./]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::1';
}

export function isRedirectAllowed(auth: StackConfig['auth'], redirect: string): boolean {
  if (!redirect) return false;
  let site: URL;
  let target: URL;
  try {
    site = new URL(auth.siteUrl);
    target = new URL(redirect);
  } catch {
    return false;
  }
  if (
    site.hostname === target.hostname &&
    site.protocol === target.protocol &&
    (site.port === target.port || isLoopback(target.hostname))
  ) {
    return true;
  }
  if (isLoopback(target.hostname)) return true;
  const withoutFragment = redirect.split('#')[0]!;
  return auth.additionalRedirectUrls.some((p) => globToRegExp(p).test(withoutFragment));
}

/** The redirect a request asked for (`redirect_to` in the query, then the Referer), if allowed; else site_url. */
export function referrer(request: Request, url: URL, auth: StackConfig['auth'], fromBody = ''): string {
  for (const candidate of [
    fromBody,
    url.searchParams.get('redirect_to') ?? '',
    request.headers.get('referer') ?? '',
  ]) {
    if (isRedirectAllowed(auth, candidate)) return candidate;
  }
  return auth.siteUrl;
}
