/**
 * @module auth/handlers/disabled — the parts of GoTrue the stack does not emulate (SAML SSO, the OAuth 2.1
 * server's authorization flow, custom OAuth providers, SCIM, manual identity linking, Web3 and OIDC id_token
 * sign-ins), and passkeys and OAuth client registration while config.toml leaves them off, answer as GoTrue
 * does when the feature is off: its own status, error code and message, after the same authentication
 * GoTrue asks first. The start-up notice names those a project's config.toml turns on (config.ts
 * `notEmulatedAuth`).
 */
import { requireAdmin, requireUser } from '../authenticate.ts';
import { type AuthError, badRequest, notFound, OAuthError, unprocessable } from '../errors.ts';
import { readBody, str } from '../http.ts';
import type { Call } from '../state.ts';

interface Gate {
  path: RegExp;
  /** The config switch that, when on, lets the path through to its emulation instead. */
  on?: (config: Call['service']['config']) => boolean;
  /** Who GoTrue authenticates before its feature check. */
  auth: 'none' | 'user' | 'admin';
  error: () => AuthError;
}

const samlOff = () => notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
const oauthServerOff = () => notFound('feature_disabled', 'OAuth server is disabled');
const passkeysOff = () => notFound('passkey_disabled', 'Passkeys are disabled');

const GATES: Gate[] = [
  { path: /^\/sso(\/saml\/(metadata|acs))?$/, auth: 'none', error: samlOff },
  { path: /^\/admin\/sso(\/.*)?$/, auth: 'admin', error: samlOff },
  { path: /^\/passkeys(\/.*)?$/, auth: 'none', error: passkeysOff, on: (c) => c.passkey.enabled },
  {
    path: /^\/admin\/users\/[^/]+\/passkeys(\/[^/]+)?$/,
    auth: 'admin',
    error: passkeysOff,
    on: (c) => c.passkey.enabled,
  },
  {
    path: /^\/(oauth\/clients\/register)$/,
    auth: 'none',
    error: oauthServerOff,
    on: (c) => c.oauthServer.enabled,
  },
  { path: /^\/(oauth\/.+|\.well-known\/oauth-authorization-server)$/, auth: 'none', error: oauthServerOff },
  { path: /^\/user\/oauth\/grants$/, auth: 'user', error: oauthServerOff },
  {
    path: /^\/admin\/oauth\/clients(\/.*)?$/,
    auth: 'admin',
    error: oauthServerOff,
    on: (c) => c.oauthServer.enabled,
  },
  { path: /^\/admin\/oauth(\/.*)?$/, auth: 'admin', error: oauthServerOff },
  {
    path: /^\/admin\/custom-providers(\/.*)?$/,
    auth: 'admin',
    error: () => notFound('feature_disabled', 'Custom OAuth providers are disabled'),
  },
  {
    path: /^\/scim\/v2(\/.*)?$/,
    auth: 'none',
    error: () => notFound('feature_disabled', 'SCIM server is disabled'),
  },
  {
    path: /^\/user\/identities\/[^/]+$/,
    auth: 'user',
    error: () => notFound('manual_linking_disabled', 'Manual linking is disabled'),
  },
];

/** The refusal for a path of a feature that is not emulated, or null when the path is not one. */
export async function disabledFeature(call: Call): Promise<AuthError | null> {
  const gate = GATES.find((g) => g.path.test(call.path));
  if (!gate || gate.on?.(call.service.config)) return null;
  if (gate.auth === 'user') await requireUser(call);
  if (gate.auth === 'admin') requireAdmin(call);
  return gate.error();
}

/** The issuer GoTrue names when an id_token provider is off. */
const ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/** `grant_type=id_token`: no OAuth provider is enabled locally, so every provider is refused as off. */
export async function idTokenGrant(call: Call): Promise<Response> {
  const body = await readBody(call.request);
  const provider = str(body.provider);
  if (!str(body.id_token)) throw new OAuthError('invalid request', 'id_token required');
  if (!provider && (!str(body.client_id) || !str(body.issuer))) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  const issuer =
    ISSUERS[provider] ?? (provider === 'azure' || provider === 'keycloak' ? str(body.issuer) : null);
  if (issuer === null)
    throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
  throw badRequest('provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
}

/** `grant_type=web3`: Sign in with Solana / Ethereum is not emulated. */
export async function web3Grant(): Promise<Response> {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}
