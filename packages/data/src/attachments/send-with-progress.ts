/**
 * @module attachments/send-with-progress — PUTs a file to a signed upload URL, reporting bytes sent.
 * supabase-js storage uploads have no progress events. Browsers report real upload progress through
 * XMLHttpRequest; elsewhere (Node, Deno, workers without XHR) a counting ReadableStream body reports the bytes
 * handed to the network layer, which tracks the wire closely for large files.
 */

export type Progress = (sent: number, total: number) => void;

export interface SendResult {
  status: number;
  body: unknown;
}

export function sendWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  onProgress?: Progress,
): Promise<SendResult> {
  if (typeof XMLHttpRequest === 'function') return sendWithXhr(url, file, contentType, onProgress);
  return sendWithStream(url, file, contentType, onProgress);
}

function sendWithXhr(
  url: string,
  file: Blob,
  contentType: string,
  onProgress?: Progress,
): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) =>
      onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(file);
  });
}

async function sendWithStream(
  url: string,
  file: Blob,
  contentType: string,
  onProgress?: Progress,
): Promise<SendResult> {
  const total = file.size;
  let sent = 0;
  const reader = file.stream().getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      sent += value.byteLength;
      controller.enqueue(value);
      onProgress?.(sent, total);
    },
  });
  onProgress?.(0, total);
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': contentType, 'content-length': String(total), 'x-upsert': 'false' },
    body,
    // Required by fetch for streaming request bodies.
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: parse(await response.text()) };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** A storage-api error body shaped like the StorageApiError supabase-js would have made of it. */
export function storageError(sent: { status: number; body: unknown }) {
  const body = (sent.body ?? {}) as { statusCode?: string; error?: string; message?: string };
  return {
    name: 'StorageApiError',
    __isStorageError: true,
    status: sent.status,
    statusCode: body.statusCode ?? String(sent.status),
    code: body.error,
    message: body.message ?? body.error ?? 'upload failed',
  };
}
