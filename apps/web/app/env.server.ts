/**
 * @module env.server — the app's environment, read and validated once. Nothing else reads `process.env`.
 * In development every value defaults to the local stack's well-known settings, so `pnpm dev` needs no .env.
 */
import { z } from 'zod';

// The Supabase CLI's well-known local values (public knowledge; they only open a local stack).
const LOCAL = {
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SUPABASE_ANON_KEY:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  SITE_URL: 'http://localhost:5173',
  // Only names sign-in limit buckets on a developer's machine; production must set its own (decision 069).
  AUTH_LIMIT_SECRET: 'lanes-local-development-auth-limit-secret',
} as const;

const url = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

export function envSchema(production: boolean) {
  const orLocal = <T extends z.ZodType>(schema: T, local: string) =>
    production ? schema : schema.optional().transform((value) => value ?? local);
  return z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    SUPABASE_URL: orLocal(url, LOCAL.SUPABASE_URL),
    /** The anon JWT or an `sb_publishable_…` key: both are safe in a browser. */
    SUPABASE_ANON_KEY: orLocal(z.string().min(20), LOCAL.SUPABASE_ANON_KEY),
    /** Where emailed links lead back to (this app's origin). */
    SITE_URL: orLocal(url, LOCAL.SITE_URL),
    /** Keys the sign-in limits' buckets (HMAC); the same on every instance, never sent anywhere. */
    AUTH_LIMIT_SECRET: orLocal(z.string().min(32), LOCAL.AUTH_LIMIT_SECRET),
    /**
     * Comma-separated addresses of the proxies in front of the app whose `X-Forwarded-For` is believed; empty:
     * the visitor is whoever opened the connection.
     */
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
  });
}

export type Env = {
  NODE_ENV: string;
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SITE_URL: string;
  AUTH_LIMIT_SECRET: string;
  TRUSTED_PROXIES: string[];
};

/** Parses an environment; exported for tests. Throws one readable error listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const publishable = source.SUPABASE_ANON_KEY ?? source.SUPABASE_PUBLISHABLE_KEY;
  const input = { ...source, SUPABASE_ANON_KEY: publishable };
  const result = envSchema(source.NODE_ENV === 'production').safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment for @lanes/web:\n${lines.join('\n')}`);
  }
  return result.data as Env;
}

export const env: Env = parseEnv(process.env);

/** The only values the browser may see; the root loader hands them to the page. */
export interface PublicEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
}

export function publicEnv(): PublicEnv {
  return { SUPABASE_URL: env.SUPABASE_URL, SUPABASE_ANON_KEY: env.SUPABASE_ANON_KEY };
}
