/**
 * @module lib/same-origin.server — refuses state-changing requests that a browser sent from another site
 * (cross-site request forgery): every action, page or resource route, passes through this root middleware.
 */
import type { MiddlewareFunction } from 'react-router';
import { env } from '#app/env.server.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when `request` changes state and a browser says it came from elsewhere. The app's origin is `SITE_URL`
 * or the origin the request was addressed to (a cross-site page cannot choose the `Host` a browser sends).
 * Browsers send `Origin` on every POST and `Sec-Fetch-Site` on every request; a request with neither is not
 * from a browser, so it carries no victim's cookies by accident and is let through.
 * @example isCrossSiteWrite(new Request('https://lanes.app/sign-out', { method: 'POST', headers: { Origin: 'https://evil.example' } }), 'https://lanes.app') // true
 */
export function isCrossSiteWrite(request: Request, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  // `none` is a navigation the user started themselves (address bar, bookmark).
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.get('Origin');
  if (origin === null) return false;
  return origin !== siteOrigin && origin !== new URL(request.url).origin;
}

/** Root middleware: a cross-site write gets a 403 before any session is read or any action runs. */
export const sameOriginMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (isCrossSiteWrite(request, new URL(env.SITE_URL).origin)) {
    return new Response('Refused: this request came from another site.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return next();
};
