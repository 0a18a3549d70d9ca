/**
 * @module tests/helpers/chromium — a headless Debian Chromium driven over the DevTools protocol (with `ws`),
 * for the few tests that need a real browser's CORS checks: open a page, evaluate an async expression.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';

export interface Browser {
  /** Opens `url` in a new tab and evaluates `expression` (awaited) there; returns its JSON value. */
  evaluate(url: string, expression: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function launchChromium(deadlineMs = 30_000): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'stack-chromium-'));
  const child: ChildProcess = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const portFile = join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + deadlineMs;
  // Chromium writes the port it chose once DevTools listens.
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n').length < 2) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('Chromium did not start');
    await sleep(50);
  }
  const [port, path] = readFileSync(portFile, 'utf8').trim().split('\n');
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 1;
  const pending = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (m) =>
        m.error ? reject(new Error(m.error.message)) : resolve(m.result as Record<string, unknown>),
      );
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });

  return {
    async evaluate(url, expression) {
      const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as {
        targetId: string;
      };
      const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
        sessionId: string;
      };
      try {
        await send('Page.enable', {}, sessionId);
        await send('Page.navigate', { url }, sessionId);
        // Wait until the page's document is the one asked for, then run the expression in it.
        const loaded = Date.now() + 20_000;
        for (;;) {
          const { result } = (await send(
            'Runtime.evaluate',
            { expression: 'location.href + " " + document.readyState', returnByValue: true },
            sessionId,
          )) as { result: { value: string } };
          if (result.value === `${url} complete`) break;
          if (Date.now() > loaded) throw new Error(`page ${url} did not load`);
          await sleep(50);
        }
        const { result, exceptionDetails } = (await send(
          'Runtime.evaluate',
          { expression, awaitPromise: true, returnByValue: true },
          sessionId,
        )) as { result: { value: unknown }; exceptionDetails?: { exception?: { description?: string } } };
        if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? 'evaluation failed');
        return result.value;
      } finally {
        await send('Target.closeTarget', { targetId });
      }
    },
    async close() {
      socket.close();
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
