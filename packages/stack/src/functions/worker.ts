/**
 * @module functions/worker — one Deno process serving one function: starts it, waits until its handler
 * listens, proxies requests to it with both bodies streamed, forwards its console to the stack's log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { LaunchPlan } from './deno.ts';

const READY = '\u0000stack-worker-ready ';
// biome-ignore lint/suspicious/noControlCharactersInRegex: matches terminal colour codes
const ANSI = /\u001b\[[0-9;]*m/g;

/** The worker could not start: the function failed to load. The message is Deno's own error when known. */
export class BootError extends Error {}

/**
 * Deno's error in its output, as one line: from the line starting `error:` up to the blank line or the
 * (useless, symbol-less) stack backtrace after it. Undefined when Deno printed no error.
 */
export function denoError(lines: readonly string[]): string | undefined {
  const start = lines.findIndex((line) => line.startsWith('error:'));
  if (start < 0) return undefined;
  const error: string[] = [];
  for (const line of lines.slice(start)) {
    if (!line.trim() || line.startsWith('Stack backtrace:')) break;
    error.push(line.trim());
  }
  return error.join(' ');
}

/** How many lines of a booting worker's output are kept to explain a failed boot. */
const BOOT_LINES = 40;
/** The worker went away while a request was in flight. */
export class WorkerGone extends Error {}

/** Connection-level headers belong to one hop; the proxy sets its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export interface ProxyResult {
  response: Response;
  /** Settles when the response body has been fully relayed or failed. */
  done: Promise<void>;
}

export class Worker {
  readonly name: string;
  readonly ready: Promise<number>;
  /** Requests being answered; a retired worker stops once this reaches zero. */
  inflight = 0;
  exited = false;
  readonly #child: ChildProcess;
  readonly #agent = new Agent({ keepAlive: true });
  readonly #sockets = new Set<() => void>();
  readonly #drainMs: number;
  readonly #log: (line: string) => void;
  #retired = false;
  #draining = false;

  /**
   * `drainMs` bounds how long a retired worker may finish its `EdgeRuntime.waitUntil` work before it is
   * stopped (the function's wall-clock limit).
   */
  constructor(
    plan: LaunchPlan,
    name: string,
    log: (line: string) => void,
    onExit: (w: Worker) => void,
    drainMs = 150_000,
  ) {
    this.name = name;
    this.#drainMs = drainMs;
    this.#log = log;
    this.#child = spawn(plan.command, plan.args, {
      cwd: plan.cwd,
      env: plan.env,
      // stdin is the worker's lifeline: the bootstrap exits when it reads EOF, which the kernel delivers
      // when this process dies in any way, SIGKILL included (Node cannot set PR_SET_PDEATHSIG).
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Nothing is ever written; a broken pipe at our end must not become an unhandled error.
    this.#child.stdin!.on('error', () => {});
    const bootOutput: string[] = [];
    let booted = false;
    const output = (line: string) => {
      const clean = line.replace(ANSI, '');
      if (!booted) bootOutput.push(clean) > BOOT_LINES && bootOutput.shift();
      log(clean);
    };
    let markReady: (port: number) => void = () => {};
    let failBoot: (error: Error) => void = () => {};
    this.ready = new Promise<number>((resolve, reject) => {
      markReady = resolve;
      failBoot = reject;
    });
    // Boot failures surface through the request that awaits `ready`; nobody else must see them unhandled.
    this.ready.catch(() => {});
    createInterface({ input: this.#child.stdout! }).on('line', (line) => {
      if (line.startsWith(READY)) {
        booted = true;
        markReady(Number(line.slice(READY.length)));
      } else output(line);
    });
    createInterface({ input: this.#child.stderr! }).on('line', output);
    this.#child.on('error', (error) => {
      failBoot(new BootError(error.message));
      // Spawning failed (no binary): there may be no 'close', so leave the pool now to be retried.
      if (this.#child.pid === undefined && !this.exited) {
        this.exited = true;
        onExit(this);
      }
    });
    // 'close', not 'exit': the last lines of output (Deno's error) have been read by then.
    this.#child.on('close', (code, signal) => {
      if (this.exited) return; // the spawn failure above already left the pool
      this.exited = true;
      failBoot(new BootError(denoError(bootOutput) ?? `worker exited during boot (${signal ?? code})`));
      for (const abort of this.#sockets) abort();
      this.#agent.destroy();
      if (!this.#retired) log(`worker exited (${signal ?? `code ${code}`})`);
      onExit(this);
    });
  }

  /** Sends `request` to the function, with its URL rewritten to `url` (host and path the function sees). */
  async fetch(request: Request, url: URL): Promise<ProxyResult> {
    const port = await this.ready;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      if (!HOP_BY_HOP.has(key)) headers[key] = value;
    });
    // Deno builds `request.url` from Host: the function sees the gateway's origin, as on the platform.
    headers.host = url.host;
    return new Promise<ProxyResult>((resolve, reject) => {
      const outgoing = httpRequest({
        host: '127.0.0.1',
        port,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers,
        agent: this.#agent,
      });
      const abort = () => outgoing.destroy(new WorkerGone('worker exited'));
      this.#sockets.add(abort);
      outgoing.on('close', () => this.#sockets.delete(abort));
      outgoing.on('error', (error) => reject(this.exited ? new WorkerGone(error.message) : error));
      outgoing.on('response', (incoming) => resolve(this.#toResponse(request, incoming)));
      if (request.body) {
        Readable.fromWeb(request.body as import('node:stream/web').ReadableStream)
          .on('error', (error) => outgoing.destroy(error))
          .pipe(outgoing);
      } else {
        outgoing.end();
      }
    });
  }

  #toResponse(request: Request, incoming: IncomingMessage): ProxyResult {
    const headers = new Headers();
    for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
      const key = incoming.rawHeaders[i]!;
      if (!HOP_BY_HOP.has(key.toLowerCase())) headers.append(key, incoming.rawHeaders[i + 1]!);
    }
    const status = incoming.statusCode ?? 502;
    const bodiless = request.method === 'HEAD' || status === 204 || status === 304;
    const done = new Promise<void>((resolve) => incoming.once('close', resolve));
    if (bodiless) incoming.resume();
    const body = bodiless ? null : (Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>);
    return {
      response: new Response(body, { status, statusText: incoming.statusMessage ?? '', headers }),
      done,
    };
  }

  /**
   * Stops taking work. Once no request is in flight (now, if idle; else call again when the last one
   * ends) the process is asked to exit after its background work (`EdgeRuntime.waitUntil`) settles, and
   * is stopped if that takes longer than the drain bound.
   */
  retire(): void {
    this.#retired = true;
    if (this.inflight > 0 || this.#draining || this.exited) return;
    this.#draining = true;
    this.#child.stdin!.write('retire\n');
    setTimeout(() => {
      if (this.exited) return;
      this.#log(
        `background work still running ${this.#drainMs} ms after the worker was retired; worker stopped`,
      );
      this.kill();
    }, this.#drainMs).unref();
  }

  get retired(): boolean {
    return this.#retired;
  }

  kill(): void {
    this.#retired = true;
    if (!this.exited) this.#child.kill('SIGKILL');
  }

  /** Resolves once the process has exited. */
  stopped(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => this.#child.once('close', () => resolve()));
  }
}
