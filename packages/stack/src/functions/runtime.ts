/**
 * @module functions/runtime — keeps one warm Deno worker per function: started on the first request,
 * replaced after a code change or a crash (a replaced one finishes its requests and its
 * `EdgeRuntime.waitUntil` work first), stopped when a request outlives the wall-clock limit.
 */

import { cachePlan, type LaunchPlan, launchPlan } from './deno.ts';
import { bootError, workerError, workerLimit } from './errors.ts';
import { prefetch } from './prefetch.ts';
import { BootError, Worker, WorkerGone } from './worker.ts';

export interface RuntimeOptions {
  functionsDir: string;
  /** Deno's cache (npm packages, compiled modules), kept in the stack's data dir across restarts. */
  denoDir: string;
  /** Wall-clock limit of one request, from arrival to the end of the response body. */
  timeoutMs: number;
  /** The function environment, read when a worker starts. */
  env(): Record<string, string>;
  log(name: string, line: string): void;
  /** Bound on fetching a function's npm packages before its first boot (and on waiting for the lock). */
  fetchTimeoutMs?: number;
  /** Seam for tests of the runtime itself; defaults to the real Deno launch. */
  plan?(name: string, env: Record<string, string>): LaunchPlan;
}

/** A cold download of a large package graph (supabase-js) on a slow network stays well inside this. */
const DEFAULT_FETCH_TIMEOUT_MS = 120_000;

export class FunctionRuntime {
  readonly #options: RuntimeOptions;
  /** The current worker of each function; retired ones leave this map but may finish requests. */
  readonly #current = new Map<string, Worker>();
  readonly #all = new Set<Worker>();
  /** Functions whose module graph is in the Deno cache since their files last changed. */
  readonly #fetched = new Map<string, Promise<void>>();

  constructor(options: RuntimeOptions) {
    this.#options = options;
  }

  #worker(name: string): Worker {
    const existing = this.#current.get(name);
    if (existing && !existing.exited && !existing.retired) return existing;
    const { functionsDir, denoDir } = this.#options;
    const env = this.#options.env();
    const wallClockMs = this.#options.timeoutMs;
    const plan =
      this.#options.plan?.(name, env) ?? launchPlan({ functionsDir, name, env, denoDir, wallClockMs });
    const worker = new Worker(
      plan,
      name,
      (line) => this.#options.log(name, line),
      (gone) => {
        if (this.#current.get(name) === gone) this.#current.delete(name);
        this.#all.delete(gone);
      },
      wallClockMs,
    );
    this.#current.set(name, worker);
    this.#all.add(worker);
    return worker;
  }

  /**
   * Fetches the npm packages of `name` before its worker boots, once per version of its files; a failure
   * is forgotten so the next request tries again (after a fix, or once the registry answers).
   */
  #fetch(name: string): Promise<void> {
    let fetched = this.#fetched.get(name);
    if (!fetched) {
      const { functionsDir, denoDir } = this.#options;
      fetched = prefetch(cachePlan({ functionsDir, name, denoDir }), {
        denoDir,
        timeoutMs: this.#options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
        log: (line) => this.#options.log(name, line),
      });
      this.#fetched.set(name, fetched);
      fetched.catch(() => {
        if (this.#fetched.get(name) === fetched) this.#fetched.delete(name);
      });
    }
    return fetched;
  }

  /** Answers `request` with function `name`; `url` is what the function sees (`/<name>/...`). */
  async invoke(name: string, request: Request, url: URL): Promise<Response> {
    if (!this.#options.plan) {
      try {
        await this.#fetch(name);
      } catch (error) {
        return this.#bootFailed(name, error as Error);
      }
    }
    const worker = this.#worker(name);
    worker.inflight++;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      worker.inflight--;
      if (worker.retired && worker.inflight === 0) worker.retire();
    };
    let expire: () => void = () => {};
    const expired = new Promise<'expired'>((resolve) => {
      expire = () => resolve('expired');
    });
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      timedOut = true;
      this.#options.log(name, `wall clock limit of ${this.#options.timeoutMs} ms reached; worker stopped`);
      // A hung handler may be a busy loop that blocks the whole isolate: only stopping the process frees it.
      worker.kill();
      expire();
    };
    // The limit is the handler's: it starts once the worker is up, so a cold boot on a busy machine does
    // not count against it (a boot that fails answers through BootError below).
    worker.ready.then(
      () => {
        if (!finished) timer = setTimeout(stop, this.#options.timeoutMs);
      },
      () => {},
    );

    const proxied = worker.fetch(request, url);
    proxied.catch(() => {}); // it may lose the race against the limit
    try {
      const result = await Promise.race([proxied, expired]);
      if (result === 'expired') {
        finish();
        return workerLimit();
      }
      result.done.then(finish, finish);
      return result.response;
    } catch (error) {
      finish();
      if (timedOut) return workerLimit();
      if (error instanceof BootError) return this.#bootFailed(name, error);
      // Any other failure to get an answer from a local worker means it broke mid-request (it exited,
      // or closed the connection on its way out): the edge runtime's WORKER_ERROR.
      if (!(error instanceof WorkerGone)) this.#options.log(name, `request failed: ${error}`);
      return workerError();
    }
  }

  #bootFailed(name: string, error: Error): Response {
    this.#options.log(name, `failed to boot: ${error.message}`);
    return bootError(error instanceof BootError ? error.message : String(error));
  }

  /** Retires the workers of `names` (all when omitted): the next request starts fresh ones. */
  invalidate(names?: Iterable<string>): void {
    const targets = names ? [...names] : [...this.#current.keys()];
    // Changed files may import new packages: fetch again before the next boot.
    if (names) for (const name of targets) this.#fetched.delete(name);
    else this.#fetched.clear();
    for (const name of targets) {
      const worker = this.#current.get(name);
      if (!worker) continue;
      this.#current.delete(name);
      worker.retire();
    }
  }

  /** Names of functions with a live worker (for status and tests). */
  running(): string[] {
    return [...this.#current.keys()];
  }

  async close(): Promise<void> {
    const workers = [...this.#all];
    for (const worker of workers) worker.kill();
    await Promise.all(workers.map((w) => w.stopped()));
  }
}
