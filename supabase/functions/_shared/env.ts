/** @module _shared/env — the functions' environment, read and checked once. */
import { z } from 'zod';

const schema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(1),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  /** Where emailed links point (the web app). */
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

export function env(): Env {
  cached ??= schema.parse(Deno.env.toObject());
  return cached;
}
