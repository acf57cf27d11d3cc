/**
 * Resolves after `ms`, or rejects with the signal's reason as soon as it aborts (Ctrl-C). The
 * timer keeps the process alive while it waits, as a poll between two requests must.
 *
 * @example
 * ```ts
 * await abortableSleep(500, context.signal);
 * ```
 */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
