// The transport's cost per request (issue "Foundation"): @conduit/transport with auth, retry,
// limiter and hooks on, beside plain fetch and bare ky, all against the same local fixture server
// (its own process), each variant in a fresh process of its own. See bench/README.md.
import { join } from 'node:path';
import { measureProcess } from '../lib/measure.mjs';
import { fixed, median, table } from '../lib/stats.mjs';
import { startServerProcess } from '../variants/support/child-server.mjs';

export const title = 'Transport: cost per request (issue "Foundation")';

const REQUESTS = 10_000;
const REPETITIONS = 5;
const CONCURRENCIES = [1, 32];
const HEAP_REQUESTS = 150_000;
const HEAP_WARMUP = 10_000;
const HEAP_STEPS = 6;
const HEAP_CONCURRENCY = 32;
const TARGET_VS_KY = 1.15;
// The trend of the heap after GC, in bytes per request, that still counts as "does not grow": a
// leak of one small object per request would be tens of bytes.
const HEAP_BYTES_PER_REQUEST_LIMIT = 10;

const variantsDir = join(import.meta.dirname, '..', 'variants');
const VARIANTS = [
  { id: 'fetch', label: 'plain fetch + JSON.parse', script: join(variantsDir, 'transport-fetch.mjs') },
  { id: 'ky', label: 'bare ky (retry + timeout)', script: join(variantsDir, 'transport-ky.mjs') },
  {
    id: 'conduit',
    label: '@conduit/transport (auth, retry, limiter, hooks)',
    script: join(variantsDir, 'transport-conduit.mjs'),
  },
];

const log = (line) => process.stderr.write(`  transport: ${line}\n`);

export async function run() {
  const server = await startServerProcess(join(variantsDir, 'support', 'json-server.mjs'));
  const { url, bytes, items } = server.ready;
  try {
    /** runs[concurrency][variantId] = [{ wallMs, cpuMs, peakRssMb }] in repetition order */
    const runs = {};
    for (const concurrency of CONCURRENCIES) {
      runs[concurrency] = Object.fromEntries(VARIANTS.map((variant) => [variant.id, []]));
      for (let repetition = 0; repetition < REPETITIONS; repetition += 1) {
        // Interleaved, and the starting variant rotates, so drift in the machine's load spreads evenly.
        const order = VARIANTS.map((_, index) => VARIANTS[(index + repetition) % VARIANTS.length]);
        for (const variant of order) {
          const result = await measureProcess(variant.script, [
            '--url',
            url,
            '--requests',
            String(REQUESTS),
            '--concurrency',
            String(concurrency),
          ]);
          if (result.records !== REQUESTS * items) {
            throw new Error(`${variant.id} parsed ${result.records} records, expected ${REQUESTS * items}`);
          }
          runs[concurrency][variant.id].push(result);
          log(`c=${concurrency} #${repetition + 1} ${variant.id}: cpu ${fixed(result.cpuMs, 0)} ms`);
        }
      }
    }

    const heap = {};
    for (const variant of VARIANTS) {
      heap[variant.id] = await measureProcess(
        variant.script,
        [
          '--url',
          url,
          '--requests',
          String(HEAP_REQUESTS),
          '--concurrency',
          String(HEAP_CONCURRENCY),
          '--heap',
          '1',
          '--heap-warmup',
          String(HEAP_WARMUP),
          '--heap-steps',
          String(HEAP_STEPS),
        ],
        { env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() } },
      );
      log(`heap ${variant.id}: ${JSON.stringify(heap[variant.id])}`);
    }

    return report({ runs, heap, bytes });
  } finally {
    await server.stop();
  }
}

