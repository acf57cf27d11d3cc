import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConduitError } from '@conduit/protocol';
import { DEFAULT_RETRY_OPTIONS } from '@conduit/transport';

/**
 * What the upstream calls of one execute request share while they run: the request's deadline and
 * the failure about to be retried. Cached executors serve many requests at once, so this travels
 * with the request's async context instead of living on the executor.
 */
export interface UpstreamCallScope {
  /** `performance.now()` at which the request's deadline passes. */
  readonly deadlineAt: number;
  /** The failure of the last upstream attempt the transport decided to retry. */
  lastRetryError: ConduitError | undefined;
}

const storage = new AsyncLocalStorage<UpstreamCallScope>();

/**
 * Runs `work` (an executor call) inside `scope`, so the transport's hooks and retry waits of the
 * upstream calls it makes can find the request they belong to.
 *
 * @example
 * ```ts
 * const record = await runInUpstreamScope({ deadlineAt: performance.now() + 30_000, lastRetryError: undefined }, () =>
 *   executor.execute(request, { signal }),
 * );
 * ```
 */
export function runInUpstreamScope<T>(scope: UpstreamCallScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/**
 * The scope of the execute request whose upstream call is running, if any (background work such
 * as a sync runs outside any).
 *
 * @example
 * ```ts
 * const scope = currentUpstreamScope();
 * if (scope) scope.lastRetryError = event.error;
 * ```
 */
export function currentUpstreamScope(): UpstreamCallScope | undefined {
  return storage.getStore();
}

/**
 * The retry wait of upstream transports: an ordinary sleep, unless the wait would end after the
 * request's deadline. Then there is no point waiting: it fails at once with the failure that was
 * about to be retried (an upstream 429 keeps its `Retry-After`, so the caller learns how long the
 * upstream wants it to wait).
 *
 * @example
 * ```ts
 * createLocalExecutor({ auth, retry: { sleep: deadlineAwareSleep } });
 * ```
 */
export function deadlineAwareSleep(ms: number, signal?: AbortSignal): Promise<void> {
  const scope = storage.getStore();
  if (scope?.lastRetryError !== undefined && performance.now() + ms > scope.deadlineAt) {
    return Promise.reject(scope.lastRetryError);
  }
  return DEFAULT_RETRY_OPTIONS.sleep(ms, signal);
}
