// Where the 200,000-task listing of the Asana suite spends its time, layer by layer: the platform's
// fetch, ky on it (configured as the transport configures it), the whole transport with paginate(),
// and the connector; the official SDK alongside, as the reference the targets are set against. Every variant lists the same project in a process of its own against one simulator
// process; the differences between neighbouring rows are what each layer adds. See bench/README.md.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureProcess, WARMUP_PAGES } from '../lib/measure.mjs';
import { fixed, median, table } from '../lib/stats.mjs';
import { startServerProcess } from '../variants/support/child-server.mjs';

export const title =
  'Layers of the Asana listing: what each one adds (issues "The task-management connector", "Hosted mode")';

const TASKS = 200_000;
const PAGES = TASKS / 100;
// Nine, not five: CPU ratios of two quiet runs of the same code differed by 0.15 with five.
const REPETITIONS = 9;

// The layers, each walking the listing the same way: page by page, a plain loop over each page's
// records (the ky and fetch rows cannot do otherwise), so two neighbouring rows differ by one layer
// and nothing else. Until 2026-11-26 the transport and connector rows iterated with `for await` over
// every task while the rows under them looped over pages, which put the cost of an awaited step
// per record (about 15 µs per page) on the transport's layers.
const VARIANTS = [
  { id: 'fetch', label: 'plain `fetch` + `JSON.parse`', script: 'asana-list-fetch.mjs' },
  {
    id: 'ky',
    label: '`ky` on the platform fetch (retries, jitter, timeout on, as the transport sets them)',
    script: 'layers-ky.mjs',
  },
  {
    id: 'transport',
    label: '`@conduit/transport` + `paginate().pages()`',
    script: 'layers-transport.mjs',
  },
  {
    id: 'conduit-pages',
    label: '`@conduit/asana` `project_tasks.list(…).pages()`',
    script: 'asana-list-conduit-pages.mjs',
  },
];
// Not layers: the connector's listing walked with `for await` over every task (the idiom of its
// docs; its "added" column is against the page walk above it), and the reference the issue's
// targets compare against, measured in the same run.
const ITEM_WALK = {
  id: 'conduit',
  label: '`@conduit/asana` `project_tasks.list(…)`, `for await` over every task (not a layer)',
  script: 'asana-list-conduit.mjs',
};
const OFFICIAL = {
  id: 'official',
  label: 'official SDK `asana` 3.2.0 (nextPage), reference',
  script: 'asana-list-official.mjs',
};
const REFERENCES = [ITEM_WALK, OFFICIAL];
const MEASURED = [...VARIANTS, ...REFERENCES];
// Issue "One HTTP stack": the transport's own layers (between ky and the connector) add at most
// this share of the connector's total CPU.
const TRANSPORT_SHARE_TARGET = 0.1;

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
  const runs = Object.fromEntries(MEASURED.map((variant) => [variant.id, []]));
  try {
    for (let repetition = 0; repetition < REPETITIONS; repetition += 1) {
      const order = MEASURED.map((_, index) => MEASURED[(index + repetition) % MEASURED.length]);
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
  const rows = MEASURED.map((variant, index) => {
    const previous =
      variant === ITEM_WALK
        ? 'conduit-pages'
        : index > 0 && variant !== OFFICIAL
          ? MEASURED[index - 1].id
          : undefined;
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
      fixed(metric(variant.id, 'cpuMs') / metric('official', 'cpuMs')),
      addedCpu === undefined ? '' : `${addedCpu >= 0 ? '+' : ''}${fixed((addedCpu * 1000) / PAGES, 0)}`,
      addedRss === undefined ? '' : `${addedRss >= 0 ? '+' : ''}${fixed(addedRss, 0)}`,
    ];
  });

  const transportAdded = metric('transport', 'cpuMs') - metric('ky', 'cpuMs');
  const transportShare = transportAdded / metric('conduit-pages', 'cpuMs');
  const kyFloor = metric('ky', 'cpuMs') / metric('official', 'cpuMs');
  const share = table(
    ['measure', 'value', 'target', 'verdict'],
    [
      [
        "transport's own layers (transport row − ky row) / the connector's CPU (page walk)",
        fixed(transportShare),
        `≤ ${TRANSPORT_SHARE_TARGET}`,
        transportShare <= TRANSPORT_SHARE_TARGET ? 'PASS' : 'MISS',
      ],
      [
        'floor: ky on the platform fetch, CPU / official SDK CPU',
        fixed(kyFloor),
        '(the connector must stay ≤ 1.0: a floor above it says the target is out of reach)',
        kyFloor <= 1 ? 'under the SDK' : 'ABOVE the SDK',
      ],
      ...[
        ['conduit-pages', 'connector CPU / official SDK CPU (page by page, as the SDK walks)'],
        ['conduit', 'connector CPU / official SDK CPU (`for await` over every task)'],
      ].map(([id, measure]) => [
        measure,
        fixed(metric(id, 'cpuMs') / metric('official', 'cpuMs')),
        '≤ 1.0',
        metric(id, 'cpuMs') <= metric('official', 'cpuMs') ? 'PASS' : 'MISS',
      ]),
    ],
  );

  // Where the CPU goes: the main thread (the JavaScript of every layer, the HTTP parser, the
  // scavenger's main-thread part) and the rest of the process (V8's optimizing compilers and the
  // garbage collector's helper threads), whole listing and per page once warm.
  const threads = table(
    [
      'variant',
      'CPU (ms)',
      'main thread (ms)',
      'other threads (ms)',
      'main thread / official',
      `CPU per page after page ${WARMUP_PAGES} (µs)`,
      'the same / official',
      `main-thread CPU per page after page ${WARMUP_PAGES} (µs)`,
      'the same / official',
    ],
    MEASURED.map((variant) => [
      variant.label,
      fixed(metric(variant.id, 'cpuMs'), 0),
      fixed(metric(variant.id, 'mainThreadCpuMs'), 0),
      fixed(median(runs[variant.id].map((r) => r.cpuMs - r.mainThreadCpuMs)), 0),
      fixed(metric(variant.id, 'mainThreadCpuMs') / metric('official', 'mainThreadCpuMs')),
      fixed(metric(variant.id, 'steadyCpuPerPageUs'), 0),
      fixed(metric(variant.id, 'steadyCpuPerPageUs') / metric('official', 'steadyCpuPerPageUs')),
      fixed(metric(variant.id, 'steadyMainThreadCpuPerPageUs'), 0),
      fixed(
        metric(variant.id, 'steadyMainThreadCpuPerPageUs') /
          metric('official', 'steadyMainThreadCpuPerPageUs'),
      ),
    ]),
  );

  return `Every variant lists all ${TASKS.toLocaleString('en-US')} tasks of one project (${PAGES} pages of 100, the
connector's \`opt_fields\`) from \`conduit-asana-simulator --project-tasks ${TASKS} --rate-limit off\` in its own
process, counting records; ${REPETITIONS} processes per variant, interleaved in rotating order, medians. CPU is the
client process's from the first request to the last record; peak memory its peak RSS. Every layer walks the
listing page by page with a plain loop over each page's records, as the SDK's \`nextPage()\` walk does, so
"added" (per page for CPU) is what a layer adds to the one under it and nothing else; the \`for await\` row
is the same connector listing iterated record by record (its "added" is against the page walk), and the
official SDK is not a layer.

${table(
  [
    'variant',
    'wall (ms)',
    'CPU (ms)',
    'CPU per page (µs)',
    'peak RSS (MB)',
    'CPU / plain fetch',
    'CPU / official',
    'added CPU per page (µs)',
    'added peak RSS (MB)',
  ],
  rows,
)}

${share}

Where the CPU goes: the main thread runs the JavaScript of every layer (the platform's fetch and
its HTTP parser included); the process's other threads are V8's optimizing compilers and the
garbage collector's helpers, which the whole-process CPU above counts too. "After page ${WARMUP_PAGES}" is
the CPU per page over the rest of the listing, once the code on the path has been compiled and
optimized (medians over the same processes, "other threads" the median of each process's whole minus its main thread,
so the medians of the parts need not add up to the median of the whole). Node.js before 23.9 has no
\`process.threadCpuUsage\`: there the main-thread figures read NaN.

${threads}

The ky row is the floor under the transport: ky used as designed on the platform's fetch, before any
of the transport's own layers (auth, retry policy, limiter, events, error mapping, buffering each
attempt's body, pagination) and the connector's (parameter rules, record checks).`;
}