function report({ runs, heap, bytes }) {
  const rows = [];
  const verdicts = [];
  for (const concurrency of CONCURRENCIES) {
    const cpu = (id) => median(runs[concurrency][id].map((r) => r.cpuMs));
    for (const variant of VARIANTS) {
      const results = runs[concurrency][variant.id];
      const cpuMs = cpu(variant.id);
      rows.push([
        variant.label,
        String(concurrency),
        fixed(median(results.map((r) => r.wallMs)), 0),
        fixed(cpuMs, 0),
        fixed((cpuMs * 1000) / REQUESTS, 1),
        fixed(cpuMs / cpu('fetch')),
        fixed(cpuMs / cpu('ky')),
        fixed(median(results.map((r) => r.peakRssMb)), 0),
      ]);
    }
    // The same ratio per repetition (the variants of one repetition ran back to back).
    const paired = runs[concurrency].conduit.map((r, index) => r.cpuMs / runs[concurrency].ky[index].cpuMs);
    const ratio = cpu('conduit') / cpu('ky');
    verdicts.push([
      `transport CPU ≤ ${TARGET_VS_KY}× bare ky, concurrency ${concurrency}`,
      `${fixed(ratio)}× (per-repetition ${fixed(Math.min(...paired))}–${fixed(Math.max(...paired))}, median ${fixed(median(paired))})`,
      ratio <= TARGET_VS_KY ? 'PASS' : 'MISS',
    ]);
  }

  const heapRows = VARIANTS.map((variant) => {
    const samples = heap[variant.id].heapSamples;
    const mb = (bytes) => fixed(bytes / 2 ** 20);
    const values = samples.map((sample) => sample.heapBytes);
    return [
      variant.label,
      samples.map((sample) => mb(sample.heapBytes)).join(' → '),
      `${mb(Math.min(...values))}–${mb(Math.max(...values))}`,
      fixed((values.at(-1) - values[0]) / 1024, 0),
      fixed(slope(samples), 2),
      fixed(heap[variant.id].peakRssMb, 0),
    ];
  });
  const trend = slope(heap.conduit.heapSamples);
  const conduitValues = heap.conduit.heapSamples.map((sample) => sample.heapBytes);
  verdicts.push([
    'transport heap does not grow over the run',
    `trend ${fixed(trend, 2)} B/request over ${HEAP_REQUESTS.toLocaleString('en-US')} requests (first → last sample ${fixed((conduitValues.at(-1) - conduitValues[0]) / 1024, 0)} KB); limit ${HEAP_BYTES_PER_REQUEST_LIMIT} B/request`,
    trend <= HEAP_BYTES_PER_REQUEST_LIMIT ? 'PASS' : 'MISS',
  ]);

  return `
GET of a ${bytes}-byte JSON body from a node:http server (own process, keep-alive) on 127.0.0.1,
${REQUESTS.toLocaleString('en-US')} requests per process, every response parsed. Each cell is the
median of ${REPETITIONS} processes, run interleaved (fetch, ky, transport in rotating order). CPU
is the client process's user + system time; wall and CPU exclude module loading; peak RSS is the
whole process's.

${table(
  [
    'variant',
    'concurrency',
    'wall median (ms)',
    'CPU median (ms)',
    'CPU µs/request',
    'CPU vs fetch',
    'CPU vs ky',
    'peak RSS median (MB)',
  ],
  rows,
)}

Heap after GC (\`--expose-gc\`, two full GCs per sample), one process per variant at concurrency
${HEAP_CONCURRENCY}: after a ${HEAP_WARMUP.toLocaleString('en-US')}-request warm-up, then after each
${(HEAP_REQUESTS / HEAP_STEPS).toLocaleString('en-US')} of ${HEAP_REQUESTS.toLocaleString('en-US')} more requests. The trend is the
least-squares slope of heap against requests: ky's and undici's pools and caches make single
samples wander by a few MB either way, which a start/end difference would mistake for growth.

${table(
  [
    'variant',
    'heap after GC (MB), sample by sample',
    'range (MB)',
    'last − first (KB)',
    'trend (B/request)',
    'peak RSS (MB)',
  ],
  heapRows,
)}

${table(['target', 'measured', 'verdict'], verdicts)}
`;
}

/** Least-squares slope of heap bytes against requests: bytes per request. */
function slope(samples) {
  const n = samples.length;
  const meanX = samples.reduce((sum, s) => sum + s.requests, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s.heapBytes, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const sample of samples) {
    numerator += (sample.requests - meanX) * (sample.heapBytes - meanY);
    denominator += (sample.requests - meanX) ** 2;
  }
  return numerator / denominator;
}
