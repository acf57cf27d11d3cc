/**
 * The flags a connector's rate-limited get variant reads (`variants/support/rate-limited-gets.mjs`):
 * its limiter's budget, `requests` per `intervalMs`, and `concurrency` workers (also its limiter's
 * `maxConcurrent`).
 */
export function limiterFlags({ requests, intervalMs, concurrency }) {
  return [
    '--requests',
    String(requests),
    '--interval-ms',
    String(intervalMs),
    '--concurrency',
    String(concurrency),
  ];
}
