/** @module tests/storage-resumable-helpers — tus-js-client and raw TUS requests against /storage/v1/upload/resumable. */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import * as tus from 'tus-js-client';
import { env, storageUrl } from './storage-helpers.ts';

export const endpoint = `${storageUrl}/upload/resumable`;

export const bytes = (n: number) => randomBytes(n);

/** A SHA-256 of bytes: comparing megabytes with toEqual walks them element by element, for seconds. */
export const digest = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** TUS metadata header value, as tus-js-client writes it. */
export function metadataHeader(meta: Record<string, string>): string {
  return Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

export interface TusRun {
  url: string | null;
  /** Method and status of each answer, in order. */
  responses: { method: string; status: number; offset: string | undefined }[];
}

export interface TusOptions {
  token?: string;
  /** A signed upload URL's token: the upload goes to `/upload/resumable/sign` with `x-signature`. */
  signature?: string;
  metadata: Record<string, string>;
  upsert?: boolean;
  chunkSize?: number;
  uploadDataDuringCreation?: boolean;
  uploadUrl?: string;
  /** Called after each chunk; return true to abort the upload there. */
  abortAfter?: (bytesAccepted: number) => boolean;
}

/** Runs a tus-js-client upload to the end (or until `abortAfter` stops it); rejects with its DetailedError. */
export function tusUpload(data: Buffer, o: TusOptions): Promise<TusRun> {
  const run: TusRun = { url: null, responses: [] };
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(data, {
      endpoint: o.signature === undefined ? endpoint : `${endpoint}/sign`,
      ...(o.uploadUrl ? { uploadUrl: o.uploadUrl } : {}),
      ...(o.chunkSize ? { chunkSize: o.chunkSize } : {}),
      uploadDataDuringCreation: o.uploadDataDuringCreation ?? false,
      retryDelays: null,
      onShouldRetry: () => false,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.signature === undefined ? {} : { 'x-signature': o.signature }),
        apikey: env.anonKey,
        ...(o.upsert === undefined ? {} : { 'x-upsert': String(o.upsert) }),
      },
      metadata: o.metadata,
      onAfterResponse(req, res) {
        run.responses.push({
          method: req.getMethod(),
          status: res.getStatus(),
          offset: res.getHeader('Upload-Offset'),
        });
      },
      onUploadUrlAvailable() {
        run.url = upload.url;
      },
      onChunkComplete(_size, accepted) {
        if (o.abortAfter?.(accepted)) upload.abort().then(() => resolve(run), reject);
      },
      onError: reject,
      onSuccess: () => resolve(run),
    });
    upload.start();
  });
}

/** The status and body of the server's answer behind a tus-js-client failure. */
export function refusal(error: unknown): { status: number; body: string } {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) throw error;
  return { status: response.getStatus(), body: response.getBody() };
}

/** A raw TUS request (Tus-Resumable 1.0.0 unless `headers` says otherwise). */
export function tusFetch(
  url: string,
  method: string,
  headers: Record<string, string | null> = {},
  body?: Buffer,
): Promise<Response> {
  const h = new Headers({ 'tus-resumable': '1.0.0', apikey: env.anonKey });
  for (const [k, v] of Object.entries(headers)) {
    if (v === null) h.delete(k);
    else h.set(k, v);
  }
  return fetch(url, { method, headers: h, ...(body ? { body: new Uint8Array(body) } : {}) });
}

/**
 * Starts a PATCH that declares `declared` bytes and sends only `sent`; `drop()` then cuts the
 * connection, as a flaky network would, leaving the PATCH unfinished.
 */
export function startPatch(
  url: string,
  token: string,
  offset: number,
  declared: number,
  sent: Buffer,
): { drop(): void } {
  const req = httpRequest(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'content-length': String(declared),
      authorization: `Bearer ${token}`,
      apikey: env.anonKey,
    },
  });
  req.on('error', () => {});
  req.write(sent);
  return { drop: () => req.destroy() };
}

/** Polls `check` until it returns a value, failing after `ms`: for states the server reaches on its own. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
