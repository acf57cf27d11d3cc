/**
 * Polls `read` every 25 ms until `done` holds, and returns that value; throws with the last value
 * after `timeoutMs` (default 20 s). Tests wait for conditions, never for fixed sleeps.
 *
 * @example
 * ```ts
 * const summary = await until(readSummary, (value) => value.last_success_at !== null);
 * ```
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
