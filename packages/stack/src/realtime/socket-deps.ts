/**
 * @module realtime/socket-deps — what a client socket is given (hub, keys, database, limits) and what joining a
 * channel needs of the socket back. Apart from `socket.ts` so that `join.ts` can name both without importing the
 * socket that calls it.
 */
import type { Sql } from 'postgres';
import type { Logger } from '../context.ts';
import type { Jwt } from '../jwt.ts';
import type { Hub, Member } from './hub.ts';
import type { TenantLimits } from './limits.ts';
import type { Frame, Vsn } from './protocol.ts';

export interface SocketDeps {
  hub: Hub;
  jwt: Jwt;
  sql: Sql;
  log: Logger;
  limits: TenantLimits;
  /** Resolves when postgres_changes can be delivered. */
  replicationReady: Promise<void>;
}

/** The socket as a channel join sees it: `RealtimeSocket` is the one implementation. */
export interface ChannelSocket {
  readonly vsn: Vsn;
  send(frame: Frame): void;
  push(data: string | Buffer): void;
  reply(frame: Frame, status: 'ok' | 'error', response: unknown): void;
  forget(member: Member): void;
}
