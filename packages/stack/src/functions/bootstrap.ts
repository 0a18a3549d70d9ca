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

// The stack holds the other end of stdin and never writes: EOF means it is gone (even by SIGKILL), and a
// worker must not outlive it, still listening, with PID 1 as its parent.
(async () => {
  const reader = deno.stdin.readable.getReader();
  while (!(await reader.read()).done) {
    // nothing is ever sent
  }
  deno.exit(0);
})().catch(() => deno.exit(0));

// Variables Deno itself needs (HOME, PATH, DENO_DIR, …) are hidden from the function, as the edge runtime
// hides the host's OS variables: the function sees only SUPABASE_* and `supabase/functions/.env`.
for (const name of (deno.env.get('STACK_WORKER_HIDE') ?? '').split(',')) if (name) deno.env.delete(name);
deno.env.delete('STACK_WORKER_HIDE');

// The edge runtime's `EdgeRuntime.waitUntil` keeps background work alive after the response; a long-lived
// process already does, so the shim only reports failures.
(globalThis as Record<string, unknown>).EdgeRuntime ??= {
  waitUntil(promise: Promise<unknown>) {
    Promise.resolve(promise).catch((error) => console.error(error));
  },
};

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
