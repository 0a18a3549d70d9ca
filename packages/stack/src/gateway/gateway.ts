/**
 * @module gateway — one port, routed by prefix like the CLI's Kong: `/auth/v1`, `/rest/v1`, `/realtime/v1`,
 * `/storage/v1`, `/functions/v1`, `/graphql/v1`. Checks the `apikey`, maps opaque keys to their JWTs, and
 * runs Kong's cors plugin (gateway/cors.ts) on every route the CLI's `kong.yml` gives it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger, RequestContext, Service } from '../context.ts';
import { type ApiKeys, DEFAULT_API_KEYS, resolveApiKey } from '../keys.ts';
import { allowOrigin, isPreflight, preflight } from './cors.ts';
import { sendWebResponse, toWebRequest } from './node-adapter.ts';

export interface Route {
  prefix: string;
  service: Service;
  /** Whether the route demands a known `apikey` (Kong's key-auth plugin). */
  keyAuth: boolean | ((path: string) => boolean);
  /** Whether Kong's cors plugin runs on the route: preflights answered here, replies allow any origin. */
  cors: boolean;
  /** The `Access-Control-Expose-Headers` the real service sends itself (see gateway/cors.ts). */
  exposeHeaders?: string;
  /**
   * Without key-auth, the CLI's gateway passes a JWT `apikey` on as `Authorization: <apikey>`, with no
   * `Bearer`, when the client sent no Authorization: GoTrue then sees no bearer token. `raw` does exactly
   * that; the default (`bearer`) adds the `Bearer` prefix, which the other services have been built on.
   */
  apikeyFallback?: 'raw' | 'bearer';
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    // Kong's own answers (refusals, no route) carry the charset.
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

export interface GatewayOptions {
  /**
   * Hosted Supabase's key-auth: routes that demand a key refuse a request without a known `apikey` (401).
   * Off by default, as on the CLI's local gateway, where such a request reaches the service as `anon`.
   */
  requireApiKey?: boolean;
  /** The stack's keys (derived from the project's signing key when it has one). Default: the CLI's. */
  apiKeys?: ApiKeys;
}

export class Gateway {
  readonly #routes: Route[];
  readonly #log: Logger;
  readonly #requireApiKey: boolean;
  readonly #keys: ApiKeys;
  #origin = 'http://127.0.0.1';

  constructor(routes: Route[], log: Logger, options: GatewayOptions = {}) {
    // Longest prefix first, so `/realtime/v1/api` could be split from `/realtime/v1` if ever needed.
    this.#routes = [...routes].sort((a, b) => b.prefix.length - a.prefix.length);
    this.#log = log;
    this.#requireApiKey = options.requireApiKey ?? false;
    this.#keys = options.apiKeys ?? DEFAULT_API_KEYS;
  }

