/**
 * @module context — what the stack hands each service's `build()` and each request: the seams that let
 * tests drive a service in-process on Web `Request`/`Response`.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Sql } from 'postgres';
import type { StackConfig } from './config.ts';
import type { Inbox } from './inbox/inbox.ts';
import type { Jwt } from './jwt.ts';
import type { ApiKeyRole, ApiKeys } from './keys.ts';
import type { RealtimeLimits } from './realtime/limits.ts';

/** Database roles the services log in as, like the real services' connection strings. */
export type ServiceRole = 'authenticator' | 'supabase_auth_admin' | 'supabase_storage_admin' | 'postgres';

export interface StackUrls {
  /** The gateway, e.g. http://127.0.0.1:54321 */
  api: string;
  /** Superuser database URL, e.g. postgresql://postgres:postgres@127.0.0.1:54322/postgres */
  db: string;
  inbox: string;
}

export type Logger = (service: string, message: string) => void;

export interface StackContext {
  config: StackConfig;
  jwt: Jwt;
  /** The keys `supabase status` would print: derived from the project's signing key when it has one. */
  apiKeys?: ApiKeys;
  urls: StackUrls;
  /** Variables the embedder gives every edge function (StartOptions.functionsEnv). */
  functionsEnv: Record<string, string>;
  /** Where services keep files (storage objects, function caches); git-ignored. */
  dataDir: string;
  /** Opens a pool logged in as `role`; the stack closes every pool it handed out on stop. */
  connect(role: ServiceRole, options?: { max?: number }): Sql;
  inbox: Inbox;
  log: Logger;
  /** Realtime's tenant limits over the CLI's defaults (StartOptions.realtimeLimits). */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** bcrypt cost of new password hashes: StartOptions.passwordHashCost, else GoTrue's 10. */
  passwordHashCost: number;
}

export interface RequestContext {
  /** The path below the service's prefix, e.g. `/tasks` for `/rest/v1/tasks`. */
  path: string;
  url: URL;
  /** The role the request's `apikey` stands for, when it carried a known one. */
  apikey: { role: ApiKeyRole; jwt: string } | null;
  requestId: string;
  /** The client's address, for rate limits. */
  ip: string;
}

export interface Service {
  fetch(request: Request, ctx: RequestContext): Promise<Response>;
  /** WebSocket upgrades under the service's prefix (Realtime). */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer, ctx: RequestContext): void;
  close?(): Promise<void>;
}

export type ServiceFactory = (stack: StackContext) => Service | Promise<Service>;
