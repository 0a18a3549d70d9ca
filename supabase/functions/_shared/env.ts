/** @module _shared/env — the functions' environment, read and checked once. */
import { z } from 'zod';

const schema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(1),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  /** Where emailed links point (the web app). */
  LANES_SITE_URL: z.url().default('http://localhost:5173'),
  /**
   * A Mailpit-compatible `POST /api/v1/send` endpoint. Locally: the stack's inbox. In production: a small
   * relay in front of the mail provider with the same body (see docs/decisions/081-invitation-email.md).
   */
  LANES_EMAIL_API_URL: z.url().default('http://127.0.0.1:54324/api/v1/send'),
  LANES_EMAIL_FROM: z.email().default('no-reply@lanes.local'),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  cached ??= schema.parse(Deno.env.toObject());
  return cached;
}
