/**
 * @module storage/resumable — TUS 1.0.0 resumable uploads at `/upload/resumable`, as storage-api serves
 * them: the caller's JWT is checked first (refused in storage's JSON shape), then the protocol's headers,
 * then the method's handler; refusals from there on are plain text with their real status.
 */
import { authenticate } from '../auth.ts';
import { fromDatabaseError } from '../errors.ts';
import { append } from './append.ts';
import type { ResumableDeps } from './context.ts';
import { create } from './create.ts';
import { options, status } from './inspect.ts';
import { baseHeaders, checkHeaders, toTusResponse, tusResponse } from './protocol.ts';
import { terminate } from './terminate.ts';

export type { ResumableDeps } from './context.ts';
export { UploadLocks } from './locks.ts';
export { PartialStore } from './partials.ts';

/**
 * Serves one TUS request; `encoded` is the upload id of the URL ('' for the creation URL). `signed`: the
 * `/upload/resumable/sign` routes, where an `x-signature` upload token stands in for the caller's JWT.
 */
export async function resumable(
  deps: ResumableDeps,
  request: Request,
  url: URL,
  encoded: string,
  signed = false,
): Promise<Response> {
  const headers = baseHeaders();
  if (request.method === 'OPTIONS') return options(deps, headers);
  const caller = signed ? null : authenticate(deps.jwt, request);
  const refused = checkHeaders(request);
  if (refused) return tusResponse(refused.status, headers, refused.message);
  const upsert = request.headers.get('x-upsert') === 'true';
  const t = { deps, request, url, caller, owner: caller?.owner, upsert, headers };
  try {
    switch (request.method) {
      case 'POST':
        return await create(t);
      case 'PATCH':
        return await append(t, encoded);
      case 'HEAD':
        return await status(t, encoded);
      default:
        return await terminate(t, encoded);
    }
  } catch (error) {
    const answer = toTusResponse(error, headers);
    if (answer) return answer;
    const code = (error as { code?: unknown })?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return toTusResponse(fromDatabaseError(error), headers) as Response;
    }
    throw error;
  }
}
