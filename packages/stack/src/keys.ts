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

/** The API keys a stack hands out, as `supabase status` prints them. */
export interface ApiKeys {
  anon: string;
  serviceRole: string;
  publishable: string;
  secret: string;
}

/** The keys of a project without signing keys of its own: the CLI's fixed defaults. */
export const DEFAULT_API_KEYS: ApiKeys = {
  anon: ANON_KEY,
  serviceRole: SERVICE_ROLE_KEY,
  publishable: PUBLISHABLE_KEY,
  secret: SECRET_KEY,
};

/** How long the CLI's asymmetric anon and service_role keys live: ten years from the start. */
const TEN_YEARS = 10 * 365 * 24 * 3600;

/**
 * The keys of a project with `[auth] signing_keys_path`, as the CLI makes them: anon and service_role JWTs
 * (`iss` supabase-demo, ten years) signed by the project's signing key with its `kid`; the opaque
 * publishable and secret keys stay the CLI's and map to those JWTs.
 */
export function projectApiKeys(sign: (claims: Record<string, unknown>) => string, now = Date.now()): ApiKeys {
  const exp = Math.floor(now / 1000) + TEN_YEARS;
  return {
    anon: sign({ iss: 'supabase-demo', role: 'anon', exp }),
    serviceRole: sign({ iss: 'supabase-demo', role: 'service_role', exp }),
    publishable: PUBLISHABLE_KEY,
    secret: SECRET_KEY,
  };
}

/**
 * Resolves an `apikey` header value to the role it stands for and the JWT it maps to, or null if unknown.
 * `keys` are the stack's own; the CLI's HS256 defaults stay known beside them, since the shared secret
 * still verifies.
 */
export function resolveApiKey(
  value: string,
  keys: ApiKeys = DEFAULT_API_KEYS,
): { role: ApiKeyRole; jwt: string } | null {
  switch (value) {
    case keys.anon:
    case keys.publishable:
      return { role: 'anon', jwt: keys.anon };
    case keys.serviceRole:
    case keys.secret:
      return { role: 'service_role', jwt: keys.serviceRole };
    case ANON_KEY:
      return { role: 'anon', jwt: ANON_KEY };
    case SERVICE_ROLE_KEY:
      return { role: 'service_role', jwt: SERVICE_ROLE_KEY };
    default:
      return null;
  }
}
