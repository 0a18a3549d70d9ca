/**
 * @module realtime/hub — the joined channels of every socket, by topic: broadcast fan-out and presence
 * (track/untrack, `presence_state`, `presence_diff`). Private and public channels of one name are
 * separate rooms, as on the real server. Broadcasts count against the tenant's events per second.
 */
import { randomUUID } from 'node:crypto';
import type { ChannelPolicies, Identity } from './auth.ts';
import type { ChangeSpec } from './filters.ts';
import type { TenantLimits } from './limits.ts';
import { encodeFrame, type Frame, type Vsn } from './protocol.ts';

export interface Binding {
  id: number;
  spec: ChangeSpec;
}

export interface Member {
  send(frame: Frame): void;
  /** A fan-out push already encoded for `vsn`; dropped while the client is not reading. */
  sendEncoded(data: string | Buffer): void;
  /** Ends the channel with a `system` error and `phx_close`, as the server's shutdown_response. */
  shutdown(message: string): void;
  vsn: Vsn;
  topic: string;
  subTopic: string;
  joinRef: string | null;
  private: boolean;
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  who: Identity;
  policies: ChannelPolicies | null;
  bindings: Binding[];
  meta: Record<string, unknown> | null;
  expiry?: ReturnType<typeof setTimeout>;
}

type Metas = Record<string, { metas: Record<string, unknown>[] }>;

export const roomKey = (isPrivate: boolean, subTopic: string) =>
  `${isPrivate ? 'private' : 'public'}:${subTopic}`;

const canRead = (m: Member, ext: 'broadcast' | 'presence') => !m.private || !!m.policies?.[ext].read;

export class Hub {
  readonly #rooms = new Map<string, Set<Member>>();
  readonly #limits: TenantLimits;
  /** Members with postgres_changes bindings, for the change dispatcher. */
  readonly changeMembers = new Set<Member>();

  constructor(limits: TenantLimits) {
    this.#limits = limits;
  }

  join(member: Member): void {
    const key = roomKey(member.private, member.subTopic);
    const room = this.#rooms.get(key) ?? new Set<Member>();
    this.#rooms.set(key, room);
    room.add(member);
    if (member.bindings.length) this.changeMembers.add(member);
  }

  leave(member: Member): void {
    if (member.expiry) clearTimeout(member.expiry);
    this.changeMembers.delete(member);
    const key = roomKey(member.private, member.subTopic);
    const room = this.#rooms.get(key);
    if (!room?.delete(member)) return;
    if (member.meta) this.#diff(room, {}, { [member.presenceKey]: { metas: [member.meta] } });
    member.meta = null;
    if (!room.size) this.#rooms.delete(key);
  }

  /**
   * Sends a user broadcast to a room; `from` is skipped unless it joined with `self: true`. The frame is
   * encoded once per protocol version, not once per member. Sending counts one event and each delivery
   * another, as Realtime counts them; once the tenant is over its events per second, each channel that
   * receives a message is shut down after it (`Too many messages per second`), as Realtime does.
   */
  broadcast(isPrivate: boolean, subTopic: string, payload: Record<string, unknown>, from?: Member): void {
    const events = this.#limits.events;
    if (from) events.add();
    const room = this.#rooms.get(roomKey(isPrivate, subTopic));
    if (!room) return;
    const frame: Frame = {
      join_ref: null,
      ref: null,
      topic: `realtime:${subTopic}`,
      event: 'broadcast',
      payload,
    };
    const encoded: Partial<Record<Vsn, string | Buffer>> = {};
    const over: Member[] = [];
    for (const m of room) {
      if (m === from && !m.self) continue;
      if (!canRead(m, 'broadcast')) continue;
      const data = encoded[m.vsn] ?? encodeFrame(frame, m.vsn);
      encoded[m.vsn] = data;
      m.sendEncoded(data);
      if (events.add()) over.push(m);
    }
    for (const m of over) m.shutdown('Too many messages per second');
  }

  /** The room's presence as Phoenix Presence lists it: key → metas. */
  presenceState(member: Member): Metas {
    const state: Metas = {};
    for (const m of this.#rooms.get(roomKey(member.private, member.subTopic)) ?? []) {
      if (!m.meta) continue;
      const entry = state[m.presenceKey] ?? { metas: [] };
      entry.metas.push(m.meta);
      state[m.presenceKey] = entry;
    }
    return state;
  }

  /** Tracks (or replaces) the member's presence and tells the room. */
  track(member: Member, payload: Record<string, unknown>): void {
    const previous = member.meta;
    const meta: Record<string, unknown> = {
      ...payload,
      phx_ref: randomUUID().replaceAll('-', '').slice(0, 20),
    };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    member.meta = meta;
    const room = this.#rooms.get(roomKey(member.private, member.subTopic));
    if (!room) return;
    const leaves = previous ? { [member.presenceKey]: { metas: [previous] } } : {};
    this.#diff(room, { [member.presenceKey]: { metas: [meta] } }, leaves);
  }

  untrack(member: Member): void {
    const previous = member.meta;
    if (!previous) return;
    member.meta = null;
    const room = this.#rooms.get(roomKey(member.private, member.subTopic));
    if (room) this.#diff(room, {}, { [member.presenceKey]: { metas: [previous] } });
  }

  #diff(room: Set<Member>, joins: Metas, leaves: Metas): void {
    for (const m of room) {
      if (!m.presenceEnabled || !canRead(m, 'presence')) continue;
      m.send({
        join_ref: null,
        ref: null,
        topic: m.topic,
        event: 'presence_diff',
        payload: { joins, leaves },
      });
    }
  }
}
