import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StorageError } from '../src/storage/errors.ts';
import { boundaryOf, readForm } from '../src/storage/multipart.ts';

/** Serialises a form with the platform's own encoder, then re-chunks it into `size`-byte pieces. */
async function encode(form: FormData, size: number) {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const bytes = Buffer.from(await request.arrayBuffer());
  const boundary = boundaryOf(request.headers.get('content-type')!)!;
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (offset >= bytes.length) return c.close();
      c.enqueue(new Uint8Array(bytes.subarray(offset, offset + size)));
      offset += size;
    },
  });
  return { stream, boundary, bytes };
}

const collect = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

describe('storage multipart reader', () => {
  for (const size of [1, 7, 64, 65536]) {
    it(`reads fields and streams the file intact in ${size}-byte chunks`, async () => {
      const payload = randomBytes(100_000);
      const form = new FormData();
      form.append('cacheControl', '3600');
      form.append('metadata', JSON.stringify({ a: 1 }));
      form.append('', new Blob([payload], { type: 'image/png' }));
      form.append('after', 'ignored');
      const { stream, boundary } = await encode(form, size);
      const file = await readForm(stream, boundary);
      expect(file?.contentType).toBe('image/png');
      expect(Object.fromEntries(file!.fields)).toEqual({ cacheControl: '3600', metadata: '{"a":1}' });
      expect((await collect(file!.stream)).equals(payload)).toBe(true);
    });
  }

  it('answers null for a form without a file, and NoContentProvided for a truncated one', async () => {
    const fieldsOnly = new FormData();
    fieldsOnly.append('cacheControl', '60');
    const a = await encode(fieldsOnly, 10);
    expect(await readForm(a.stream, a.boundary)).toBeNull();

    const withFile = new FormData();
    withFile.append('', new Blob([randomBytes(1000)]));
    const b = await encode(withFile, 100_000);
    const cut = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(b.bytes.subarray(0, 600)));
        c.close();
      },
    });
    const file = await readForm(cut, b.boundary);
    const error = await collect(file!.stream).catch((e) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ code: 'InvalidRequest', message: 'No content provided' });
  });

  it('finds quoted and bare boundaries', () => {
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('multipart/form-data; boundary=----x123')).toBe('----x123');
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});
