/**
 * @module util/text-response — a Web `Response` whose body is a string already in memory, remembered
 * beside it so the node:http adapter can write it with one `end()` instead of reading it back through
 * the Response's stream (two reads, each an async hop, per REST GET). In-process callers still read the
 * Response as usual.
 */
const texts = new WeakMap<Response, string>();

export function textResponse(body: string | null, init: ResponseInit): Response {
  const response = new Response(body, init);
  if (body !== null) texts.set(response, body);
  return response;
}

/** The string a `textResponse` was built with, unless someone has started reading its stream. */
export function unreadText(response: Response): string | undefined {
  return response.bodyUsed ? undefined : texts.get(response);
}
