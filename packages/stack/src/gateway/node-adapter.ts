/**
 * @module gateway/node-adapter — converts between node:http and Web `Request`/`Response`, so every service
 * is written (and tested) against the Web Fetch API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { unreadText } from '../util/text-response.ts';

/**
 * The request body as a Web stream that reads from `req` on demand. Unlike `Readable.toWeb`, cancelling
 * it does not destroy the socket: a service that refuses a body part-way (413 too large, 415 type)
 * cancels it, and the rest is read and dropped, so the client's next request on the same keep-alive
 * connection works instead of failing with ECONNRESET.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.pause();
      req.on('data', (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => {
        if (open) controller.close();
        open = false;
      });
      req.once('error', (error) => {
        if (open) controller.error(error);
        open = false;
      });
      // The client went away before the end of its body.
      req.once('close', () => {
        if (open) controller.error(new Error('request aborted'));
        open = false;
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.resume();
    },
  });
}

/** `url` lets a caller that parsed the target already (the gateway, to route it) skip a second parse. */
export function toWebRequest(
  req: IncomingMessage,
  origin: string,
  url: URL = new URL(req.url ?? '/', origin),
): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    body: hasBody ? bodyStream(req) : null,
    // @ts-expect-error Node's fetch needs `duplex` for streamed request bodies; the DOM types lack it.
    duplex: hasBody ? 'half' : undefined,
  });
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  // Answered without reading the whole body (refused before or part-way): read the rest and drop it
  // once the answer is out, so the connection can carry the client's next request.
  res.once('finish', () => {
    if (res.req.complete || res.req.destroyed) return;
    res.req.removeAllListeners('data');
    res.req.resume();
  });
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  // A body already held as a string goes out with the headers in one write, without the stream.
  const text = unreadText(response);
  if (text !== undefined) {
    res.end(text);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // A client that goes away cancels the body, so its producer (a function's stream, a file) stops too.
  res.once('close', () => {
    if (!res.writableFinished) reader.cancel().catch(() => {});
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Respect back-pressure so a large download does not buffer in memory.
      if (!res.write(value)) await drainOrClose(res);
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
  }
}

/** Waits for `drain` (or for the client to go away), removing both listeners so long downloads don't pile them up. */
function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
