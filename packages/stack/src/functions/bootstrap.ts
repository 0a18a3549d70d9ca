/**
 * @module functions/bootstrap — runs INSIDE Deno (not Node): imports one function's entrypoint, captures the
 * handler it gives `Deno.serve`, serves it on a private loopback port and tells the stack that port.
 *
 * Run as `deno run <flags> bootstrap.ts <entrypoint file URL>`. Node never executes this file; the
 * `Deno` global is typed by hand below so the stack's tsc checks it without Deno's type definitions.
 */

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  handler?: Handler;
  onError?: (error: unknown) => Response | Promise<Response>;
  port?: number;
  hostname?: string;
  onListen?: (addr: { port: number; hostname: string }) => void;
  signal?: AbortSignal;
}
interface DenoLike {
  args: string[];
  serve(options: ServeOptions, handler?: Handler): unknown;
  env: { get(name: string): string | undefined; delete(name: string): void };
  exit(code: number): never;
  stdout: { writeSync(data: Uint8Array): number };
  stdin: { readable: ReadableStream<Uint8Array> };
}

/** The line the stack waits for on stdout; the NUL keeps it from colliding with a function's own output. */
const READY = '\u0000stack-worker-ready';

const deno = (globalThis as unknown as { Deno: DenoLike }).Deno;
const entrypoint = deno.args[0] ?? '';
if (!entrypoint) {
  console.error('bootstrap: no entrypoint given');
  deno.exit(2);
}

/** How long background work may run (the function's wall-clock limit), as the edge runtime bounds it. */
const wallClockMs = Number(deno.env.get('STACK_WORKER_WALL_CLOCK_MS')) || 150_000;

// `EdgeRuntime.waitUntil(promise)` as the edge runtime defines it for user workers: it returns its argument,
// and a Promise is tracked until it settles, so the function can answer and keep working. A retired worker
// (its files changed) exits only once its tracked promises have settled; one still pending at the
// wall-clock limit stops the worker, as that limit does on the edge runtime. Rejections are logged.
const background = new Set<Promise<unknown>>();
let retiring = false;
const exitWhenIdle = () => {
  if (retiring && background.size === 0) deno.exit(0);
};
function waitUntil<T>(value: T): T {
  if (!(value instanceof Promise)) return value;
  const promise: Promise<unknown> = value;
  background.add(promise);
  const limit = setTimeout(() => {
    console.error(
      `EdgeRuntime.waitUntil: a promise did not settle within the wall clock limit of ${wallClockMs} ms; worker stopped`,
    );
    deno.exit(1);
  }, wallClockMs);
  const settled = () => {
    clearTimeout(limit);
    background.delete(promise);
    exitWhenIdle();
  };
  promise.then(settled, (error) => {
    console.error(error);
    settled();
  });
  return value;
}
const edgeRuntime = { waitUntil };
Object.defineProperty(globalThis, 'EdgeRuntime', { get: () => edgeRuntime, configurable: true });

// The stack holds the other end of stdin. EOF means it is gone (even by SIGKILL), and a worker must not
// outlive it, still listening, with PID 1 as its parent. Anything written means "retire": finish the
// background work, then exit (the stack writes once no request is in flight).
(async () => {
  const reader = deno.stdin.readable.getReader();
  while (!(await reader.read()).done) {
    retiring = true;
    exitWhenIdle();
  }
  deno.exit(0);
})().catch(() => deno.exit(0));

// Variables Deno itself needs (HOME, PATH, DENO_DIR, …) are hidden from the function, as the edge runtime
// hides the host's OS variables: the function sees only SUPABASE_*, `[edge_runtime.secrets]` and `.env`.
for (const name of (deno.env.get('STACK_WORKER_HIDE') ?? '').split(',')) if (name) deno.env.delete(name);
deno.env.delete('STACK_WORKER_HIDE');

const realServe = deno.serve.bind(deno);
let listening: Promise<number> | undefined;

/** Takes the handler from any of `Deno.serve`'s call shapes and serves it where the stack can reach it. */
function interceptServe(first: ServeOptions | Handler, second?: Handler): unknown {
  const options: ServeOptions = typeof first === 'function' ? { handler: first } : { ...first };
  const handler = second ?? options.handler;
  if (!handler) throw new TypeError('Deno.serve: a handler is required');
  if (listening) throw new Error('Deno.serve was called twice; an edge function serves one handler');
  let ready: (port: number) => void = () => {};
  listening = new Promise((resolve) => {
    ready = resolve;
  });
  const serveOptions: ServeOptions = {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => ready(port),
  };
  if (options.onError) serveOptions.onError = options.onError;
  if (options.signal) serveOptions.signal = options.signal;
  return realServe(serveOptions, handler);
}
(deno as { serve: unknown }).serve = interceptServe;

await import(entrypoint);
if (!listening) {
  console.error('bootstrap: the function did not call Deno.serve');
  deno.exit(3);
}
const port = await listening;
deno.stdout.writeSync(new TextEncoder().encode(`${READY} ${port}\n`));
