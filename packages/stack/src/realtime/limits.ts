/**
 * @module realtime/limits — Realtime's tenant limits as `supabase start` seeds them (concurrent users,
 * joins and events per second, channels per socket, payload size) and the rate counter that enforces the
 * per-second ones: counts per 5 s tick, averaged over the last 12 ticks, as the server's RateCounter.
 */

export interface RealtimeLimits {
  /** Sockets with at least one joined channel (`ConnectionRateLimitReached: Too many connected users`). */
  maxConcurrentUsers: number;
  /** Broadcasts sent plus broadcasts delivered, per second (`Too many messages per second`). */
  maxEventsPerSecond: number;
  /** Channel joins per second (`ClientJoinRateLimitReached: Too many joins per second`). */
  maxJoinsPerSecond: number;
  /** Channels one socket may hold (`ChannelRateLimitReached: Too many channels`). */
  maxChannelsPerClient: number;
  /** A broadcast payload over this many kB (plus 500 bytes of slack) is refused (`payload_size_exceeded`). */
  maxPayloadSizeInKb: number;
  /** The counters' tick; the server's is 5 s. Tests shorten it. */
  tickMs: number;
}

/**
 * The CLI seeds its local tenant from the realtime image's defaults (`TENANT_MAX_*` in its runtime
 * config; the tenant schema's `max_payload_size_in_kb` default), which are also the Free plan's quotas.
 */
export const CLI_REALTIME_LIMITS: RealtimeLimits = {
  maxConcurrentUsers: 200,
  maxEventsPerSecond: 100,
  maxJoinsPerSecond: 100,
  maxChannelsPerClient: 100,
  maxPayloadSizeInKb: 3000,
  tickMs: 5000,
};

/** The server keeps the last 12 ticks (one minute at 5 s). */
const BUCKETS = 12;
/** validate_payload_size allows this much over the configured kB. */
const PAYLOAD_SLACK_BYTES = 500;

/**
 * Events per second averaged over the last ticks. The server checks its average only at each tick; this
 * one also trips as soon as the running tick alone would carry the average over the limit at the next
 * tick, so a flood is cut within its first burst rather than after 5 s of unchecked fan-out.
 */
export class RateCounter {
  readonly #limit: number;
  readonly #tickSeconds: number;
  readonly #bucket: number[] = [];
  #current = 0;
  #sum = 0;
  #triggered = false;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(limit: number, tickMs: number) {
    this.#limit = limit;
    this.#tickSeconds = tickMs / 1000;
    this.#timer = setInterval(() => this.#tick(), tickMs);
    this.#timer.unref();
  }

  get triggered(): boolean {
    return this.#triggered;
  }

  /** Counts `n` events; true while the limit is exceeded. */
  add(n = 1): boolean {
    this.#current += n;
    if (!this.#triggered) {
      const avg =
        (this.#sum + this.#current) / (Math.min(this.#bucket.length + 1, BUCKETS) * this.#tickSeconds);
      if (avg >= this.#limit) this.#triggered = true;
    }
    return this.#triggered;
  }

  #tick(): void {
    this.#bucket.unshift(this.#current);
    this.#current = 0;
    if (this.#bucket.length > BUCKETS) this.#bucket.pop();
    this.#sum = this.#bucket.reduce((a, b) => a + b, 0);
    const avg = this.#sum / (this.#bucket.length * this.#tickSeconds);
    // As the server: once tripped, it stays tripped until the average falls below the limit.
    this.#triggered = avg >= this.#limit;
  }

  close(): void {
    clearInterval(this.#timer);
  }
}

/** The tenant's counters, shared by every socket of the stack (the stack is one tenant). */
export class TenantLimits {
  readonly limits: RealtimeLimits;
  readonly joins: RateCounter;
  readonly events: RateCounter;
  /** Sockets that joined at least one channel. */
  readonly users = new Set<object>();

  constructor(overrides: Partial<RealtimeLimits> = {}) {
    this.limits = { ...CLI_REALTIME_LIMITS, ...overrides };
    this.joins = new RateCounter(this.limits.maxJoinsPerSecond, this.limits.tickMs);
    this.events = new RateCounter(this.limits.maxEventsPerSecond, this.limits.tickMs);
  }

  get maxPayloadBytes(): number {
    return this.limits.maxPayloadSizeInKb * 1000 + PAYLOAD_SLACK_BYTES;
  }

  close(): void {
    this.joins.close();
    this.events.close();
  }
}
