/**
 * @module storage/content-type — the Content-Type an object is served with, and the headers that keep
 * active content inert on the API origin.
 *
 * - HTML is served as `text/plain`, whatever bucket it sits in: storage-api rewrites any stored type
 *   containing `text/html` on every object read ("for security, HTML files are returned as plain
 *   text", Supabase's storage guide).
 * - SVG and XML documents (which can carry script) keep their type, as storage-api sends them, so
 *   `<img src>` and downloads work unchanged; we add `Content-Security-Policy: sandbox` to them, so a
 *   browser that opens one directly runs it in an opaque origin without script. storage-api does not
 *   send this header; it changes nothing for an image element (decision 048).
 */

const SCRIPTABLE =
  /^(image\/svg\+xml|application\/xhtml\+xml|text\/xml|application\/xml|[a-z]+\/[a-z.+-]*\+xml)\s*(;|$)/i;

/** The Content-Type to send for a stored mimetype. */
export function servedContentType(mimetype: string | undefined): string {
  const type = mimetype || 'application/octet-stream';
  return type.toLowerCase().includes('text/html') ? 'text/plain' : type;
}

/** Extra headers for a served type: a script-free sandbox for documents that could run script. */
export function activeContentHeaders(served: string): Record<string, string> {
  return SCRIPTABLE.test(served.trim())
    ? { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
    : {};
}
