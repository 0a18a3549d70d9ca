/** @module storage/http — small response and body helpers shared by the storage handlers. */
import { errors } from './errors.ts';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Reads a JSON object body; an empty body counts as `{}` (storage-api's lenient parser). */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    // fall through
  }
  throw errors.validation('body must be object');
}

/** Decodes the wildcard tail of a route into an object name; undecodable names are invalid keys. */
export function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw errors.invalidKey(raw);
  }
}
