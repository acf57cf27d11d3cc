/**
 * Per-minute request budgets of one account (`shared/reference/support-desk-upstream.md` §7).
 * `windowMs` scales the minute down for tests and benchmarks (700 per 6 s keeps the plan's shape).
 *
 * @example
 * ```ts
 * await startZendeskSimulator({ rateLimit: { perMinute: 700, windowMs: 6_000 } });
 * ```
 */
export interface ZendeskRateLimitOptions {
  /** The plan's account-wide limit (Team 200, Professional 400, Enterprise 700, High Volume 2500). Default 700. */
  perMinute?: number;
  /** Incremental exports. Default 10 (30 with the High Volume add-on). */
  incrementalPerMinute?: number;
  /** `GET /deleted_tickets`. Default 10. */
  deletedTicketsPerMinute?: number;
  /** Length of the "minute". Default 60,000 ms. */
  windowMs?: number;
  enabled?: boolean;
}

/** Which extra budget an endpoint draws from besides the account's. */
export type RateBucket = 'incremental' | 'deleted_tickets' | undefined;

/** The result of asking for a request slot. */
export type RateAdmission =
  | { ok: true; limit: number; remaining: number; resetSeconds: number }
  | { ok: false; limit: number; retryAfterSeconds: number };

export const ZENDESK_DEFAULT_RATE_LIMITS: Required<ZendeskRateLimitOptions> = {
  perMinute: 700,
  incrementalPerMinute: 10,
  deletedTicketsPerMinute: 10,
  windowMs: 60_000,
  enabled: true,
};

/** Fixed windows aligned on the simulator clock, one counter per budget. */
export class ZendeskRateLimiter {
  private options: Required<ZendeskRateLimitOptions>;
  private readonly counters = new Map<string, { window: number; used: number }>();

  constructor(options: ZendeskRateLimitOptions = {}) {
    this.options = { ...ZENDESK_DEFAULT_RATE_LIMITS, ...options };
  }

  configure(options: ZendeskRateLimitOptions): void {
    this.options = { ...ZENDESK_DEFAULT_RATE_LIMITS, ...options };
    this.counters.clear();
  }

  get limits(): Readonly<Required<ZendeskRateLimitOptions>> {
    return this.options;
  }

  admit(now: number, bucket: RateBucket): RateAdmission {
    const { windowMs, perMinute, enabled } = this.options;
    const window = Math.floor(now / windowMs);
    const resetMs = (window + 1) * windowMs - now;
    const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
    const account = this.counter('account', window);
    if (!enabled) return { ok: true, limit: perMinute, remaining: perMinute, resetSeconds };
    if (account.used >= perMinute) return { ok: false, limit: perMinute, retryAfterSeconds: resetSeconds };
    if (bucket !== undefined) {
      const limit =
        bucket === 'incremental' ? this.options.incrementalPerMinute : this.options.deletedTicketsPerMinute;
      const counter = this.counter(bucket, window);
      if (counter.used >= limit) return { ok: false, limit, retryAfterSeconds: resetSeconds };
      counter.used += 1;
    }
    account.used += 1;
    return { ok: true, limit: perMinute, remaining: perMinute - account.used, resetSeconds };
  }

  private counter(name: string, window: number): { window: number; used: number } {
    let counter = this.counters.get(name);
    if (counter === undefined || counter.window !== window) {
      counter = { window, used: 0 };
      this.counters.set(name, counter);
    }
    return counter;
  }
}
