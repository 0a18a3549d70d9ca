/**
 * @module realtime/protocol — Phoenix channel frames as realtime-js speaks them: vsn 1.0.0 JSON objects,
 * vsn 2.0.0 JSON arrays `[join_ref, ref, topic, event, payload]`, and 2.0.0's binary user-broadcast frames
 * (kind 3 from the client, kind 4 to the client).
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export class FrameError extends Error {}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * Realtime's V2 serializer writes a topic's length in one byte: a topic ("realtime:" + name) over 255 bytes
 * cannot be framed, and the server raises when it tries (`unable to convert topic to binary`).
 */
export const MAX_TOPIC_BYTES = 255;

/** The refusal for a topic too long to frame, else null; the server's wording, without echoing the topic. */
export function topicTooLong(topic: string): string | null {
  const bytes = Buffer.byteLength(topic);
  return bytes > MAX_TOPIC_BYTES
    ? `unable to convert topic to binary: must be less than or equal to ${MAX_TOPIC_BYTES} bytes, but is ${bytes} bytes`
    : null;
}

/** Parses one WebSocket message; throws FrameError when it is not a Phoenix frame. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
    return decodeUserBroadcastPush(data);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('frame is not a 5-element array');
    const [join_ref, ref, topic, event, payload] = parsed;
    return check({ join_ref: str(join_ref), ref: str(ref), topic, event, payload });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new FrameError('frame is not an object');
  const o = parsed as Record<string, unknown>;
  return check({
    join_ref: str(o.join_ref),
    ref: str(o.ref),
    topic: o.topic as string,
    event: o.event as string,
    payload: o.payload,
  });
}

function check(frame: Frame): Frame {
  if (typeof frame.topic !== 'string' || typeof frame.event !== 'string')
    throw new FrameError('frame lacks topic or event');
  return frame;
}

/** Kind 3: [kind, joinRefLen, refLen, topicLen, eventLen, metaLen, encoding, ...strings, payload]. */
function decodeUserBroadcastPush(data: Buffer): Frame {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) throw new FrameError('unknown binary frame');
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6];
  let offset = 7;
  const [joinRef, ref, topic, event, meta] = lengths.map((len) => {
    if (offset + len > data.length) throw new FrameError('binary frame is truncated');
    const s = data.toString('utf8', offset, offset + len);
    offset += len;
    return s;
  }) as [string, string, string, string, string];
  const body = data.subarray(offset);
  let userPayload: unknown;
  if (encoding === ENCODING_JSON) {
    try {
      userPayload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new FrameError('binary frame payload is not JSON');
    }
  } else userPayload = Buffer.from(body);
  let metadata: Record<string, unknown> = {};
  if (meta) {
    try {
      metadata = JSON.parse(meta);
    } catch {
      throw new FrameError('binary frame metadata is not JSON');
    }
  }
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...metadata, type: 'broadcast', event, payload: userPayload },
  };
}

/** Serialises a frame for the client's protocol version. Binary user payloads become kind 4 frames. */
export function encodeFrame(frame: Frame, vsn: Vsn): string | Buffer {
  const p = frame.payload as { type?: string; event?: string; payload?: unknown; meta?: unknown } | null;
  if (vsn === '2.0.0' && frame.event === 'broadcast' && p && Buffer.isBuffer(p.payload)) {
    return encodeUserBroadcast(frame.topic, String(p.event ?? ''), p.payload, p.meta);
  }
  if (vsn === '2.0.0')
    return JSON.stringify([frame.join_ref, frame.ref, frame.topic, frame.event, frame.payload]);
  const payload =
    p && Buffer.isBuffer(p.payload) ? { ...p, payload: Array.from(p.payload as Buffer) } : frame.payload;
  return JSON.stringify({ ...frame, payload });
}

/**
 * A server push (join_ref and ref null) whose payload is already JSON text, as encodeFrame would write it:
 * fan-outs serialise a shared payload once and splice each subscriber's topic around it.
 */
export function encodePush(topic: string, event: string, payloadJson: string, vsn: Vsn): string {
  const t = JSON.stringify(topic);
  const e = JSON.stringify(event);
  return vsn === '2.0.0'
    ? `[null,null,${t},${e},${payloadJson}]`
    : `{"join_ref":null,"ref":null,"topic":${t},"event":${e},"payload":${payloadJson}}`;
}

function encodeUserBroadcast(topic: string, event: string, payload: Buffer, meta: unknown): Buffer {
  const t = Buffer.from(topic);
  const e = Buffer.from(event);
  const m = Buffer.from(meta === undefined ? '' : JSON.stringify(meta));
  const header = Buffer.from([KIND_USER_BROADCAST, t.length, e.length, m.length, ENCODING_BINARY]);
  return Buffer.concat([header, t, e, m, payload]);
}
