// What OpenTelemetry tracing costs a transport call (issue 31): the same client with no tracing
// layer, with the layer and no SDK registered (every user who never set up OpenTelemetry), and
// with an SDK recording every span. Same fixture server and request loop as the transport suite;
// each variant in a fresh process of its own, interleaved. See bench/README.md.
import { join } from 'node:path';
import { measureProcess } from '../lib/measure.mjs';
import { fixed, median, table } from '../lib/stats.mjs';
import { startServerProcess } from '../variants/support/child-server.mjs';

export const title = 'Tracing: the cost of spans per transport call, off / no SDK / recording (issue 31)';

const REQUESTS = 10_000;
const REPETITIONS = 7;
const CONCURRENCIES = [1, 32];
// With no SDK registered, the layer starts one non-recording span per call and stops there; it
// should cost under 3% of a call. Recording has no target: it is the user's choice to pay for it.
const TARGET_NOOP_VS_OFF = 1.03;

const script = join(import.meta.dirname, '..', 'variants', 'tracing-transport.mjs');
const MODES = [
  { id: 'off', label: '`tracing: false` (no layer)' },
  { id: 'noop', label: 'default, no OpenTelemetry SDK registered' },
  { id: 'recording', label: 'SDK registered, every span recorded and exported' },
];
const log = (line) => process.stderr.write(`  tracing: ${line}\n`);

export async function run() {
  const server = await startServerProcess(
    join(import.meta.dirname, '..', 'variants', 'support', 'json-server.mjs'),
  );
  const { url, bytes, items } = server.ready;
  try {
    const runs = {};
    for (const concurrency of CONCURRENCIES) {
      runs[concurrency] = Object.fromEntries(MODES.map((mode) => [mode.id, []]));
      for (let repetition = 0; repetition < REPETITIONS; repetition += 1) {
        const order = MODES.map((_, index) => MODES[(index + repetition) % MODES.length]);
        for (const mode of order) {
          const result = await measureProcess(script, [
            '--url',
            url,
            '--requests',
            String(REQUESTS),
            '--concurrency',
            String(concurrency),
            '--tracing',
            mode.id,
          ]);
          if (result.records !== REQUESTS * items) {
            throw new Error(`${mode.id} parsed ${result.records} records, expected ${REQUESTS * items}`);
          }
          if (mode.id === 'recording' && result.spans !== REQUESTS) {
            throw new Error(`recording exported ${result.spans} spans, expected ${REQUESTS}`);
          }
          runs[concurrency][mode.id].push(result);
          log(`c=${concurrency} #${repetition + 1} ${mode.id}: cpu ${fixed(result.cpuMs, 0)} ms`);
        }
      }
    }
    return report(runs, bytes);
  } finally {
    await server.stop();
  }
}

function report(runs, bytes) {
  const rows = [];
  const verdicts = [];
  for (const concurrency of CONCURRENCIES) {
    const cpu = (id) => median(runs[concurrency][id].map((r) => r.cpuMs));
    for (const mode of MODES) {
      const results = runs[concurrency][mode.id];
      rows.push([
        mode.label,
        String(concurrency),
        fixed(median(results.map((r) => r.wallMs)), 0),
        fixed(cpu(mode.id), 0),
        fixed((cpu(mode.id) * 1000) / REQUESTS, 1),
        fixed(cpu(mode.id) / cpu('off')),
        fixed(median(results.map((r) => r.peakRssMb)), 0),
      ]);
    }
    const paired = runs[concurrency].noop.map((r, index) => r.cpuMs / runs[concurrency].off[index].cpuMs);
    const ratio = cpu('noop') / cpu('off');
    verdicts.push([
      `no SDK: CPU ≤ ${TARGET_NOOP_VS_OFF}× no layer, concurrency ${concurrency}`,
      `${fixed(ratio)}× (per-repetition ${fixed(Math.min(...paired))}–${fixed(Math.max(...paired))})`,
      ratio <= TARGET_NOOP_VS_OFF ? 'PASS' : 'MISS',
    ]);
  }
  return `
GET of a ${bytes}-byte JSON body from a node:http server (own process, keep-alive) on 127.0.0.1,
${REQUESTS.toLocaleString('en-US')} requests per process through \`@conduit/transport\` (bearer
auth, default retries, a limiter never reached), every response parsed. Each cell is the median of
${REPETITIONS} processes, run interleaved in rotating order. "Recording" registers
\`NodeTracerProvider\` with a batch processor and an exporter that counts and drops (the run checks
that every call's span was exported), so it measures making spans, not a collector's I/O.

${table(
  [
    'tracing',
    'concurrency',
    'wall median (ms)',
    'CPU median (ms)',
    'CPU µs/request',
    'CPU vs off',
    'peak RSS median (MB)',
  ],
  rows,
)}

${table(['target', 'measured', 'verdict'], verdicts)}
`;
}
