/**
 * @module errors/replay-server — a tiny HTTP server answering with whatever status and body a test sets,
 * so supabase-js builds its real error objects from the bodies the real services send.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ReplayServer {
  url: string;
  reply(next: Reply): void;
  close(): Promise<void>;
}

export async function startReplayServer(): Promise<ReplayServer> {
  let next: Reply = { status: 500, body: { message: 'no reply set' } };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(next.status, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        ...next.headers,
      });
      res.end(typeof next.body === 'string' ? next.body : JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reply: (reply) => {
      next = reply;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
