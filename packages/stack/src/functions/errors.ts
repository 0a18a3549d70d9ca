/**
 * @module functions/errors — the answers the hosted Edge Functions gateway and runtime give on their own
 * (not from the function): JWT refusals, unknown function, boot failure, crash, resource limit.
 *
 * Shapes follow hosted Supabase: `{"code":"<CODE>","message":...}` with the code repeated in the
 * `sb-error-code` header, so a client can tell the platform's refusal from the function's own answer.
 */

export type FunctionsErrorCode =
  | 'NOT_FOUND'
  | 'UNAUTHORIZED_NO_AUTH_HEADER'
  | 'UNAUTHORIZED_INVALID_JWT_FORMAT'
  | 'UNAUTHORIZED_LEGACY_JWT'
  | 'UNAUTHORIZED_ASYMMETRIC_JWT'
  | 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM'
  | 'BOOT_ERROR'
  | 'WORKER_ERROR'
  | 'WORKER_LIMIT';

export function functionsError(status: number, code: FunctionsErrorCode, message: string): Response {
  return new Response(JSON.stringify({ code, message }), {
    status,
    // Readable cross-origin like hosted's refusals, so a browser app sees the 401 instead of a CORS error.
    headers: {
      'content-type': 'application/json',
      'sb-error-code': code,
      'access-control-allow-origin': '*',
    },
  });
}

export const notFound = () => functionsError(404, 'NOT_FOUND', 'Requested function was not found');

/**
 * The entrypoint failed to load (syntax error, top-level throw, no `Deno.serve`, a package that could not
 * be fetched). The body is hosted's; Deno's own error also travels in `x-stack-boot-error` (local only,
 * as the CLI's runtime shows it) so a failing test or a developer sees why without opening the log.
 */
export function bootError(detail?: string): Response {
  const response = functionsError(503, 'BOOT_ERROR', 'Function failed to start (please check logs)');
  // A header value is one line of Latin-1: anything else in Deno's message becomes '?'.
  if (detail) response.headers.set('x-stack-boot-error', detail.replace(/[^\x20-\x7e]/g, '?').slice(0, 2000));
  return response;
}

/** The worker died while the request was in flight. */
export const workerError = () =>
  functionsError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');

/** The request ran past the wall-clock limit; the worker was stopped. */
export const workerLimit = () =>
  functionsError(
    546,
    'WORKER_LIMIT',
    'Function failed due to not having enough compute resources (please check logs)',
  );
