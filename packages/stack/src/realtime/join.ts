/**
 * @module realtime/join — `phx_join` and `access_token` on a channel: who the channel acts as, private
 * channel policies, postgres_changes bindings (echoed with ids), presence state, token expiry.
 */
import { createHash, randomUUID } from 'node:crypto';
import { channelPolicies, type Identity, RealtimeAuthError, verifyToken } from './auth.ts';
import { parseChangeSpec } from './filters.ts';
import type { Binding, Member } from './hub.ts';
import type { Frame } from './protocol.ts';
import type { ChannelSocket, SocketDeps } from './socket-deps.ts';
import { checkSubscriptions } from './subscription-check.ts';

interface JoinConfig {
  broadcast?: { self?: boolean; ack?: boolean; replication_ready?: boolean };
  postgres_changes_options?: { wait?: boolean };
  presence?: { key?: string; enabled?: boolean };
  postgres_changes?: unknown[];
  private?: boolean;
}

/** The policy probe itself failed (not a refusal): the server answers with a database error. */
class PolicyError extends Error {}

/** A stable id per binding params, as the server's `:erlang.phash2(params)` is (27-bit integer). */
function bindingId(params: unknown): number {
  return createHash('sha1').update(JSON.stringify(params)).digest().readUInt32BE(0) & 0x7ffffff;
}

/** The channel's own token, else the socket's apikey JWT; `sb_` keys mean the apikey's identity. */
function tokenOf(payload: Record<string, unknown>, apikeyToken: string | null): string | null {
  const t = payload.access_token ?? payload.user_token;
  return typeof t === 'string' && t && !t.startsWith('sb_') ? t : apikeyToken;
}

/** Ends a channel as the server does: a `system` error, then `phx_close`. */
export function shutdown(socket: ChannelSocket, member: Member, message: string): void {
  socket.send({
    join_ref: null,
    ref: null,
    topic: member.topic,
    event: 'system',
    payload: { extension: 'system', status: 'error', message, channel: member.subTopic },
  });
  socket.send({
    join_ref: member.joinRef,
    ref: member.joinRef,
    topic: member.topic,
    event: 'phx_close',
    payload: {},
  });
  socket.forget(member);
}

function armExpiry(socket: ChannelSocket, member: Member): void {
  if (member.expiry) clearTimeout(member.expiry);
  const ms = Math.min(member.who.exp * 1000 - Date.now(), 2 ** 31 - 1);
  member.expiry = setTimeout(
    () => {
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - member.who.exp);
      shutdown(socket, member, `Token has expired ${ago} seconds ago`);
    },
    Math.max(ms, 0),
  );
  member.expiry.unref?.();
}

