/**
 * @module auth/state — what every auth handler is handed: the service's long-lived parts (pool, config,
 * limiters) and the request being served.
 */
import type { Sql } from 'postgres';
import type { StackConfig } from '../config.ts';
import type { StackContext } from '../context.ts';
import type { Limiters } from './ratelimit.ts';

export interface AuthService {
  stack: StackContext;
  /** Pool logged in as supabase_auth_admin, as GoTrue connects. */
  db: Sql;
  config: StackConfig['auth'];
  limiters: Limiters;
  /** bcrypt cost of new password hashes (StackContext.passwordHashCost). */
  hashCost: number;
  /** `iss` of access tokens and the base of email links: `<api>/auth/v1`. */
  issuer: string;
}

export interface Call {
  service: AuthService;
  request: Request;
  url: URL;
  ip: string;
  /** The path below `/auth/v1`, without a trailing slash. */
  path: string;
}
