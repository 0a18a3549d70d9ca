/**
 * @module realtime/broadcast-api — REST broadcast: `POST /api/broadcast` with `{messages: [...]}` and
 * realtime-js `httpSend()`'s `POST /api/broadcast/:topic/events/:event`; 202 with an empty body. Messages
 * for private topics are sent only when the caller's realtime.messages insert policy allows it.
 */
import type { Sql } from 'postgres';
import type { Jwt } from '../jwt.ts';
import { channelPolicies, type Identity, RealtimeAuthError, verifyToken } from './auth.ts';
import type { Hub } from './hub.ts';

interface Message {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function caller(request: Request, jwt: Jwt): Identity | Response {
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  try {
    return verifyToken(jwt, token);
  } catch (error) {
    if (error instanceof RealtimeAuthError) return json(401, { message: error.reason });
    throw error;
  }
}

async function send(hub: Hub, sql: Sql, who: Identity, messages: Message[]): Promise<void> {
  const allowed = new Map<string, boolean>();
  for (const m of messages) {
    if (m.private) {
      if (!allowed.has(m.topic))
        allowed.set(m.topic, (await channelPolicies(sql, m.topic, who)).broadcast.write);
      if (!allowed.get(m.topic)) continue;
    }
    hub.broadcast(m.private, m.topic, { type: 'broadcast', event: m.event, payload: m.payload });
  }
}

export async function handleBroadcast(
  request: Request,
  path: string,
  hub: Hub,
  sql: Sql,
  jwt: Jwt,
): Promise<Response> {
  if (request.method !== 'POST') return json(404, { message: 'Not Found' });
  const who = caller(request, jwt);
  if (who instanceof Response) return who;
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(path);
  if (single) {
    const url = new URL(request.url);
    const isBinary = request.headers.get('content-type')?.startsWith('application/octet-stream');
    let payload: unknown;
    try {
      payload = isBinary ? Buffer.from(await request.arrayBuffer()) : await request.json();
    } catch {
      return json(422, { errors: { payload: ['is invalid'] } });
    }
    await send(hub, sql, who, [
      {
        topic: decodeURIComponent(single[1]!),
        event: decodeURIComponent(single[2]!),
        payload,
        private: url.searchParams.get('private') === 'true',
      },
    ]);
    return new Response(null, { status: 202 });
  }
  if (!/^\/api\/broadcast\/?$/.test(path)) return json(404, { message: 'Not Found' });
  let body: { messages?: unknown };
  try {
    body = (await request.json()) as { messages?: unknown };
  } catch {
    return json(422, { errors: { messages: ["can't be blank"] } });
  }
  if (!Array.isArray(body?.messages) || !body.messages.length)
    return json(422, { errors: { messages: ["can't be blank"] } });
  const messages: Message[] = [];
  const errors: Record<string, string[]>[] = [];
  for (const raw of body.messages as Record<string, unknown>[]) {
    const e: Record<string, string[]> = {};
    for (const field of ['topic', 'event', 'payload'])
      if (raw?.[field] === undefined || raw?.[field] === null || raw?.[field] === '')
        e[field] = ["can't be blank"];
    errors.push(e);
    if (!Object.keys(e).length)
      messages.push({
        topic: String(raw.topic),
        event: String(raw.event),
        payload: raw.payload,
        private: raw.private === true,
      });
  }
  if (errors.some((e) => Object.keys(e).length)) return json(422, { errors: { messages: errors } });
  await send(hub, sql, who, messages);
  return new Response(null, { status: 202 });
}
