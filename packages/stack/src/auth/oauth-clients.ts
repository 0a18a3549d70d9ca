/**
 * @module auth/oauth-clients — the OAuth 2.1 server's client registry as GoTrue keeps it in
 * auth.oauth_clients: its checks of registration and update fields (same messages), the secret (32 random
 * bytes, stored as a SHA-256 hash, shown once) and the client's wire shape.
 */
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, validation } from './errors.ts';
import type { Body } from './http.ts';

export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];
const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];

/** Why `uri` is no acceptable redirect URI (RFC 6749 3.1.2 as GoTrue reads it), or null. */
function redirectUriProblem(uri: string): string | null {
  if (!uri) return 'redirect URI cannot be empty';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  const scheme = url.protocol.slice(0, -1);
  if (!url.host) return 'must have scheme and host';
  if (DANGEROUS_SCHEMES.includes(scheme.toLowerCase())) {
    return `scheme '${scheme}' is not allowed for security reasons`;
  }
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    return 'HTTP scheme only allowed for localhost';
  }
  if (url.hash) return 'fragment not allowed in redirect URI';
  return null;
}

function checkRedirectUris(uris: string[]): void {
  if (uris.length === 0) throw validation('redirect_uris is required');
  if (uris.length > 10) throw validation('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw validation(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw validation('grant_types cannot be empty');
  if (types.some((t) => t !== 'authorization_code' && t !== 'refresh_token')) {
    throw validation("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
}

function checkUrl(field: 'client_uri' | 'logo_uri', value: string): void {
  if (!value) return;
  if (value.length > 2048) throw validation(`${field} cannot exceed 2048 characters`);
  if (!URL.canParse(value)) throw validation(`${field} must be a valid URL`);
}

function checkName(name: string): void {
  if (name.length > 1024) throw validation('client_name cannot exceed 1024 characters');
}

/** A string array field, or null when absent; another type fails GoTrue's JSON decoding. */
function strings(body: Body, field: string): string[] | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw badRequest('bad_json', 'Invalid JSON body');
  }
  return value as string[];
}

function text(body: Body, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest('bad_json', 'Invalid JSON body');
  return value;
}

export interface NewClient {
  clientType: 'public' | 'confidential';
  authMethod: string;
  redirectUris: string[];
  grantTypes: string[];
  clientName: string;
  clientUri: string;
  logoUri: string;
}

/** Checks a registration body as GoTrue does and fills its defaults. */
export function registration(body: Body): NewClient {
  checkRedirectUris(strings(body, 'redirect_uris') ?? []);
  const grantTypes = strings(body, 'grant_types') ?? [];
  if (grantTypes.length > 0) checkGrantTypes(grantTypes);
  const clientName = text(body, 'client_name') ?? '';
  checkName(clientName);
  const clientUri = text(body, 'client_uri') ?? '';
  checkUrl('client_uri', clientUri);
  const logoUri = text(body, 'logo_uri') ?? '';
  checkUrl('logo_uri', logoUri);
  const type = text(body, 'client_type') ?? '';
  if (type && type !== 'public' && type !== 'confidential') {
    throw validation("client_type must be 'public' or 'confidential'");
  }
  const method = text(body, 'token_endpoint_auth_method') ?? '';
  if (method && !AUTH_METHODS.includes(method)) {
    throw validation(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
  }
  const inferred = method === 'none' ? 'public' : 'confidential';
  if (type && method && type !== inferred) {
    throw validation(
      `client_type '${type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${inferred}')`,
    );
  }
  const clientType = (type || (method ? inferred : 'confidential')) as NewClient['clientType'];
  return {
    clientType,
    authMethod: method || (clientType === 'public' ? 'none' : 'client_secret_basic'),
    redirectUris: strings(body, 'redirect_uris')!,
    grantTypes: grantTypes.length > 0 ? grantTypes : ['authorization_code', 'refresh_token'],
    clientName,
    clientUri,
    logoUri,
  };
}

/** The columns an update body sets, checked as GoTrue does; `{}` means nothing to update. */
export function updates(body: Body, client: OAuthClientRow): Record<string, string> {
  const set: Record<string, string> = {};
  const uris = strings(body, 'redirect_uris');
  if (uris) {
    if (uris.length === 0) throw validation('redirect_uris cannot be empty');
    checkRedirectUris(uris);
    set.redirect_uris = uris.join(',');
  }
  const grants = strings(body, 'grant_types');
  if (grants) {
    checkGrantTypes(grants);
    set.grant_types = grants.join(',');
  }
  const name = text(body, 'client_name');
  if (name !== null) {
    checkName(name);
    set.client_name = name;
  }
  for (const field of ['client_uri', 'logo_uri'] as const) {
    const value = text(body, field);
    if (value !== null) {
      checkUrl(field, value);
      set[field] = value;
    }
  }
  const method = text(body, 'token_endpoint_auth_method');
  if (method !== null) {
    const valid = client.client_type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];
    if (!valid.includes(method)) {
      throw validation(
        `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: [${valid.join(' ')}]`,
      );
    }
    set.token_endpoint_auth_method = method;
  }
  return set;
}

/** A new secret and the hash that is stored (base64url SHA-256, as GoTrue). */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

/** GoTrue's client response: empty strings and lists left out, `response_types` always `["code"]`. */
export function clientJson(c: OAuthClientRow, secret?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { client_id: c.id };
  if (secret) out.client_secret = secret;
  out.client_type = c.client_type;
  const uris = c.redirect_uris ? c.redirect_uris.split(',') : [];
  if (uris.length) out.redirect_uris = uris;
  if (c.token_endpoint_auth_method) out.token_endpoint_auth_method = c.token_endpoint_auth_method;
  const grants = c.grant_types ? c.grant_types.split(',') : [];
  if (grants.length) out.grant_types = grants;
  out.response_types = ['code'];
  if (c.client_name) out.client_name = c.client_name;
  if (c.client_uri) out.client_uri = c.client_uri;
  if (c.logo_uri) out.logo_uri = c.logo_uri;
  out.registration_type = c.registration_type;
  out.created_at = c.created_at.toISOString();
  out.updated_at = c.updated_at.toISOString();
  return out;
}
