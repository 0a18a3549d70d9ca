/**
 * @module auth/hooks — the custom access token hook (`[auth.hook.custom_access_token]` with a
 * `pg-functions://` URI): GoTrue calls the Postgres function with `{user_id, claims, authentication_method}`
 * and signs the `claims` it returns, or answers the `error` it returns.
 */

import type { Db } from './db.ts';
import { AuthError, DatabaseError } from './errors.ts';
import type { AuthService } from './state.ts';

/** Claims a hook must leave in place (GoTrue validates the output against its schema). */
const REQUIRED = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'];

/** GoTrue's timeout for Postgres hooks. */
const TIMEOUT_MS = 2_000;

export async function customizeClaims(
  service: AuthService,
  db: Db,
  input: { user_id: string; claims: Record<string, unknown>; authentication_method: string },
): Promise<Record<string, unknown>> {
  const hook = service.config.customAccessTokenHook;
  if (!hook) return input.claims;
  const [schema, fn] = hook;
  let output: unknown;
  try {
    await db`select set_config('statement_timeout', ${`${TIMEOUT_MS}ms`}, true)`;
    const [row] = await db<
      { out: unknown }[]
    >`select ${db(schema)}.${db(fn)}(${db.json(input as never)}::jsonb) as out`;
    await db`set local statement_timeout to default`;
    output = row?.out;
  } catch (error) {
    throw new DatabaseError(`Error running hook URI: pg-functions://postgres/${schema}/${fn}`, error);
  }
  const out = (typeof output === 'string' ? JSON.parse(output) : output) as {
    claims?: Record<string, unknown>;
    error?: { http_code?: number; message?: string };
  } | null;
  if (out?.error?.message) {
    const status = out.error.http_code || 500;
    throw new AuthError(status, status >= 500 ? 'unexpected_failure' : 'unknown', out.error.message);
  }
  const claims = out?.claims;
  if (!claims || typeof claims !== 'object' || REQUIRED.some((k) => !(k in claims))) {
    throw new AuthError(500, 'unexpected_failure', 'output claims do not conform to the expected schema');
  }
  return claims;
}
