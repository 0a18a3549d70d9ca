/**
 * @module auth/sessions — sessions as GoTrue keeps them: a row in auth.sessions, a chain of refresh tokens
 * in auth.refresh_tokens (rotated on use, reuse of an old one revokes the chain), the sign-in methods in
 * auth.mfa_amr_claims, the assurance level (aal1, aal2 once a factor is verified), and access tokens signed
 * by the stack's signing key whose claims carry all of it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { audit } from './audit.ts';
import type { Db } from './db.ts';
import { badRequest } from './errors.ts';
import { factorsOf } from './factors.ts';
import { customizeClaims } from './hooks.ts';
import type { AuthService } from './state.ts';
import { findUserById, identitiesOf, isBanned, type UserRow, userJson } from './users.ts';

export interface SessionBody {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: unknown;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

export interface Client {
  ip: string;
  userAgent: string | null;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** 12 lowercase base32 characters, the shape of GoTrue's (v1) refresh tokens. */
function newRefreshToken(): string {
  return [...randomBytes(12)].map((b) => ALPHABET[b % 32]).join('');
}

/** An inet value for auth.sessions.ip, or null when the address is not one. */
const inet = (ip: string) => (/^[0-9a-f:.]+$/i.test(ip) && ip.length > 1 ? ip : null);

