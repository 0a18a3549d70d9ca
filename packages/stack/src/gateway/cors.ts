/**
 * @module gateway/cors — Kong's cors plugin as the CLI's `kong.yml` configures it (no settings, so Kong's
 * defaults): any origin, the requested headers echoed, Kong's method list, no credentials, no max-age.
 */

/** Kong's default `methods`, in its order and joined without spaces as it sends them. */
export const KONG_CORS_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';

/**
 * A browser's preflight as Kong tells it apart: OPTIONS with both `Origin` and
 * `Access-Control-Request-Method`. Any other OPTIONS goes on to the service, as through Kong.
 */
export function isPreflight(request: Request): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  );
}

/**
 * Kong's answer to a preflight, given before key-auth (the plugin runs first): 200, no body, every origin,
 * and exactly the headers the browser asked for — so `traceparent` or any custom header passes.
 */
export function preflight(request: Request): Response {
  const headers = new Headers({
    'access-control-allow-origin': '*',
    'access-control-allow-methods': KONG_CORS_METHODS,
    'content-length': '0',
  });
  const requested = request.headers.get('access-control-request-headers');
  if (requested) headers.set('access-control-allow-headers', requested);
  return new Response(null, { status: 200, headers });
}

/**
 * Any other reply on a route with the plugin: `Access-Control-Allow-Origin: *`, replacing what the service
 * set (Kong's header filter does). `expose` stands in for the `Access-Control-Expose-Headers` the real
 * service sends itself (PostgREST, GoTrue and storage-api each run their own CORS layer); it is added only
 * when the service sent none.
 */
export function allowOrigin(response: Response, expose?: string): Response {
  const set = (headers: Headers) => {
    headers.set('access-control-allow-origin', '*');
    if (expose && !headers.has('access-control-expose-headers')) {
      headers.set('access-control-expose-headers', expose);
    }
  };
  try {
    set(response.headers);
    return response;
  } catch {
    // Responses from fetch() have immutable headers; copy them.
    const headers = new Headers(response.headers);
    set(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
