/**
 * @module tests/helpers/background — the background machinery's test rig: a local HTTP receiver that
 * records every request (and can answer slowly or with a status), and a stack on a copy of
 * tests/fixtures/background with the receiver's port filled into its webhook migration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import type { StartOptions } from '../../src/index.ts';
import { type Project, startProject } from './project.ts';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  port: number;
  received: Received[];
  /** Resolves with the requests to `path` once `count` have come, or rejects at the deadline. */
  waitFor(path: string, count?: number, timeoutMs?: number): Promise<Received[]>;
  /** Called on each request; set to observe arrival times. */
  onRequest?: (r: Received) => void;
  close(): Promise<void>;
}

/**
 * Answers 200 `{"ok":true}`, except `/slow` (never answers until closed) and `/status/<n>` (status n
 * with a text body).
 */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<() => void>();
  const receiver: Receiver = {
    port: 0,
    received,
    async waitFor(path, count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hits = received.filter((r) => new URL(r.url, 'http://x').pathname === path);
        if (hits.length >= count) return hits;
        if (Date.now() > deadline) throw new Error(`receiver: ${hits.length}/${count} requests to ${path}`);
        await sleep(20);
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const end of hanging) end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(r);
      receiver.onRequest?.(r);
      const path = new URL(r.url, 'http://x').pathname;
      if (path === '/slow') {
        hanging.add(() => res.destroy());
        return;
      }
      const status = /^\/status\/(\d{3})$/.exec(path);
      if (status) {
        res.writeHead(Number(status[1]), { 'Content-Type': 'text/plain' }).end(`status ${status[1]}`);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Receiver': 'yes' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as { port: number }).port;
  return receiver;
}

const fixture = fileURLToPath(new URL('../fixtures/background/supabase', import.meta.url));

/** Starts a stack on the background fixture, its webhook aimed at `receiver`. */
export function startBackgroundProject(
  receiver: Receiver,
  options: Partial<StartOptions> = {},
): Promise<Project> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(join(fixture, 'migrations'))) {
    files[`migrations/${name}`] = readFileSync(join(fixture, 'migrations', name), 'utf8').replaceAll(
      '__RECEIVER_PORT__',
      String(receiver.port),
    );
  }
  return startProject(readFileSync(join(fixture, 'config.toml'), 'utf8'), files, options);
}

/** A superuser connection to the project's database. */
export function superuser(project: Project): postgres.Sql {
  return postgres(project.stack.dbUrl, { max: 3, onnotice: () => {} });
}

/** Polls `check` until it returns a value that is not undefined, or throws at the deadline. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
