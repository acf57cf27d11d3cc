// Transport suite, baseline 1: plain fetch + JSON.parse, the same headers as the others send.
//   node transport-fetch.mjs --url U --requests N --concurrency C [--heap 1 --heap-warmup W --heap-steps S]
import { reportProcess } from '../lib/measure.mjs';
import { readArgs, runLoad, sampleHeap } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const headers = { accept: 'application/json', authorization: 'Bearer bench-token' };
const send = async () => {
  const response = await fetch(args.url, { headers });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(await response.text());
};

await reportProcess(async () =>
  args.heap
    ? sampleHeap(send, Number(args.requests), Number(args.concurrency), {
        warmup: Number(args['heap-warmup'] ?? 10_000),
        steps: Number(args['heap-steps'] ?? 8),
      })
    : { records: await runLoad(send, Number(args.requests), Number(args.concurrency)) },
);
