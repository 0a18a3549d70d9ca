/**
 * @module functions — Edge Functions at `/functions/v1/<name>/*`: each `supabase/functions/<name>/index.ts`
 * runs in real Deno behind the `verify_jwt` check, with the edge runtime's env, hot reload and limits.
 *
 * Pipeline: parse the function name → check it exists and the JWT (unless `verify_jwt = false`) → hand
 * the request to the function's warm worker (started on first use) → stream its answer back.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestContext, Service, StackContext } from '../context.ts';
import { stackEnvironment } from '../env.ts';
import { sharedDenoDir } from './deno.ts';
import { functionEnv } from './env.ts';
import { notFound } from './errors.ts';
import { FunctionRuntime } from './runtime.ts';
import { checkJwt } from './verify-jwt.ts';
import { watchFunctions } from './watch.ts';

export interface FunctionsOptions {
  /** Wall-clock limit per request in ms. Default: `STACK_FUNCTION_TIMEOUT_MS`, else 150 s as on hosted. */
  timeoutMs?: number;
  /** Reload functions when their files change. Default: on. */
  watch?: boolean;
}

const DEFAULT_TIMEOUT_MS = 150_000;

/** Function names as the CLI accepts them; also what keeps `..`, `_shared` and encoded paths out. */
const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Splits `/<name>/rest` into the name and the rest; null when the name is not a valid function name. */
export function parseFunctionPath(path: string): { name: string; rest: string } | null {
  const match = /^\/([^/]*)(\/.*)?$/.exec(path);
  const name = match?.[1];
  if (!name || !NAME.test(name)) return null;
  return { name, rest: match?.[2] ?? '' };
}

/** The origin the client addressed, from its Host header when that is a plain host[:port]. */
function originOf(request: Request, fallback: URL): string {
  const host = request.headers.get('host');
  if (host && /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(host)) {
    return `${fallback.protocol}//${host}`;
  }
  return fallback.origin;
}

function timeoutFromEnv(): number {
  return stackEnvironment().STACK_FUNCTION_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS;
}

export function build(stack: StackContext, options: FunctionsOptions = {}): Service {
  const functionsDir = join(stack.config.supabaseDir, 'functions');
  const runtime = new FunctionRuntime({
    functionsDir,
    denoDir: sharedDenoDir(),
    timeoutMs: options.timeoutMs ?? timeoutFromEnv(),
    env: () => functionEnv(stack, (message) => stack.log('functions', message)),
    log: (name, line) => stack.log(`functions:${name}`, line),
  });
  // Started with the first request, so a stack that never calls a function pays nothing for it.
  let watcher: { close(): void } | undefined;
  const startWatching = () => {
    if (watcher || options.watch === false) return;
    watcher = watchFunctions(functionsDir, (names) => runtime.invalidate(names ?? undefined));
  };

  const exists = (name: string) => {
    const entry = join(functionsDir, name, 'index.ts');
    return existsSync(entry) && statSync(entry).isFile();
  };

  return {
    async fetch(request: Request, ctx: RequestContext): Promise<Response> {
      const target = parseFunctionPath(ctx.path);
      if (!target || !exists(target.name)) return notFound();
      const settings = stack.config.functions[target.name];
      if (settings?.enabled === false) return notFound();
      if (settings?.verifyJwt ?? true) {
        const refusal = checkJwt(request, stack.jwt);
        if (refusal) return refusal;
      }
      startWatching();
      // The function sees its own name as the first path segment, as on the edge runtime, on the host
      // the client called (localhost or 127.0.0.1).
      const url = new URL(`/${target.name}${target.rest}${ctx.url.search}`, originOf(request, ctx.url));
      return runtime.invoke(target.name, request, url);
    },
    async close() {
      watcher?.close();
      await runtime.close();
    },
  };
}
