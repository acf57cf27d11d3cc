/**
 * Waits `ms` milliseconds. An abort, before or during the wait, rejects at once with the signal's
 * reason (the caller's `AbortError`), so backoff never outlives the caller's interest.
 *
 * @example
 * ```ts
 * await sleep(250, request.signal);
 * ```
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      globalThis.clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = globalThis.setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
