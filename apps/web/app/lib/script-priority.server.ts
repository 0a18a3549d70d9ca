/**
 * @module lib/script-priority.server — the first HTML's module preloads ask for low fetch priority (decision
 * 169). Every page is rendered whole on the server and its forms work before any script runs, so what the
 * first paint needs is the document, its inline CSS and its font; the route's scripts only hydrate. At their
 * default (high) priority they shared a slow network with the document, and Lighthouse's simulation counted
 * all of them before the task URL's first paint. React Router's `<Scripts>` takes no attribute for its links,
 * so the shell's HTML is rewritten on its way out.
 */

const PRELOAD = 'rel="modulepreload"';

/**
 * Adds `fetchpriority="low"` to each `<link rel="modulepreload">` in a chunk of HTML. Only markup React wrote
 * can hold the attribute text with its quotes (text and attribute values escape `"`), and React writes the whole
 * shell, where the links are, in one chunk (html-chunks.server.ts). A chunk without a link is passed on as it is.
 */
export function lowerModulePreloads(chunk: Buffer): Buffer {
  if (!chunk.includes(PRELOAD)) return chunk;
  return Buffer.from(chunk.toString('utf8').replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`));
}
