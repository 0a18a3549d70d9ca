/**
 * @module gateway/node-adapter — converts between node:http and Web `Request`/`Response`, so every service
 * is written (and tested) against the Web Fetch API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    // @ts-expect-error Node's fetch needs `duplex` for streamed request bodies; the DOM types lack it.
    duplex: hasBody ? 'half' : undefined,
  });
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
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
