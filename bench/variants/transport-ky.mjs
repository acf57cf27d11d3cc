// Transport suite, baseline 2: bare ky with the retry and timeout options the transport uses by
// default (3 retries of the same methods and statuses, 10 s backoff cap with full jitter, 30 s
// timeout per attempt) and the same bearer header.
//   node transport-ky.mjs --url U --requests N --concurrency C [--heap 1 --heap-warmup W --heap-steps S]
import ky from 'ky';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs, runLoad, sampleHeap } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const client = ky.create({
  headers: { authorization: 'Bearer bench-token' },
  timeout: 30_000,
  retry: {
    limit: 3,
    methods: ['get', 'head', 'put', 'delete', 'options'],
    statusCodes: [408, 429, 500, 502, 503, 504],
    backoffLimit: 10_000,
    jitter: true,
  },
});
const send = () => client.get(args.url).json();

await reportProcess(async () =>
  args.heap
    ? sampleHeap(send, Number(args.requests), Number(args.concurrency), {
        warmup: Number(args['heap-warmup'] ?? 10_000),
        steps: Number(args['heap-steps'] ?? 8),
      })
    : { records: await runLoad(send, Number(args.requests), Number(args.concurrency)) },
);
