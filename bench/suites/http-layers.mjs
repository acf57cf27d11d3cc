// Where the 200,000-task listing of the Asana suite spends its time, layer by layer: plain fetch,
// the transport's node:http fetch alone, ky over it, the whole transport with paginate(), and the
// connector. Every variant lists the same project in a process of its own against one simulator
// process; the differences between neighbouring rows are what each layer adds. See bench/README.md.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureProcess } from '../lib/measure.mjs';
import { fixed, median, table } from '../lib/stats.mjs';
import { startServerProcess } from '../variants/support/child-server.mjs';

export const title =
  'Layers of the Asana listing: what each one adds (issues "The task-management connector", "Hosted mode")';

const TASKS = 200_000;
const PAGES = TASKS / 100;
const REPETITIONS = 5;

const VARIANTS = [
  { id: 'fetch', label: 'plain `fetch` + `JSON.parse`', script: 'asana-list-fetch.mjs' },
  { id: 'node', label: '`createNodeHttpFetch()` + `JSON.parse`', script: 'layers-node-fetch.mjs' },
  {
    id: 'ky',
    label: '`ky` (retries and timeouts off) over `createNodeHttpFetch()`',
    script: 'layers-ky.mjs',
  },
  {
    id: 'transport',
    label: '`@conduit/transport` + `paginate()`, `for await`',
    script: 'layers-transport.mjs',
  },
  {
    id: 'conduit',
    label: '`@conduit/asana` `project_tasks.list`, `for await`',
    script: 'asana-list-conduit.mjs',
  },
];

const here = import.meta.dirname;
const variantsDir = join(here, '..', 'variants');
const simulatorScript = join(
  dirname(fileURLToPath(import.meta.resolve('@conduit/testkit/package.json'))),
  'dist',
  'asana-simulator.js',
);
const log = (line) => process.stderr.write(`  http-layers: ${line}\n`);

export async function run() {
  const simulator = await startServerProcess(simulatorScript, [
    '--project-tasks',
    String(TASKS),
    '--rate-limit',
    'off',
  ]);
  const { baseUrl, token, projectGid } = simulator.ready;
  const runs = Object.fromEntries(VARIANTS.map((variant) => [variant.id, []]));
  try {
    for (let repetition = 0; repetition < REPETITIONS; repetition += 1) {
      const order = VARIANTS.map((_, index) => VARIANTS[(index + repetition) % VARIANTS.length]);
      for (const variant of order) {
        const result = await measureProcess(
          join(variantsDir, variant.script),
          ['--base-url', baseUrl, '--project', projectGid],
          { env: { ASANA_TOKEN: token } },
        );
        if (result.records !== TASKS) throw new Error(`${variant.id} counted ${result.records} tasks`);
        runs[variant.id].push(result);
        log(
          `#${repetition + 1} ${variant.id}: cpu ${fixed(result.cpuMs, 0)} ms, rss ${fixed(result.peakRssMb, 0)} MB`,
        );
      }
    }
  } finally {
    await simulator.stop();
  }

  const metric = (id, key) => median(runs[id].map((r) => r[key]));
  const rows = VARIANTS.map((variant, index) => {
    const previous = index > 1 ? VARIANTS[index - 1].id : undefined;
    const addedCpu =
      previous === undefined ? undefined : metric(variant.id, 'cpuMs') - metric(previous, 'cpuMs');
    const addedRss =
      previous === undefined ? undefined : metric(variant.id, 'peakRssMb') - metric(previous, 'peakRssMb');
    return [
      variant.label,
      fixed(metric(variant.id, 'wallMs'), 0),
      fixed(metric(variant.id, 'cpuMs'), 0),
      fixed((metric(variant.id, 'cpuMs') * 1000) / PAGES, 0),
      fixed(metric(variant.id, 'peakRssMb'), 0),
      fixed(metric(variant.id, 'cpuMs') / metric('fetch', 'cpuMs')),
      addedCpu === undefined ? '' : `${addedCpu >= 0 ? '+' : ''}${fixed((addedCpu * 1000) / PAGES, 0)}`,
      addedRss === undefined ? '' : `${addedRss >= 0 ? '+' : ''}${fixed(addedRss, 0)}`,
    ];
  });

  return `Every variant lists all ${TASKS.toLocaleString('en-US')} tasks of one project (${PAGES} pages of 100, the
connector's \`opt_fields\`) from \`conduit-asana-simulator --project-tasks ${TASKS} --rate-limit off\` in its own
process, counting records; ${REPETITIONS} processes per variant, interleaved in rotating order, medians. CPU is the
client process's from the first request to the last record; peak memory its peak RSS. "Added" compares a
row with the one above it (from the node:http row on), per page for CPU.

${table(
  [
    'variant',
    'wall (ms)',
    'CPU (ms)',
    'CPU per page (µs)',
    'peak RSS (MB)',
    'CPU / plain fetch',
    'added CPU per page (µs)',
    'added peak RSS (MB)',
  ],
  rows,
)}

The node:http row is the floor under the transport; the ky row is what the transport's HTTP library
costs on top of it, before any of the transport's own work (auth, retry policy, limiter, deadlines,
error mapping, pagination) and the connector's (parameter rules, record checks).`;
}