async function insertRefreshToken(db: Db, userId: string, sessionId: string, parent: string | null) {
  const token = newRefreshToken();
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values ('00000000-0000-0000-0000-000000000000', ${token}, ${userId}, false, now(), now(), ${parent}, ${sessionId})`;
  return token;
}

/** Signs the access token of `user` for `sessionId`, with `amr` from the session's claims rows. */
export async function accessToken(
  service: AuthService,
  db: Db,
  user: UserRow,
  sessionId: string,
  /** How this token was earned, for the custom access token hook (`token_refresh` on refresh). */
  method: string,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const amr = await db<{ method: string; ts: Date }[]>`
    select authentication_method as method, updated_at as ts from auth.mfa_amr_claims
    where session_id = ${sessionId} order by updated_at desc`;
  const [session] = await db<
    { aal: string | null }[]
  >`select aal::text from auth.sessions where id = ${sessionId}`;
  const iat = Math.floor(Date.now() / 1000);
  const expiresIn = service.config.jwtExpiry;
  const exp = iat + expiresIn;
  const claims: Record<string, unknown> = {
    iss: service.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: session?.aal ?? 'aal1',
    amr: amr.map((c) => ({ method: c.method, timestamp: Math.floor(c.ts.getTime() / 1000) })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const token = service.stack.jwt.sign(
    await customizeClaims(service, db, { user_id: user.id, claims, authentication_method: method }),
  );
  return { token, expiresAt: exp, expiresIn };
}

async function body(
  service: AuthService,
  db: Db,
  user: UserRow,
  session: { id: string; method: string },
  refresh: string,
) {
  const { token, expiresAt, expiresIn } = await accessToken(service, db, user, session.id, session.method);
  const result: SessionBody = {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refresh,
    user: userJson(user, await identitiesOf(db, user.id), await factorsOf(db, user.id)),
  };
  return result;
}

/** Starts a session for `user` signed in by `method` (password, otp, magiclink, email/signup, ...). */
export async function issueSession(
  service: AuthService,
  db: Db,
  user: UserRow,
  method: string,
  client: Client,
): Promise<SessionBody> {
  const sessionId = randomUUID();
  await db`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
    values (${sessionId}, ${user.id}, now(), now(), 'aal1', ${client.userAgent}, ${inet(client.ip)})`;
  await db`
    insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    values (${sessionId}, now(), now(), ${method}, ${randomUUID()})`;
  const [signedIn] = await db<UserRow[]>`
    update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${user.id} returning *`;
  await db`update auth.identities set last_sign_in_at = now() where user_id = ${user.id} and provider = 'email'`;
  const refresh = await insertRefreshToken(db, user.id, sessionId, null);
  return body(service, db, signedIn ?? user, { id: sessionId, method }, refresh);
}

/** What a refresh concluded: a new session body, or an error to answer after the transaction commits. */
export type RefreshOutcome = { ok: SessionBody } | { error: Error };

/**
 * The refresh_token grant. A revoked token is accepted when it is the parent of the live one (the client lost
 * the last answer: it gets that answer again) or within `refresh_token_reuse_interval`; otherwise the
 * session's whole chain is revoked (committed) and `refresh_token_already_used` answered.
 */
export async function refreshSession(
  service: AuthService,
  db: Db,
  token: string,
  client: Client,
): Promise<RefreshOutcome> {
  const [row] = await db<RefreshTokenRow[]>`
    select * from auth.refresh_tokens where token = ${token} for update`;
  if (!row) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await findUserById(db, row.user_id);
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  const [session] = row.session_id
    ? await db<{ id: string }[]>`select id from auth.sessions where id = ${row.session_id} for update`
    : [];
  if (!session) {
    await db`delete from auth.refresh_tokens where id = ${row.id}`;
    throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  let issued: string | null = null;
  if (row.revoked) {
    const [active] = await db<RefreshTokenRow[]>`
      select * from auth.refresh_tokens where session_id = ${session.id} and revoked = false
      order by id desc limit 1`;
    if (active && active.parent === row.token) issued = active.token;
    else if (Date.now() > row.updated_at.getTime() + service.config.refreshTokenReuseInterval * 1000) {
      if (service.config.refreshTokenRotation) {
        await db`update auth.refresh_tokens set revoked = true, updated_at = now()
          where session_id = ${session.id} and revoked = false`;
      }
      return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
    }
  }
  await audit(db, user, 'token_refreshed');
  if (!issued) {
    await db`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${row.id}`;
    await audit(db, user, 'token_revoked');
    issued = await insertRefreshToken(db, user.id, session.id, row.token);
  }
  await db`
    update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(),
      user_agent = ${client.userAgent}, ip = ${inet(client.ip)}
    where id = ${session.id}`;
  return { ok: await body(service, db, user, { id: session.id, method: 'token_refresh' }, issued) };
}

/**
 * Raises the caller's session to aal2 after a factor was verified, as GoTrue's MFA verify does: the method
 * joins the session's `amr`, the session records the factor, the refresh token is swapped for a new one,
 * and the user's other sessions still at aal1 end. Answers the new session.
 */
export async function elevateSession(
  service: AuthService,
  db: Db,
  user: UserRow,
  sessionId: string,
  factorId: string,
  method: 'totp' | 'mfa/phone' | 'mfa/webauthn',
): Promise<SessionBody> {
  await db`
    insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    values (${sessionId}, now(), now(), ${method}, ${randomUUID()})
    on conflict (session_id, authentication_method) do update set updated_at = now()`;
  await db`update auth.sessions set aal = 'aal2', factor_id = ${factorId}, updated_at = now() where id = ${sessionId}`;
  await db`delete from auth.sessions where user_id = ${user.id} and id <> ${sessionId} and aal < 'aal2'`;
  const [current] = await db<{ token: string }[]>`
    update auth.refresh_tokens set revoked = true, updated_at = now()
    where session_id = ${sessionId} and revoked = false returning token`;
  const refresh = await insertRefreshToken(db, user.id, sessionId, current?.token ?? null);
  return body(service, db, user, { id: sessionId, method }, refresh);
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions; refresh tokens go with them (on delete cascade), as GoTrue's Logout does. */
export async function logout(db: Db, userId: string, sessionId: string | null, scope: LogoutScope) {
  if (sessionId && scope === 'local') await db`delete from auth.sessions where id = ${sessionId}`;
  else if (sessionId && scope === 'others') {
    await db`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
  } else await db`delete from auth.sessions where user_id = ${userId}`;
}
