/**
 * @module realtime/socket — one client WebSocket speaking the Phoenix channel protocol: heartbeats, joins
 * and leaves, broadcast and presence pushes, `access_token` updates; frames are handled in arrival order.
 */
import type { WebSocket } from 'ws';
import { type Identity, RealtimeAuthError, verifyToken } from './auth.ts';
import type { Member } from './hub.ts';
import { joinChannel, refreshToken, shutdown } from './join.ts';
import { decodeFrame, encodeFrame, type Frame, FrameError, topicTooLong, type Vsn } from './protocol.ts';
import { schedule } from './scheduler.ts';
import type { ChannelSocket, SocketDeps } from './socket-deps.ts';

/**
 * Outgoing bytes a socket may have queued before pushes to it are dropped: a client that stopped reading
 * must not grow the stack's memory or slow the fan-out to everyone else.
 */
const HIGH_WATER_BYTES = 8 * 1024 * 1024;

export class RealtimeSocket implements ChannelSocket {
  readonly #ws: WebSocket;
  readonly #vsn: Vsn;
  readonly #deps: SocketDeps;
  /** The apikey's JWT: the identity of joins that carry no access_token. */
  readonly #apikeyToken: string | null;
  readonly #members = new Map<string, Member>();
  /** Frames not handled yet, in arrival order. */
  readonly #inbox: [Buffer, boolean][] = [];
  #waiting = false;
  /** A turn of this socket is in the scheduler's queue. */
  #queued = false;
  #dropped = false;
  /** When the client last sent anything; Phoenix drops sockets silent for 60 s. */
  lastSeen = Date.now();

