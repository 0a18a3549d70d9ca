/**
 * The node:http ↔ Web adapter under back-pressure: a large streamed response to a slow client arrives whole,
 * without piling listeners on the socket (Node warns past ten).
 */
import { createServer, get, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendWebResponse } from '../src/gateway/node-adapter.ts';

const CHUNK = 256 * 1024;
const CHUNKS = 128;
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === CHUNKS) controller.close();
        else controller.enqueue(new Uint8Array(CHUNK).fill(sent % 251));
      },
    });
    void sendWebResponse(res, new Response(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('streams 32 MB to a slow reader whole, with no listener pile-up warning', async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  process.on('warning', onWarning);
  try {
    const received = await new Promise<number>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/`, async (res) => {
        let bytes = 0;
        res.on('error', reject);
        // Read slowly, so the server sees write() return false many times.
        for await (const chunk of res) {
          bytes += (chunk as Buffer).length;
          if (bytes % (4 * CHUNK) < (chunk as Buffer).length) await sleep(1);
        }
        resolve(bytes);
      }).on('error', reject);
    });
    expect(received).toBe(CHUNK * CHUNKS);
    await sleep(10);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  } finally {
    process.off('warning', onWarning);
  }
});
