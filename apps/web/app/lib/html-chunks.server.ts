/**
 * @module lib/html-chunks.server — gathers what React writes in one turn of the event loop into one chunk.
 * React's Node renderer writes its HTML in small pieces. Each piece was carried on its own through the web
 * stream of the `Response`, React Router's copy back to Node and the compression middleware: dozens of trips
 * for a large board (counted in decision 124). React writes a whole shell, or a whole resolved boundary, within one turn, so
 * joining a turn's writes changes nothing about when bytes leave (decision 124).
 */
import { Transform, type TransformCallback } from 'node:stream';

/** `rewrite` is applied to each joined chunk (lib/script-priority.server.ts lowers the shell's preloads). */
export function joinTurnWrites(rewrite: (chunk: Buffer) => Buffer = (chunk) => chunk): Transform {
  let parts: Buffer[] = [];
  let pending = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      parts.push(chunk);
      if (!pending) {
        pending = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      release();
      callback();
    },
  });
  function release() {
    pending = false;
    if (parts.length === 0) return;
    stream.push(rewrite(parts.length === 1 ? parts[0]! : Buffer.concat(parts)));
    parts = [];
  }
  return stream;
}
