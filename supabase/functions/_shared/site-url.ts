/**
 * @module _shared/site-url — the web app's address an invitation links to. Auth emails follow the app's
 * SITE_URL because the app names it in each request (`emailRedirectTo`); invitations do the same, with a guard
 * so no caller can make a Lanes email link elsewhere: a deployment always uses its LANES_SITE_URL, and only the
 * local stack takes the app's own address, and only a loopback one (decision 081).
 */
import { configuredSiteUrl, env } from './env.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `value` as an http(s) URL on this machine, else null. */
function loopback(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    if (!['http:', 'https:'].includes(url.protocol) || !LOOPBACK.has(url.hostname)) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * On the local stack (it alone sets STACK_INBOX_URL): the app's loopback `requested` address (whatever port
 * `pnpm dev` or the e2e run serves it on), else LANES_SITE_URL or its default. Deployed: LANES_SITE_URL, which
 * the deploy refuses to go without.
 */
export function invitationSiteUrl(requested: unknown): string {
  const { STACK_INBOX_URL, LANES_SITE_URL } = env();
  if (STACK_INBOX_URL) return loopback(requested) ?? LANES_SITE_URL;
  const configured = configuredSiteUrl();
  if (!configured) throw new Error('LANES_SITE_URL is not set: invitation links have nowhere to point');
  return configured;
}
