/**
 * @module auth/handlers/verify — `/verify`. POST (supabase-js `verifyOtp`) answers a session; GET (the
 * link in an email) verifies and redirects (303) to `redirect_to` with the session in the URL fragment,
 * `?code=` for PKCE links, or `#error=…&error_code=…&error_description=…` when it fails.
 */
import { AuthError, validation } from '../errors.ts';
import { json, readBody, str } from '../http.ts';
import { tokenHash } from '../mail.ts';
import { issueAuthCode } from '../pkce.ts';
import { referrer } from '../redirect.ts';
import { issueSession } from '../sessions.ts';
import type { Call } from '../state.ts';
import {
  applyVerification,
  SINGLE_CONFIRMATION,
  userByCode,
  userByTokenHash,
  type VerifyType,
} from '../verification.ts';
import { clientOf, limit, validateEmail, validatePhone } from './common.ts';

const TYPES = new Set([
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
  'sms',
  'phone_change',
]);

function verifyType(raw: string): VerifyType {
  if (!raw) throw validation('Verify requires a verification type');
  if (!TYPES.has(raw)) throw validation('Invalid email verification type');
  if (raw === 'sms' || raw === 'phone_change')
    throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  return raw as VerifyType;
}

export async function verifyPost(call: Call): Promise<Response> {
  const service = call.service;
  const body = await readBody(call.request);
  if (!str(body.type)) throw validation('Verify requires a verification type');
  const token = str(body.token);
  let hash = str(body.token_hash);
  const email = str(body.email);
  const phone = str(body.phone);
  if ((!token && !hash) || (token && hash))
    throw validation('Verify requires either a token or a token hash');
  let address = '';
  if (token) {
    if (phone && !email) {
      // GoTrue checks the number's format before looking for its (never sent) SMS code.
      validatePhone(phone);
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    }
    if (!email || phone)
      throw validation('Only an email address or phone number should be provided on verify');
    try {
      address = validateEmail(email);
    } catch {
      throw new AuthError(422, 'validation_failed', 'Invalid email format');
    }
    hash = tokenHash(address, token);
  } else if (email || phone || str(body.redirect_to)) {
    throw validation('Only the token_hash and type should be provided');
  }
  limit(call, service.limiters.verify);
  const type = verifyType(str(body.type));
  const outcome = await service.db.begin(async (tx) => {
    const found = token
      ? await userByCode(service, tx, type, address, hash)
      : await userByTokenHash(service, tx, type, hash);
    const user = await applyVerification(service, tx, found.user, found.type, hash);
    if (!user) return null;
    return issueSession(service, tx, user, 'otp', clientOf(call));
  });
  if (!outcome) return json(200, { msg: SINGLE_CONFIRMATION, code: '200' });
  return json(200, outcome);
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Go's url.Values.Encode: keys sorted, spaces as `+`. */
function encode(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(values[k]!).replace(/%20/g, '+')}`)
    .join('&');
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location } });
}

function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export async function verifyGet(call: Call): Promise<Response> {
  const service = call.service;
  const token = call.url.searchParams.get('token') ?? '';
  const rawType = call.url.searchParams.get('type') ?? '';
  const redirectTo = referrer(call.request, call.url, service.config);
  if (!rawType) throw validation('Verify requires a verification type');
  if (!token) throw validation('Verify requires a token or a token hash');
  limit(call, service.limiters.verify);
  const pkce = token.startsWith('pkce_');
  try {
    const type = verifyType(rawType);
    if (type === 'email') throw validation('Unsupported verification type');
    const result = await service.db.begin(async (tx) => {
      const found = await userByTokenHash(service, tx, type, token);
      const user = await applyVerification(service, tx, found.user, found.type, token);
      if (!user) return { single: true } as const;
      if (pkce) {
        const method = type === 'signup' ? 'email/signup' : type;
        return { code: await issueAuthCode(tx, user.id, method) } as const;
      }
      return { session: await issueSession(service, tx, user, 'otp', clientOf(call)) } as const;
    });
    if ('single' in result) {
      const target = pkce ? withQuery(redirectTo, { message: SINGLE_CONFIRMATION }) : redirectTo;
      return redirect(
        `${target.split('#')[0] ?? target}#${encode({ message: SINGLE_CONFIRMATION, sb: '' })}`,
      );
    }
    if ('code' in result) return redirect(withQuery(redirectTo, { code: result.code ?? '' }));
    const s = result.session;
    const fragment = encode({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      sb: '',
      token_type: s.token_type,
      type: rawType,
    });
    return redirect(`${redirectTo}#${fragment}`);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const params: Record<string, string> = {};
    const oauth = OAUTH_ERRORS[error.status];
    if (oauth) params.error = oauth;
    params.error_code = error.code;
    params.error_description = error.message;
    const target = pkce ? withQuery(redirectTo, params) : redirectTo;
    return redirect(`${target.split('#')[0] ?? target}#${encode({ ...params, sb: '' })}`);
  }
}
