/** @module _shared/env — the functions' environment, read and checked once. */
import { z } from 'zod';

const schema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(1),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  /**
   * Where emailed links point (the web app). Deployments must set it; on the local stack an invitation links
   * to the address the app names in its request instead (`_shared/site-url.ts`), whatever port it serves on.
   */
  LANES_SITE_URL: z.url().default('http://localhost:5173'),
  /**
   * A Mailpit-compatible `POST /api/v1/send` endpoint: in production, a small relay in front of the mail
   * provider with the same body (docs/decisions/081-invitations-through-functions-and-rls.md).
   */
  LANES_EMAIL_API_URL: z.url().optional(),
  /** The local stack's inbox, set by the stack itself on whatever port it runs (decision 053). */
  STACK_INBOX_URL: z.url().optional(),
  LANES_EMAIL_FROM: z.email().default('no-reply@lanes.local'),
});

export type Env = z.infer<typeof schema>;

/**
 * Where emails go: LANES_EMAIL_API_URL when set (deployments must set it), else the local stack's own inbox on
 * whatever port it runs (decision 053).
 */
export function emailApiUrl(): string {
  const { STACK_INBOX_URL, LANES_EMAIL_API_URL } = env();
  if (LANES_EMAIL_API_URL) return LANES_EMAIL_API_URL;
  if (STACK_INBOX_URL) return new URL('/api/v1/send', STACK_INBOX_URL).href;
  throw new Error('LANES_EMAIL_API_URL is not set: functions cannot send email');
}

let cached: Env | undefined;
let siteUrlSet = false;

export function env(): Env {
  if (!cached) {
    const source = Deno.env.toObject();
    cached = schema.parse(source);
    siteUrlSet = Boolean(source.LANES_SITE_URL);
  }
  return cached;
}

/** LANES_SITE_URL when the environment sets it; undefined when only its local default is there. */
export function configuredSiteUrl(): string | undefined {
  const { LANES_SITE_URL } = env();
  return siteUrlSet ? LANES_SITE_URL : undefined;
}