export async function joinChannel(
  socket: ChannelSocket,
  frame: Frame,
  apikeyToken: string | null,
  deps: SocketDeps,
): Promise<Member | null> {
  const payload = (
    typeof frame.payload === 'object' && frame.payload !== null ? frame.payload : {}
  ) as Record<string, unknown>;
  const config = (
    typeof payload.config === 'object' && payload.config !== null ? payload.config : {}
  ) as JoinConfig;
  const subTopic = frame.topic.slice('realtime:'.length);
  const isPrivate = config.private === true;
  let who: Identity;
  let policies = null;
  try {
    const token = tokenOf(payload, apikeyToken);
    if (!token) throw new RealtimeAuthError('MalformedJWT', 'The token provided is not a valid JWT');
    who = verifyToken(deps.jwt, token);
    if (isPrivate) {
      policies = await channelPolicies(deps.sql, subTopic, who).catch((error: Error) => {
        deps.log('realtime', `private channel policies for ${subTopic} failed: ${error.message}`);
        throw new PolicyError();
      });
      if (!policies.broadcast.read && !policies.presence.read)
        throw new RealtimeAuthError(
          'Unauthorized',
          `You do not have permissions to read from this Channel topic: ${subTopic}`,
        );
    }
  } catch (error) {
    if (error instanceof PolicyError) {
      socket.reply(frame, 'error', { reason: 'Realtime was unable to connect to the project database' });
      return null;
    }
    if (!(error instanceof RealtimeAuthError)) throw error;
    socket.reply(frame, 'error', { reason: error.reason });
    return null;
  }

  const rawChanges = Array.isArray(config.postgres_changes)
    ? config.postgres_changes.filter((p) => p != null)
    : [];
  const bindings: Binding[] = [];
  const echoed: Record<string, unknown>[] = [];
  let changesError: string | null = null;
  for (const params of rawChanges) {
    const id = bindingId(params);
    echoed.push({ ...(params as Record<string, unknown>), id });
    try {
      bindings.push({ id, spec: parseChangeSpec(params) });
    } catch (error) {
      changesError ??= (error as Error).message;
    }
  }
  if (!changesError && bindings.length) {
    await deps.replicationReady.catch(() => {});
    changesError = await checkSubscriptions(
      deps.sql,
      bindings.map((b) => b.spec),
      who.role,
    ).catch(
      (error: Error) => `Unable to subscribe to changes with given parameters. Exception: ${error.message}`,
    );
  }
  // With `wait`, the server holds the join reply and refuses the join when the subscription fails.
  if (changesError && config.postgres_changes_options?.wait) {
    socket.reply(frame, 'error', { reason: `RealtimeDisabledForConfiguration: ${changesError}` });
    return null;
  }
  const presenceKey = config.presence?.key ? String(config.presence.key) : randomUUID();
  const member: Member = {
    send: (f) => socket.send(f),
    sendEncoded: (data) => socket.push(data),
    shutdown: (message) => shutdown(socket, member, message),
    vsn: socket.vsn,
    topic: frame.topic,
    subTopic,
    joinRef: frame.join_ref ?? frame.ref,
    private: isPrivate,
    self: config.broadcast?.self === true,
    ack: config.broadcast?.ack === true,
    presenceKey,
    presenceEnabled: config.presence?.enabled !== false,
    who,
    policies,
    bindings: changesError ? [] : bindings,
    meta: null,
  };
  deps.hub.join(member);
  armExpiry(socket, member);
  socket.reply(frame, 'ok', { postgres_changes: echoed });

  if (config.broadcast?.replication_ready) {
    socket.send({
      join_ref: null,
      ref: null,
      topic: member.topic,
      event: 'system',
      payload: {
        extension: 'system',
        status: 'ok',
        message: 'Replication connection established',
        channel: subTopic,
      },
    });
  }
  if (rawChanges.length) {
    socket.send({
      join_ref: null,
      ref: null,
      topic: member.topic,
      event: 'system',
      payload: changesError
        ? { extension: 'postgres_changes', status: 'error', message: changesError, channel: subTopic }
        : {
            extension: 'postgres_changes',
            status: 'ok',
            message: 'Subscribed to PostgreSQL',
            channel: subTopic,
          },
    });
  }
  if (member.presenceEnabled && (!member.private || member.policies?.presence.read)) {
    socket.send({
      join_ref: null,
      ref: null,
      topic: member.topic,
      event: 'presence_state',
      payload: deps.hub.presenceState(member),
    });
  }
  return member;
}

/** `access_token` mid-channel: the new token decides what the channel sees from now on. */
export async function refreshToken(
  socket: ChannelSocket,
  member: Member,
  frame: Frame,
  deps: SocketDeps,
): Promise<void> {
  const token = (frame.payload as { access_token?: unknown } | null)?.access_token;
  if (typeof token !== 'string' || !token || token.startsWith('sb_') || token === member.who.token) return;
  try {
    const who = verifyToken(deps.jwt, token);
    if (member.private) {
      const before = member.policies;
      const after = await channelPolicies(deps.sql, member.subTopic, who);
      const couldRead = !!(before?.broadcast.read || before?.presence.read);
      if (couldRead && !after.broadcast.read && !after.presence.read)
        return shutdown(
          socket,
          member,
          `You no longer have permission to read from this Channel topic: ${member.subTopic}`,
        );
      member.policies = after;
    }
    member.who = who;
    armExpiry(socket, member);
  } catch (error) {
    if (error instanceof RealtimeAuthError) return shutdown(socket, member, error.message);
    deps.log('realtime', `access_token on ${member.subTopic} failed: ${(error as Error).message}`);
    shutdown(socket, member, 'Realtime was unable to connect to the project database');
  }
}
