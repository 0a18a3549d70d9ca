/**
 * @module auth/http — the thin edge shared by every handler: JSON bodies in (GoTrue's `bad_json` on bad
 * input), JSON responses out, and the bearer token of a request.
 */
import { AuthError, badRequest } from './errors.ts';

export type Body = Record<string, unknown>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Go's encoding/json refuses documents nested deeper than this, so GoTrue answers `bad_json` for them. */
const MAX_DEPTH = 10_000;

/**
 * The bracket that opens nesting level `MAX_DEPTH + 1`, or null. Checked before `JSON.parse`: a deeper document
 * would parse in V8 but overflow the stack (or Postgres's) later and answer 500 where GoTrue answers 400.
 */
function tooDeep(text: string): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > MAX_DEPTH) return text[i] ?? null;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return null;
}

/** Reads a JSON object body; an empty body is `{}` as in GoTrue, anything else that is not an object is `bad_json`. */
export async function readBody(request: Request): Promise<Body> {
  const text = await request.text();
  if (text.length > 1 << 20) {
    throw new AuthError(413, 'request_entity_too_large', 'Request body too large (max 1048576 bytes)');
  }
  if (!text.trim()) return {};
  const deep = tooDeep(text);
  if (deep) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: invalid character '${deep}' exceeded max depth`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected a JSON object');
  }
  return value as Body;
}

export const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export function obj(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The `Authorization: Bearer <token>` value, or null. */
export function bearer(request: Request): string | null {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}