  #match(pathname: string): { route: Route; path: string } | null {
    for (const route of this.#routes) {
      if (pathname === route.prefix || pathname.startsWith(`${route.prefix}/`)) {
        return { route, path: pathname.slice(route.prefix.length) || '/' };
      }
    }
    return null;
  }

  /** Authenticates the `apikey`: returns the context, or the gateway's own refusal. */
  #admit(request: Request, url: URL, route: Route, path: string, ip: string): RequestContext | Response {
    const raw = request.headers.get('apikey') ?? url.searchParams.get('apikey');
    const apikey = raw ? resolveApiKey(raw, this.#keys) : null;
    const keyAuth = typeof route.keyAuth === 'function' ? route.keyAuth(path) : route.keyAuth;
    const needsKey = this.#requireApiKey && keyAuth;
    if (needsKey && !raw) return json(401, { message: 'No API key found in request' });
    if (needsKey && !apikey) return json(401, { message: 'Invalid API key' });
    // Without key-auth, a request with no key at all is the anonymous caller, as the CLI's services see it.
    const anonymous =
      !raw && !request.headers.get('authorization') && keyAuth
        ? resolveApiKey(this.#keys.anon, this.#keys)
        : null;
    return { path, url, apikey: apikey ?? anonymous, requestId: randomUUID(), ip };
  }

  /**
   * The bearer the services see, as the CLI's gateway template maps it: the client's `Authorization`
   * unless it carries an opaque `sb_` key; else the JWT a known key stands for; else (without key-auth)
   * the `apikey` itself.
   * Opaque `sb_` keys never reach a service.
   */
  #mapKeys(request: Request, ctx: RequestContext, route: Route): Request {
    const auth = request.headers.get('authorization');
    const bearer = auth?.replace(/^Bearer\s+/i, '');
    if (auth && bearer && !bearer.startsWith('sb_')) return request;
    const raw = request.headers.get('apikey');
    if (!auth && !this.#requireApiKey && raw && !raw.startsWith('sb_') && route.apikeyFallback === 'raw') {
      const headers = new Headers(request.headers);
      headers.set('authorization', raw);
      return new Request(request, { headers });
    }
    const passThrough = !this.#requireApiKey && raw && !raw.startsWith('sb_') ? raw : null;
    const jwt = ctx.apikey?.jwt ?? passThrough;
    if (!jwt) return request;
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${jwt}`);
    if (raw?.startsWith('sb_') && ctx.apikey) headers.set('apikey', ctx.apikey.jwt);
    return new Request(request, { headers });
  }

  /** Handles one Web request; used by the HTTP server and directly by in-process tests. */
  async handle(request: Request, ip = '127.0.0.1', url = new URL(request.url)): Promise<Response> {
    const match = this.#match(url.pathname);
    if (!match) return json(404, { message: 'no Route matched with those values' });
    const { route, path } = match;
    // The cors plugin runs before key-auth in Kong, so a preflight never needs a key.
    if (route.cors && isPreflight(request)) return preflight(request);
    const admitted = this.#admit(request, url, route, path, ip);
    if (admitted instanceof Response) return this.#withCors(route, admitted);
    let response: Response;
    try {
      response = await route.service.fetch(this.#mapKeys(request, admitted, route), admitted);
    } catch (error) {
      this.#log('gateway', `${request.method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
      response = json(500, { message: 'An unexpected error occurred', request_id: admitted.requestId });
    }
    return this.#withCors(route, response);
  }

  #withCors(route: Route, response: Response): Response {
    return route.cors ? allowOrigin(response, route.exposeHeaders) : response;
  }

  #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', this.#origin);
    const match = this.#match(url.pathname);
    if (!match?.route.service.upgrade) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const admitted = this.#admit(
      new Request(url, { headers }),
      url,
      match.route,
      match.path,
      req.socket.remoteAddress ?? '',
    );
    if (admitted instanceof Response) {
      const hasKey = Boolean(headers.get('apikey') ?? url.searchParams.get('apikey'));
      const message = hasKey ? 'Invalid API key' : 'No API key found in request';
      const body = JSON.stringify({ message });
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    match.route.service.upgrade(req, socket, head, admitted);
  }

  listen(port: number, host = '127.0.0.1'): Promise<Server> {
    const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
      // Parsed once: the Request keeps its own copy, and routing and the services read this one.
      const url = new URL(req.url ?? '/', this.#origin);
      this.handle(toWebRequest(req, this.#origin, url), req.socket.remoteAddress ?? '', url)
        .then((response) => sendWebResponse(res, response))
        .catch((error) => {
          this.#log('gateway', `response failed: ${error}`);
          if (!res.headersSent) res.writeHead(500).end();
          else res.destroy();
        });
    });
    server.on('upgrade', (req, socket, head) => this.#upgrade(req, socket, head));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        const address = server.address();
        if (address && typeof address === 'object') this.#origin = `http://${host}:${address.port}`;
        resolve(server);
      });
    });
  }
}