  constructor(ws: WebSocket, vsn: Vsn, apikeyToken: string | null, deps: SocketDeps) {
    this.#ws = ws;
    this.#vsn = vsn;
    this.#deps = deps;
    this.#apikeyToken = apikeyToken;
    ws.on('message', (data, isBinary) => {
      this.lastSeen = Date.now();
      const buf = Array.isArray(data) ? Buffer.concat(data) : (data as Buffer);
      this.#inbox.push([buf, isBinary]);
      this.#kick();
    });
    ws.on('close', () => this.#closeAll());
    ws.on('error', () => this.#closeAll());
  }

  get vsn(): Vsn {
    return this.#vsn;
  }

  /** How many channels this socket holds (the per-client channel limit). */
  get channelCount(): number {
    return this.#members.size;
  }

  /**
   * Frames are handled one at a time, in order, through the scheduler's slices; one that waits on the
   * database (join, access_token) holds the rest of this socket's frames behind it.
   */
  #kick(): void {
    if (this.#queued || this.#waiting || !this.#inbox.length) return;
    this.#queued = true;
    schedule(this.#next);
  }

  readonly #next = (): void => {
    this.#queued = false;
    const [buf, isBinary] = this.#inbox.shift()!;
    const pending = this.#handle(buf, isBinary);
    if (pending) {
      this.#waiting = true;
      pending
        .catch((error) => this.#failed(error))
        .finally(() => {
          this.#waiting = false;
          this.#kick();
        });
      return;
    }
    this.#kick();
  };

  /** One frame; a promise when its handling waits on the database. */
  #handle(buf: Buffer, isBinary: boolean): Promise<void> | undefined {
    try {
      return this.#onMessage(buf, isBinary) ?? undefined;
    } catch (error) {
      this.#failed(error);
      return undefined;
    }
  }

  #failed(error: unknown): void {
    this.#deps.log('realtime', `socket message failed: ${(error as Error)?.stack ?? error}`);
  }

  send(frame: Frame): void {
    if (this.#ws.readyState !== this.#ws.OPEN) return;
    this.#ws.send(encodeFrame(frame, this.#vsn));
  }

  /**
   * A fan-out push (broadcast, postgres_changes) already encoded for this socket's protocol version.
   * Replies and system messages always go out; pushes are dropped while the client is not reading.
   */
  push(data: string | Buffer): void {
    if (this.#ws.readyState !== this.#ws.OPEN) return;
    if (this.#ws.bufferedAmount > HIGH_WATER_BYTES) {
      if (!this.#dropped) this.#deps.log('realtime', 'a socket stopped reading; dropping pushes to it');
      this.#dropped = true;
      return;
    }
    this.#dropped = false;
    this.#ws.send(data);
  }

  reply(frame: Frame, status: 'ok' | 'error', response: unknown): void {
    this.send({
      join_ref: frame.join_ref,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  close(): void {
    this.#ws.terminate();
    this.#closeAll();
  }

  #closeAll(): void {
    for (const member of this.#members.values()) this.#deps.hub.leave(member);
    this.#members.clear();
    this.#deps.limits.users.delete(this);
  }

  forget(member: Member): void {
    if (this.#members.get(member.topic) === member) this.#members.delete(member.topic);
    this.#deps.hub.leave(member);
  }

  #onMessage(data: Buffer, isBinary: boolean): Promise<void> | void {
    let frame: Frame;
    try {
      frame = decodeFrame(data, isBinary, this.#vsn);
    } catch (error) {
      if (error instanceof FrameError) {
        this.#deps.log('realtime', `dropped a malformed frame: ${error.message}`);
        return;
      }
      throw error;
    }
    const { topic, event } = frame;
    if (topic === 'phoenix' && event === 'heartbeat') return this.reply(frame, 'ok', {});
    if (event === 'phx_join') return this.#join(frame);
    const member = this.#members.get(topic);
    if (!member) return this.reply(frame, 'error', { reason: 'unmatched topic' });
    switch (event) {
      case 'phx_leave':
        this.reply(frame, 'ok', {});
        this.forget(member);
        return;
      case 'broadcast':
        return this.#broadcast(member, frame, data.length);
      case 'presence':
        return this.#presence(member, frame);
      case 'access_token':
        return refreshToken(this, member, frame, this.#deps);
      default:
        // The real server ignores unexpected events without replying.
        return;
    }
  }

  async #join(frame: Frame): Promise<void> {
    if (!frame.topic.startsWith('realtime:'))
      return this.reply(frame, 'error', { reason: 'unmatched topic' });
    // Refused before any other work (limits, token, policy probes): no channel, no row, no counter.
    const tooLong = topicTooLong(frame.topic);
    if (tooLong) return this.reply(frame, 'error', { reason: tooLong });
    const refusal = this.#overLimit(frame.topic);
    if (refusal) {
      this.reply(frame, 'error', { reason: refusal });
      // Realtime disconnects the whole socket when the tenant's joins are over the limit.
      if (refusal.startsWith('ClientJoinRateLimitReached')) this.#ws.close(1000);
      return;
    }
    const previous = this.#members.get(frame.topic);
    if (previous) {
      // A second join of the same topic replaces the first, as Phoenix closes the old channel.
      this.send({
        join_ref: previous.joinRef,
        ref: previous.joinRef,
        topic: previous.topic,
        event: 'phx_close',
        payload: {},
      });
      this.forget(previous);
    }
    const member = await joinChannel(this, frame, this.#apikeyToken, this.#deps);
    if (member) {
      this.#members.set(member.topic, member);
      this.#deps.limits.users.add(this);
    }
  }

  /** The tenant checks Realtime makes before a join, in its order; the refusal's reason, else null. */
  #overLimit(topic: string): string | null {
    const { limits, users, joins } = this.#deps.limits;
    if (!users.has(this) && users.size >= limits.maxConcurrentUsers)
      return 'ConnectionRateLimitReached: Too many connected users';
    if (joins.triggered) return 'ClientJoinRateLimitReached: Too many joins per second';
    joins.add();
    // A join of a topic already held replaces that channel, so it does not count twice.
    const held = this.#members.size - (this.#members.has(topic) ? 1 : 0);
    if (held >= limits.maxChannelsPerClient) return 'ChannelRateLimitReached: Too many channels';
    return null;
  }

  #broadcast(member: Member, frame: Frame, size: number): void {
    const payload = frame.payload as Record<string, unknown> | null;
    if (typeof payload !== 'object' || payload === null) return;
    if (size > this.#deps.limits.maxPayloadBytes) {
      // Realtime drops it; only a sender that asked for acks hears why.
      if (member.ack) this.reply(frame, 'error', 'payload_size_exceeded');
      return;
    }
    if (!member.private || member.policies?.broadcast.write) {
      const { type, event, payload: body, ...rest } = payload;
      const meta = (rest as { meta?: unknown }).meta;
      this.#deps.hub.broadcast(
        member.private,
        member.subTopic,
        {
          type: 'broadcast',
          event: String(event ?? ''),
          payload: body,
          ...(meta === undefined ? {} : { meta }),
        },
        member,
      );
    }
    if (member.ack) this.reply(frame, 'ok', {});
  }

  #presence(member: Member, frame: Frame): void {
    const payload = (frame.payload ?? {}) as { event?: string; payload?: unknown };
    if (member.private && !member.policies?.presence.write) {
      this.reply(frame, 'error', {
        reason: 'Unauthorized: You do not have permissions to track presence',
      });
      return;
    }
    if (payload.event === 'track') {
      const meta = payload.payload;
      if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
        this.reply(frame, 'error', { reason: 'Presence track payload must be a map' });
        return;
      }
      this.#deps.hub.track(member, meta as Record<string, unknown>);
      if (!member.presenceEnabled) {
        // Joined without presence listeners: tracking turns presence on for this channel, and the
        // client gets the room's state (its own entry included), as Realtime does.
        member.presenceEnabled = true;
        this.reply(frame, 'ok', {});
        if (!member.private || member.policies?.presence.read) {
          const state = this.#deps.hub.presenceState(member);
          member.send({
            join_ref: null,
            ref: null,
            topic: member.topic,
            event: 'presence_state',
            payload: state,
          });
        }
        return;
      }
    } else if (payload.event === 'untrack') this.#deps.hub.untrack(member);
    this.reply(frame, 'ok', {});
  }
}

export type { Identity };
export { RealtimeAuthError, shutdown, verifyToken };
