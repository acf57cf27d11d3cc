// The rate-limited gets of the connector suites: a connector created with its limiter set to the
// simulator's (scaled) quota, `--concurrency` workers getting every id of the `--ids` file, and
// the 429s (and other retries) counted through the hooks. The connector is created outside the
// measured span; the gets are inside it.
import { readFileSync } from 'node:fs';
import { reportProcess } from '../../lib/measure.mjs';

/**
 * `connect({ rateLimit, hooks })` creates the connector; `getOne(connector, id)` gets one record
 * and answers whether it is the one asked for. Reports { ok, failed, failures, retried429,
 * retriedOther }, failures keyed by status or error code.
 */
export async function reportRateLimitedGets(args, connect, getOne) {
  const ids = JSON.parse(readFileSync(args.ids, 'utf8'));
  const concurrency = Number(args.concurrency);
  let retried429 = 0;
  let retriedOther = 0;
  const connector = connect({
    rateLimit: {
      requestsPerInterval: Number(args.requests),
      intervalMs: Number(args['interval-ms']),
      maxConcurrent: concurrency,
    },
    hooks: {
      onRetry: ({ status }) => {
        if (status === 429) retried429 += 1;
        else retriedOther += 1;
      },
    },
  });
  await reportProcess(async () => {
    let next = 0;
    let ok = 0;
    const failures = {};
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next];
        next += 1;
        try {
          if (await getOne(connector, id)) ok += 1;
        } catch (error) {
          const key = error?.status ?? error?.code ?? 'error';
          failures[key] = (failures[key] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const failed = Object.values(failures).reduce((sum, count) => sum + count, 0);
    return { ok, failed, failures, retried429, retriedOther };
  });
}
