import { runInUpstreamScope, type UpstreamCallScope } from '../upstream/upstream-call-scope';

/**
 * The time an execute request may spend on the upstream, and the signal its upstream calls get:
 * aborted when the caller goes away or, until the response starts, when the deadline passes
 * (with the error `onExpiry` makes, a 504).
 *
 * @example
 * ```ts
 * const deadline = new RequestDeadline(c.req.raw.signal, 30_000, () => upstreamTimeout(connectorKind(type).vendor, 30_000));
 * try {
 *   return await deadline.run(() => executor.execute(request, { signal: deadline.signal }));
 * } finally {
 *   deadline.disarm();
 * }
 * ```
 */
export class RequestDeadline {
  /** For the upstream calls: the caller's signal and the deadline's. */
  readonly signal: AbortSignal;
  readonly #scope: UpstreamCallScope;
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(callerSignal: AbortSignal, timeoutMs: number, onExpiry: () => unknown) {
    // One controller that both the caller and the timer abort: cheaper per request than
    // `AbortSignal.any`, which tracks its sources through weak references.
    const controller = new AbortController();
    this.#scope = { deadlineAt: performance.now() + timeoutMs, lastRetryError: undefined };
    if (callerSignal.aborted) controller.abort(callerSignal.reason);
    else {
      callerSignal.addEventListener('abort', () => controller.abort(callerSignal.reason), { once: true });
    }
    this.#timer = setTimeout(() => controller.abort(onExpiry()), timeoutMs);
    this.signal = controller.signal;
  }

  /** Runs the upstream work inside the request's {@link UpstreamCallScope}. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return runInUpstreamScope(this.#scope, work);
  }

  /**
   * Stops the deadline: the answer is ready, or a download's headers arrived and its body may take
   * longer than the deadline (the transport's idle timeout still guards it). The caller's signal
   * keeps cancelling the upstream.
   */
  disarm(): void {
    clearTimeout(this.#timer);
  }
}
