/**
 * @module auth/pkce — PKCE for email flows: a `code_challenge` on signup/otp/recover/user-update opens an
 * auth.flow_state; following the emailed link issues its auth code (`?code=` on the redirect); the
 * `pkce` grant trades code + verifier for a session, once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import { badRequest, notFound, unprocessable, validation } from './errors.ts';
import { str } from './http.ts';

/** Flow states live five minutes, GoTrue's default FlowStateExpiryDuration. */
const FLOW_STATE_TTL_MS = 300_000;

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

/** Validates `code_challenge` + `code_challenge_method` from a body; null when the flow is implicit. */
export function pkceParams(body: Record<string, unknown>): PkceParams | null {
  const challenge = str(body.code_challenge);
  const method = str(body.code_challenge_method);
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw validation('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw validation('code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw validation(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw validation(`unsupported code_challenge method "${method}"`);
  return { challenge, method: m };
}

export async function createFlowState(
  db: Db,
  p: PkceParams,
  flow: { providerType: string; authMethod: string; userId: string },
): Promise<void> {
  await db`
    insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
      created_at, updated_at, authentication_method)
    values (${randomUUID()}, ${flow.userId}, ${randomUUID()}, ${p.method}, ${p.challenge}, ${flow.providerType},
      now(), now(), ${flow.authMethod})`;
}

/** The auth code of the user's latest flow for `authMethod`, stamped as issued. */
export async function issueAuthCode(db: Db, userId: string, authMethod: string): Promise<string> {
  const [flow] = await db<{ id: string; auth_code: string }[]>`
    select id, auth_code from auth.flow_state
    where user_id = ${userId} and authentication_method = ${authMethod}
    order by created_at desc limit 1`;
  if (!flow) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.');
  await db`update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = ${flow.id}`;
  return flow.auth_code;
}

/** Checks code + verifier and consumes the flow state; returns the user and how they signed in. */
export async function exchangeAuthCode(
  db: Db,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; authMethod: string }> {
  if (!authCode || !verifier) {
    throw validation('invalid request: both auth code and code verifier should be non-empty');
  }
  const [flow] = await db<
    {
      id: string;
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: string;
      created_at: Date;
      authentication_method: string;
    }[]
  >`select * from auth.flow_state where auth_code = ${authCode} for update`;
  if (!flow?.user_id) {
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  if (Date.now() > flow.created_at.getTime() + FLOW_STATE_TTL_MS) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const expected =
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  if (expected !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await db`delete from auth.flow_state where id = ${flow.id}`;
  return { userId: flow.user_id, authMethod: flow.authentication_method };
}
