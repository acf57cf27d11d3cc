// Transport suite, the subject: @conduit/transport with bearer auth, its default retry policy, a
// limiter whose limits are never reached, and a no-op logging hook on every event.
//   node transport-conduit.mjs --url U --requests N --concurrency C [--heap 1 --heap-warmup W --heap-steps S]
import { bearerAuth, createTransport } from '@conduit/transport';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs, runLoad, sampleHeap } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const target = new URL(args.url);
const noop = () => undefined;
const transport = createTransport({
  baseUrl: `${target.origin}/api`,
  auth: bearerAuth('bench-token'),
  limiter: { requestsPerInterval: 1_000_000_000, intervalMs: 1_000, maxConcurrent: 10_000 },
  hooks: { onRequest: noop, onResponse: noop, onRetry: noop, onError: noop },
  userAgent: 'conduit-bench/0',
});
const path = target.pathname.replace(/^\/api/, '');
const send = () => transport.json({ path });

await reportProcess(async () =>
  args.heap
    ? sampleHeap(send, Number(args.requests), Number(args.concurrency), {
        warmup: Number(args['heap-warmup'] ?? 10_000),
        steps: Number(args['heap-steps'] ?? 8),
      })
    : { records: await runLoad(send, Number(args.requests), Number(args.concurrency)) },
);
