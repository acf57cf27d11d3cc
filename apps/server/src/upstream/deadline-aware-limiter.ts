import { RateLimitError } from '@conduit/protocol';
import { RateLimiter, type RateLimiterOptions, type RateLimitPermit } from '@conduit/transport';
import { currentUpstreamScope } from './upstream-call-scope';

/**
 * The share of a connector's upstream budget (requests per window and concurrent requests) that
 * interactive calls keep: background work (a sync) may use the rest, never this. One fifth: a sync
 * still runs at four fifths of the upstream's rate, and an execute always finds a slot soon.
 */
export const INTERACTIVE_SHARE = 0.2;

/** What of a budget of `total` background work may not take: at least one slot once there are two. */
function reserved(total: number, share: number): number {
  if (!Number.isFinite(total)) return 0;
  return total < 2 ? 0 : Math.max(1, Math.floor(total * share));
}

function rateLimited(message: string, code: string, waitMs: number): RateLimitError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const text = `${message}; retry in ${seconds} s`;
  return new RateLimitError(text, {
    status: 429,
    code,
    retryAfterMs: seconds * 1000,
    details: [{ message: text, error_code: code }],
  });
}

/** Both permits of a background call, released together. */
function bothOf(background: RateLimitPermit, shared: RateLimitPermit): RateLimitPermit {
  return {
    release() {
      shared.release();
      background.release();
    },
  };
}

/**
 * A connector's upstream limiter, shared by its executes (interactive: inside an upstream call
 * scope, with a deadline) and its syncs (background: outside any), that keeps both honest:
 *
 * - An execute the budget cannot admit before its deadline is refused at once with 429 and
 *   `Retry-After` (`upstream_rate_limited` while the upstream paused the connector after its 429,
 *   `upstream_budget_exhausted` when this server's own budget is spent), instead of waiting its
 *   whole deadline and answering a 504 that blames an upstream it never called. Should the wait
 *   turn out longer than foreseen, the 429 comes at the deadline.
 * - Background calls also pass a second limiter of the budget less {@link INTERACTIVE_SHARE}, so a
 *   sync can never take the part interactive calls keep: an execute is not starved by a sync on
 *   the same connector.
 *
 * @example
 * ```ts
 * const limiter = new DeadlineAwareLimiter(module.rateLimit, module.displayName);
 * module.createExecutor({ credentials, rateLimit: limiter });
 * ```
 */
export class DeadlineAwareLimiter extends RateLimiter {
  readonly #vendor: string;
  /** The background part of the budget, or none when the budget is too small to split. */
  readonly #background: RateLimiter | undefined;

  constructor(options: RateLimiterOptions, vendor: string, interactiveShare = INTERACTIVE_SHARE) {
    super(options);
    this.#vendor = vendor;
    const requests = options.requestsPerInterval - reserved(options.requestsPerInterval, interactiveShare);
    const concurrent =
      options.maxConcurrent === undefined
        ? undefined
        : options.maxConcurrent - reserved(options.maxConcurrent, interactiveShare);
    this.#background =
      requests === options.requestsPerInterval && concurrent === options.maxConcurrent
        ? undefined
        : new RateLimiter({
            ...options,
            requestsPerInterval: requests,
            ...(concurrent === undefined ? {} : { maxConcurrent: concurrent }),
          });
  }

  override tryAcquire(signal?: AbortSignal): RateLimitPermit | undefined {
    // Background calls take two permits: `acquire` does, in order.
    if (currentUpstreamScope() === undefined && this.#background !== undefined) {
      signal?.throwIfAborted();
      return undefined;
    }
    return super.tryAcquire(signal);
  }

  override acquire(signal?: AbortSignal): Promise<RateLimitPermit> {
    const scope = currentUpstreamScope();
    if (scope === undefined) return this.#acquireBackground(signal);
    const leftMs = scope.deadlineAt - performance.now();
    const waitMs = this.minimumWaitMs();
    if (waitMs > 0 && waitMs >= leftMs) return Promise.reject(this.#refusal(waitMs));
    return this.#acquireBefore(leftMs, signal);
  }

  #refusal(waitMs: number): RateLimitError {
    return this.stats.pausedForMs > 0
      ? rateLimited(`${this.#vendor} is rate limiting this connector`, 'upstream_rate_limited', waitMs)
      : rateLimited(
          `this server's request budget for this ${this.#vendor} connector is spent`,
          'upstream_budget_exhausted',
          waitMs,
        );
  }

  /** Waits for a permit until `leftMs` passes, then refuses with 429 rather than letting the deadline answer 504. */
  async #acquireBefore(leftMs: number, signal: AbortSignal | undefined): Promise<RateLimitPermit> {
    const deadline = AbortSignal.timeout(Math.max(1, Math.ceil(leftMs)));
    try {
      return await super.acquire(signal === undefined ? deadline : AbortSignal.any([signal, deadline]));
    } catch (error) {
      if (deadline.aborted && !signal?.aborted) throw this.#refusal(Math.max(1, this.minimumWaitMs()));
      throw error;
    }
  }

  async #acquireBackground(signal: AbortSignal | undefined): Promise<RateLimitPermit> {
    if (this.#background === undefined) return super.acquire(signal);
    const background = await this.#background.acquire(signal);
    try {
      return bothOf(background, await super.acquire(signal));
    } catch (error) {
      background.release();
      throw error;
    }
  }
}
