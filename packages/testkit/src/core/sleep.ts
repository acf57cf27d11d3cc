/**
 * Waits `ms` milliseconds; zero or less resolves at once (a simulator's injected latency is
 * usually 0 and must not cost a timer tick per request).
 *
 * @example
 * ```ts
 * await sleep(latencyMs);
 * ```
 */
export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
