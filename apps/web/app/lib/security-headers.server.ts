/**
 * @module lib/security-headers.server — the headers every response carries (no sniffing, no framing, a
 * referrer that stays on the site) and the Content-Security-Policy of pages, with a fresh nonce per request.
 */
import { randomBytes } from 'node:crypto';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { env } from '#app/env.server.ts';

/** Exported for entry.server, which puts the nonce on React Router's and React's inline scripts. */
export const nonceContext = createContext<string>('');

export function readNonce(context: Readonly<RouterContextProvider>): string {
  return context.get(nonceContext);
}

/**
 * The policy for pages. Scripts only from this origin or with this response's nonce; Supabase's API for data
 * (REST over https, Realtime over wss) and images (avatars through Storage transforms). Styles allow inline
 * `style` attributes: React renders a few (avatar colours, drag transforms) and they cannot carry a nonce.
 * @example contentSecurityPolicy('abc', 'https://x.supabase.co') // "default-src 'self'; script-src 'self' 'nonce-abc'; …"
 */
export function contentSecurityPolicy(nonce: string, supabaseUrl: string): string {
  const api = new URL(supabaseUrl);
  const socket = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api.origin}`,
    `connect-src 'self' ${api.origin} ${socket}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Whether cookies get `Secure`: whenever the site is served over https (production), not on local http. */
export function secureCookies(): boolean {
  return env.SITE_URL.startsWith('https:');
}

/**
 * Root middleware: a nonce for the page being rendered, then the headers on whatever response comes back.
 * The CSP is for production builds: Vite's dev server injects its own inline scripts for hot reload.
 */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const nonce = randomBytes(16).toString('base64');
  context.set(nonceContext, nonce);
  const response = await next();
  const headers = response.headers;
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  if (env.NODE_ENV === 'production')
    headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, env.SUPABASE_URL));
  return response;
};
