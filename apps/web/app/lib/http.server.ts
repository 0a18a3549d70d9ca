/**
 * @module lib/http.server — turns data-layer errors into HTTP answers in loaders: NOT_FOUND (missing or not
 * visible) is a 404, never a 403; an expired session goes back to sign-in.
 */
import { LanesError } from '@lanes/shared/errors';
import { data, redirect } from 'react-router';
import { signInPath } from './safe-next.ts';

export function notFound(): never {
  throw data({ code: 'NOT_FOUND' }, { status: 404 });
}

/** Rethrows `error` as the response a route should answer with. */
export function toRouteError(error: unknown, request: Request): never {
  if (error instanceof LanesError) {
    // A malformed id in the URL is as missing as an unknown one.
    if (error.code === 'NOT_FOUND' || error.code === 'VALIDATION') notFound();
    if (error.code === 'SESSION_EXPIRED') throw redirect(signInPath(request));
    if (error.code === 'UNEXPECTED') console.error(error.requestId, error.cause ?? error);
    throw data({ code: error.code, requestId: error.requestId }, { status: error.status });
  }
  throw error;
}
