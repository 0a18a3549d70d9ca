/**
 * @module background/net/send — sends one queued pg_net request with Node's http client and describes
 * the outcome as a net._http_response row: status, headers, body text, or curl's error words
 * (`Couldn't connect to server`, pg_net's `Timeout of N ms reached...` with timed_out). Never throws.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  timeout_milliseconds: number;
  headers: Record<string, string> | null;
  body: Buffer | null;
}

export interface ResponseRow {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

/** curl_easy_strerror's words for what Node reports, as pg_net stores them. */
const CURL_ERRORS: Record<string, string> = {
  ECONNREFUSED: "Couldn't connect to server",
  EHOSTUNREACH: "Couldn't connect to server",
  ENETUNREACH: "Couldn't connect to server",
  ENOTFOUND: "Couldn't resolve host name",
  EAI_AGAIN: "Couldn't resolve host name",
  ECONNRESET: 'Failure when receiving data from the peer',
  EPIPE: 'Failed sending data to the peer',
  HPE_INVALID_CONSTANT: 'Weird server reply',
};

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/** Lets `max` requests be in flight per origin, the batch pg_net would hand curl at once. */
export function setConcurrency(max: number): void {
  agents.http.maxSockets = max;
  agents.https.maxSockets = max;
}

function failed(id: string, error_msg: string, timed_out = false): ResponseRow {
  return { id, status_code: null, content_type: null, headers: null, content: null, timed_out, error_msg };
}

function ms(value: number): string {
  return value.toFixed(6);
}

export function send(req: QueuedRequest): Promise<ResponseRow> {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return Promise.resolve(failed(req.id, 'URL using bad/illegal format or missing URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve(failed(req.id, 'Unsupported protocol'));
  }
  // The CLI's docs have local webhooks call `host.docker.internal` (the host, seen from its database
  // container); here the database and the stack are on the host itself.
  if (url.hostname === 'host.docker.internal') url.hostname = '127.0.0.1';
  const started = performance.now();
  let connectedAt: number | undefined;
  return new Promise((resolve) => {
    const body = req.body?.length ? req.body : undefined;
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
      headers['Content-Length'] = String(body.length);
    }
    const make = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const client = make(url, {
      method: req.method.toUpperCase(),
      headers,
      agent: url.protocol === 'https:' ? agents.https : agents.http,
    });
    const timer = setTimeout(() => {
      const total = performance.now() - started;
      const handshake = connectedAt === undefined ? total : connectedAt - started;
      const http = connectedAt === undefined ? 0 : total - handshake;
      client.destroy();
      resolve(
        failed(
          req.id,
          `Timeout of ${req.timeout_milliseconds} ms reached. Total time: ${ms(total)} ms (DNS time: ${ms(0)} ms, ` +
            `TCP/SSL handshake time: ${ms(handshake)} ms, HTTP Request/Response time: ${ms(http)} ms)`,
          true,
        ),
      );
    }, req.timeout_milliseconds);
    client.on('socket', (socket) => {
      if (!socket.connecting) connectedAt = performance.now();
      else socket.once('connect', () => (connectedAt = performance.now()));
    });
    client.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(failed(req.id, CURL_ERRORS[error.code ?? ''] ?? error.message));
    });
    client.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', () => {});
      res.on('end', () => {
        clearTimeout(timer);
        const responseHeaders: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          responseHeaders[res.rawHeaders[i]!] = res.rawHeaders[i + 1]!;
        }
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          id: req.id,
          status_code: res.statusCode ?? null,
          content_type: res.headers['content-type'] ?? null,
          headers: responseHeaders,
          // pg_net stores a null content for an empty body.
          content: text.length ? text : null,
          timed_out: false,
          error_msg: null,
        });
      });
    });
    client.end(body);
  });
}
