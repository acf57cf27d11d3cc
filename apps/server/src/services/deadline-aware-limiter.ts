import { RateLimitError } from '@conduit/protocol';
import { RateLimiter, type RateLimiterOptions, type RateLimitPermit } from '@conduit/transport';
import { currentUpstreamScope } from '../execute/upstream-call-scope';

/**
 * A connector's upstream limiter that tells an execute request at once when the upstream has
 * paused the connector for longer than the request may wait. A sync that met an upstream 429
 * pauses everyone sharing the limiter for the upstream's `Retry-After`; an execute queued behind
 * that pause would otherwise wait its whole deadline and answer 504. Outside a request (a sync)
 * it waits as any limiter does.
 *
 * @example
 * ```ts
 * const limiter = new DeadlineAwareLimiter(module.rateLimit, module.displayName);
 * module.createExecutor({ credentials, rateLimit: limiter });
 * ```
 */
export class DeadlineAwareLimiter extends RateLimiter {
  readonly #vendor: string;

  constructor(options: RateLimiterOptions, vendor: string) {
    super(options);
    this.#vendor = vendor;
  }

  override acquire(signal?: AbortSignal): Promise<RateLimitPermit> {
    const scope = currentUpstreamScope();
    const pausedForMs = scope === undefined ? 0 : this.stats.pausedForMs;
    if (scope !== undefined && pausedForMs > 0 && performance.now() + pausedForMs > scope.deadlineAt) {
      const seconds = Math.max(1, Math.ceil(pausedForMs / 1000));
      const message = `${this.#vendor} is rate limiting this connector; retry in ${seconds} s`;
      return Promise.reject(
        new RateLimitError(message, {
          status: 429,
          code: 'upstream_rate_limited',
          retryAfterMs: seconds * 1000,
          details: [{ message, error_code: 'upstream_rate_limited' }],
        }),
      );
    }
    return super.acquire(signal);
  }
}
