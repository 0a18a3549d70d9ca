/**
 * @module gateway/routes — the stack's route table, as the CLI's Kong config lays it out: which service
 * answers under which prefix, which paths need an `apikey`, and who answers CORS.
 */
import type { Service } from '../context.ts';
import type { Route } from './gateway.ts';

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
      apikeyFallback: 'raw',
    },
    { prefix: '/rest/v1', service: services.rest, keyAuth: true, cors: true },
    { prefix: '/realtime/v1', service: services.realtime, keyAuth: true, cors: true },
    { prefix: '/storage/v1', service: services.storage, keyAuth: false, cors: true },
    // Functions answer their own preflights.
    { prefix: '/functions/v1', service: services.functions, keyAuth: false, cors: false },
  ];
  if (services.management)
    routes.push({ prefix: '/v1', service: services.management, keyAuth: false, cors: false });
  return routes;
}
