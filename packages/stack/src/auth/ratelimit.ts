/**
 * @module auth/ratelimit — GoTrue's limits from config.toml `[auth.rate_limit]`: per-IP request limits over
 * 5 minutes (`sign_in_sign_ups`, `token_refresh`, `token_verifications`) and the project-wide hourly
 * `email_sent` budget. In memory, so a restart forgets them, as a restarted GoTrue does.
 */

/** Counts events per key in a sliding window. */
export class WindowLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #events = new Map<string, number[]>();

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Records one event for `key` when the budget allows it; false when it is spent. */
  allow(key = '', now = Date.now()): boolean {
    const since = now - this.#windowMs;
    const events = (this.#events.get(key) ?? []).filter((t) => t > since);
    if (events.length >= this.#limit) {
      this.#events.set(key, events);
      return false;
    }
    events.push(now);
    this.#events.set(key, events);
    if (this.#events.size > 10_000) this.#events.clear();
    return true;
  }
}

const FIVE_MINUTES = 5 * 60_000;

export interface Limiters {
  /** /signup, /otp, /magiclink, /recover, /resend, PUT /user (GoTrue's RATE_LIMIT_OTP, the CLI's sign_in_sign_ups). */
  otp: WindowLimiter;
  /** /token, every grant type. */
  token: WindowLimiter;
  /** /verify. */
  verify: WindowLimiter;
  /** Emails sent per hour by the whole project. */
  email: WindowLimiter;
}

export function makeLimiters(rate: {
  emailSent: number;
  signInSignUps: number;
  tokenRefresh: number;
  tokenVerifications: number;
}): Limiters {
  return {
    otp: new WindowLimiter(rate.signInSignUps, FIVE_MINUTES),
    token: new WindowLimiter(rate.tokenRefresh, FIVE_MINUTES),
    verify: new WindowLimiter(rate.tokenVerifications, FIVE_MINUTES),
    email: new WindowLimiter(rate.emailSent, 60 * 60_000),
  };
}
