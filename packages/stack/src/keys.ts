/**
 * @module keys — the well-known local keys, identical to the Supabase CLI's defaults so `.env` files carry over.
 */

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** HS256 tokens with claims `{"iss":"supabase-demo","role":...,"exp":1983812996}` signed with JWT_SECRET. */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The opaque keys of the new API-key scheme; the gateway swaps them for the JWTs above, as the CLI's gateway does. */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export const DEFAULT_PORTS = { api: 54321, db: 54322, inbox: 54324 } as const;

export type ApiKeyRole = 'anon' | 'service_role';

/** Resolves an `apikey` header value to the role it stands for and the JWT it maps to, or null if unknown. */
export function resolveApiKey(value: string): { role: ApiKeyRole; jwt: string } | null {
  switch (value) {
    case ANON_KEY:
    case PUBLISHABLE_KEY:
      return { role: 'anon', jwt: ANON_KEY };
    case SERVICE_ROLE_KEY:
    case SECRET_KEY:
      return { role: 'service_role', jwt: SERVICE_ROLE_KEY };
    default:
      return null;
  }
}
