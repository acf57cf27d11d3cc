// Tracing suite, the subject: the transport suite's @conduit/transport client (bearer auth, the
// default retry policy, a limiter never reached) in one of three tracing states:
//   off        createTransport({ tracing: false }): no tracing layer at all
//   noop       the default, with no OpenTelemetry SDK registered: what every user without one pays
//   recording  an SDK registered (NodeTracerProvider, a batch processor, an exporter that drops)
//   node tracing-transport.mjs --url U --requests N --concurrency C --tracing off|noop|recording
import { bearerAuth, createTransport } from '@conduit/transport';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs, runLoad } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const mode = args.tracing;
if (!['off', 'noop', 'recording'].includes(mode))
  throw new Error(`--tracing off|noop|recording, not ${mode}`);
let spans = 0;
let provider;
if (mode === 'recording') {
  const { BatchSpanProcessor, NodeTracerProvider } = await import('@opentelemetry/sdk-trace-node');
  // Counts and drops: the cost measured is recording and batching spans, not a collector's I/O.
  const exporter = {
    export(batch, done) {
      spans += batch.length;
      done({ code: 0 });
    },
    shutdown: async () => undefined,
  };
  provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
  provider.register();
}
const target = new URL(args.url);
const transport = createTransport({
  baseUrl: `${target.origin}/api`,
  auth: bearerAuth('bench-token'),
  limiter: { requestsPerInterval: 1_000_000_000, intervalMs: 1_000, maxConcurrent: 10_000 },
  userAgent: 'conduit-bench/0',
  ...(mode === 'off' ? { tracing: false } : {}),
});
const path = target.pathname.replace(/^\/api/, '');

// The flush is inside the measured work: exporting the last batch is part of what recording costs.
await reportProcess(async () => {
  const records = await runLoad(
    () => transport.json({ path }),
    Number(args.requests),
    Number(args.concurrency),
  );
  await provider?.forceFlush();
  return { records, spans };
});
