/**
 * @module auth — the Auth service (GoTrue's API) under `/auth/v1`: parse the route, run the handler,
 * render GoTrue's errors. Everything it keeps lives in the real `auth.*` tables, written as
 * supabase_auth_admin, so the app's triggers on auth.users fire as on hosted Supabase.
 */
import type { RequestContext, Service, StackContext } from '../context.ts';
import { errorResponse, notFound, validation } from './errors.ts';
import { adminFactors } from './handlers/admin-factors.ts';
import { generateLink, invite } from './handlers/admin-links.ts';
import { adminUsers } from './handlers/admin-users.ts';
import { disabledFeature } from './handlers/disabled.ts';
import { factors } from './handlers/mfa.ts';
import { oauthClientRoute } from './handlers/oauth-clients.ts';
import { otp, recover, resend } from './handlers/otp.ts';
import { passkeyRoute } from './handlers/passkeys.ts';
import { signup } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { getUser, logoutHandler, reauthenticate, updateUserSelf } from './handlers/user.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';
import { json } from './http.ts';
import { makeLimiters } from './ratelimit.ts';
import { EXTERNAL, settings } from './settings.ts';
import type { AuthService, Call } from './state.ts';

type Handler = (call: Call) => Promise<Response>;

/** Route table: `METHOD /path` → handler; `/admin/users/:id` is matched apart. */
function routes(service: AuthService): Record<string, Handler> {
  return {
    'GET /settings': async () => json(200, settings(service.config)),
    'GET /health': async () =>
      json(200, { version: 'v2.177.0', name: 'GoTrue', description: 'Auth API of the local stack' }),
    'GET /.well-known/jwks.json': async () =>
      json(200, service.stack.jwt.jwks, { 'cache-control': 'public, max-age=600' }),
    // OAuth providers are not emulated: refuse as GoTrue does for one that is not enabled.
    'GET /authorize': async (call) => {
      const provider = call.url.searchParams.get('provider') ?? '';
      const known = EXTERNAL.includes(provider) && provider !== 'email' && provider !== 'phone';
      throw validation(
        `Unsupported provider: ${known ? 'provider is not enabled' : `Provider ${provider} could not be found`}`,
      );
    },
    'POST /signup': signup,
    'POST /token': token,
    'GET /user': getUser,
    'PUT /user': updateUserSelf,
    'POST /logout': logoutHandler,
    'GET /reauthenticate': reauthenticate,
    'POST /otp': otp,
    'POST /magiclink': otp,
    'GET /verify': verifyGet,
    'POST /verify': verifyPost,
    'POST /recover': recover,
    'POST /resend': resend,
    'POST /invite': invite,
    'POST /admin/generate_link': generateLink,
  };
}

export function build(stack: StackContext): Service {
  const config = stack.config.auth;
  const service: AuthService = {
    stack,
    db: stack.connect('supabase_auth_admin', { max: 5 }),
    config,
    limiters: makeLimiters(config.rateLimit),
    hashCost: stack.passwordHashCost,
    issuer: `${stack.urls.api}/auth/v1`,
  };
  const table = routes(service);
  const log = (m: string) => stack.log('auth', m);

  return {
    async fetch(request: Request, ctx: RequestContext): Promise<Response> {
      const path = ctx.path.replace(/\/+$/, '') || '/';
      const call: Call = { service, request, url: ctx.url, ip: ctx.ip, path };
      try {
        const handler = table[`${request.method} ${path}`];
        if (handler) return await handler(call);
        const disabled = await disabledFeature(call);
        if (disabled) throw disabled;
        const feature = (await passkeyRoute(call)) ?? (await oauthClientRoute(call));
        if (feature) return feature;
        const admin = /^\/admin\/users(?:\/([^/]+))?$/.exec(path);
        if (admin) return await adminUsers(call, admin[1] ?? null);
        const adminFactor = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(path);
        if (adminFactor) return await adminFactors(call, adminFactor[1]!, adminFactor[2] ?? null);
        const factor = /^\/factors(?:\/([^/]+)(?:\/(challenge|verify))?)?$/.exec(path);
        if (factor) return await factors(call, factor[1] ?? null, factor[2] ?? null);
        throw notFound('unknown', 'Not Found');
      } catch (error) {
        return errorResponse(error, request, log);
      }
    },
  };
}
