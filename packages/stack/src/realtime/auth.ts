/**
 * @module realtime/auth — who a channel acts as: verifies the join's access token with the real server's
 * refusals, and probes `realtime.messages` policies (as the user, rolled back) for private channels.
 */
import type { Sql } from 'postgres';
import { type Jwt, JwtError } from '../jwt.ts';

export interface Identity {
  token: string;
  role: string;
  claims: Record<string, unknown>;
  exp: number;
}

export interface ChannelPolicies {
  broadcast: { read: boolean; write: boolean };
  presence: { read: boolean; write: boolean };
}

/** A refusal with the message the real server sends (`reason` on a join, `message` on a system push). */
export class RealtimeAuthError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
  /** As the join reply's `reason`: `"<Code>: <message>"`. */
  get reason(): string {
    return `${this.code}: ${this.message}`;
  }
}

/** Verifies a token as Realtime's `confirm_token` does: valid signature, `role` and `exp`, not expired. */
export function verifyToken(jwt: Jwt, token: string): Identity {
  let claims: Record<string, unknown>;
  try {
    claims = jwt.verify(token);
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') {
      const exp = decodeExp(token);
      const ago = Math.floor(Date.now() / 1000) - exp;
      throw new RealtimeAuthError('InvalidJWTToken', `Token has expired ${ago} seconds ago`);
    }
    if (error instanceof JwtError && error.reason === 'signature')
      throw new RealtimeAuthError('JwtSignatureError', 'Failed to validate JWT signature');
    throw new RealtimeAuthError('MalformedJWT', 'The token provided is not a valid JWT');
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number')
    throw new RealtimeAuthError('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
  return { token, role: claims.role, claims, exp: claims.exp };
}

function decodeExp(token: string): number {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return Number(claims.exp) || 0;
  } catch {
    return 0;
  }
}

const ROLLBACK = Symbol('rollback');

/** Evaluates the realtime.messages policies for `topic` as the user; nothing the probe writes is kept. */
export async function channelPolicies(sql: Sql, topic: string, who: Identity): Promise<ChannelPolicies> {
  let result: ChannelPolicies | undefined;
  try {
    await sql.begin(async (tx) => {
      const [row] = await tx<{ p: ChannelPolicies }[]>`
        select realtime.stack_channel_policies(${topic}, ${who.role}, ${JSON.stringify(who.claims)},
          array['broadcast', 'presence']) as p`;
      result = row!.p;
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return result!;
}
