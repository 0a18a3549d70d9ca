/**
 * @module storage/multipart — a streaming `multipart/form-data` reader for uploads: collects the text
 * fields that precede the first file part (storage-js sends `cacheControl`/`metadata` first, and
 * storage-api, like fastify-multipart's `request.file()`, only sees those), then hands the file part
 * over as a stream, so a large form never sits in memory.
 */
import { errors } from './errors.ts';
import { drain } from './files.ts';

export interface FormFile {
  fields: Map<string, string>;
  /** The file part's own Content-Type, when it has one. */
  contentType: string | undefined;
  stream: ReadableStream<Uint8Array>;
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 1024 * 1024;
const CRLF2 = Buffer.from('\r\n\r\n');

/** The boundary of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!).trim() : null;
}

function parseHeaders(block: string): { name?: string; filename?: string; contentType?: string } {
  const out: { name?: string; filename?: string; contentType?: string } = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-type') out.contentType = value;
    if (key === 'content-disposition') {
      const name = /(?:^|;)\s*name="((?:[^"\\]|\\.)*)"/i.exec(value);
      const filename = /(?:^|;)\s*filename="((?:[^"\\]|\\.)*)"/i.exec(value);
      if (name) out.name = name[1];
      if (filename) out.filename = filename[1];
    }
  }
  return out;
}

/** Reads fields up to the first file part; null when the form holds no file. Throws NoContentProvided. */
export async function readForm(body: ReadableStream<Uint8Array>, boundary: string): Promise<FormFile | null> {
  const reader = body.getReader();
  let buf = Buffer.alloc(0);
  const more = async (): Promise<boolean> => {
    const chunk = await reader.read();
    if (chunk.done) return false;
    buf = buf.length ? Buffer.concat([buf, chunk.value]) : Buffer.from(chunk.value);
    return true;
  };
  /** Waits until `needle` is in the buffer; its index, or -1 when the body ends first or `cap` is passed. */
  const find = async (needle: Buffer, cap: number): Promise<number> => {
    for (;;) {
      const at = buf.indexOf(needle);
      if (at >= 0) return at;
      if (buf.length > cap || !(await more())) return -1;
    }
  };
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields = new Map<string, string>();

  let at = await find(opening, MAX_HEADER_BYTES);
  if (at < 0) throw errors.noContentProvided();
  buf = buf.subarray(at + opening.length);
  for (;;) {
    // After a boundary: `--` closes the form, CRLF opens a part.
    while (buf.length < 2) if (!(await more())) throw errors.noContentProvided();
    if (buf[0] === 0x2d && buf[1] === 0x2d) return null;
    buf = buf.subarray(2);
    at = await find(CRLF2, MAX_HEADER_BYTES);
    if (at < 0) throw errors.noContentProvided();
    const part = parseHeaders(buf.subarray(0, at).toString('utf8'));
    buf = buf.subarray(at + CRLF2.length);
    if (part.filename !== undefined) {
      return { fields, contentType: part.contentType, stream: fileStream(reader, () => buf, delimiter) };
    }
    at = await find(delimiter, MAX_FIELD_BYTES);
    if (at < 0) throw errors.noContentProvided();
    if (part.name !== undefined) fields.set(part.name, buf.subarray(0, at).toString('utf8'));
    buf = buf.subarray(at + delimiter.length);
  }
}

/** The bytes of the current part up to the next delimiter; the rest of the body is read and dropped. */
function fileStream(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  initial: () => Buffer,
  delimiter: Buffer,
): ReadableStream<Uint8Array> {
  let buf = initial();
  // Bytes that could be the start of a delimiter split across chunks are held back.
  const keep = delimiter.length - 1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const at = buf.indexOf(delimiter);
        if (at >= 0) {
          if (at > 0) controller.enqueue(new Uint8Array(buf.subarray(0, at)));
          controller.close();
          drain(reader);
          return;
        }
        if (buf.length > keep) {
          controller.enqueue(new Uint8Array(buf.subarray(0, buf.length - keep)));
          buf = Buffer.from(buf.subarray(buf.length - keep));
          return;
        }
        const chunk = await reader.read();
        if (chunk.done) {
          controller.error(errors.noContentProvided());
          return;
        }
        buf = buf.length ? Buffer.concat([buf, chunk.value]) : Buffer.from(chunk.value);
      }
    },
    // Never cancel the request stream itself (see FileStore.stage): read the rest and drop it.
    cancel() {
      drain(reader);
    },
  });
}
