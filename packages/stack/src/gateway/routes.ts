/**
 * @module gateway/routes — the stack's route table, as the CLI's Kong config lays it out: which service
 * answers under which prefix and which paths need an `apikey`. Kong's cors plugin is on every route of
 * `kong.yml`, Functions and GraphQL included; the Management API (not a `kong.yml` route) has none.
 */
import type { Service } from '../context.ts';
import type { Route } from './gateway.ts';
import { graphqlOverRest } from './graphql.ts';

/**
 * What the real services expose to browsers themselves (PostgREST's `Content-Range`/`Content-Location`,
 * GoTrue's `X-Total-Count`/`Link`, storage-api's `ETag`), kept so supabase-js reads them cross-origin.
 */
const EXPOSED = 'content-range, content-location, x-supabase-api-version, x-total-count, link, etag';

/** Auth paths reached without a key: emailed links, OAuth redirects and the public JWKS. */
const openAuthPaths = /^\/(verify|callback|authorize|\.well-known\/jwks\.json)\/?$/;

export interface RouteServices {
  auth: Service;
  rest: Service;
  realtime: Service;
  storage: Service;
  functions: Service;
  /** The Management API's deploy and secrets routes under `/v1`, when the stack plays a hosted project. */
  management?: Service;
}

export function stackRoutes(services: RouteServices): Route[] {
  const routes: Route[] = [
    {
      prefix: '/auth/v1',
      service: services.auth,
      keyAuth: (path) => !openAuthPaths.test(path),
      cors: true,
      exposeHeaders: EXPOSED,
      apikeyFallback: 'raw',
    },
    { prefix: '/rest/v1', service: services.rest, keyAuth: true, cors: true, exposeHeaders: EXPOSED },
    {
      prefix: '/graphql/v1',
      service: graphqlOverRest(services.rest),
      keyAuth: true,
      cors: true,
      exposeHeaders: EXPOSED,
    },
    { prefix: '/realtime/v1', service: services.realtime, keyAuth: true, cors: true, exposeHeaders: EXPOSED },
    { prefix: '/storage/v1', service: services.storage, keyAuth: false, cors: true, exposeHeaders: EXPOSED },
    // A function's own headers pass through; Kong only sets the origin on its replies.
    { prefix: '/functions/v1', service: services.functions, keyAuth: false, cors: true },
  ];
  if (services.management)
    routes.push({ prefix: '/v1', service: services.management, keyAuth: false, cors: false });
  return routes;
}
