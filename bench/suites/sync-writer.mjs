// The sync writer's throughput: records/s written into a fresh store through
// `SearchIndexWriter.upsert`, at the transaction sizes a sync uses: one page of 100 (a sync's
// commit before group commit, and now when a single listing runs), 8 pages of 100 (a group commit
// of the default 8 listings) and 10,000 (the bench's bulk load). Each measurement in a process of
// its own, repetitions interleaved.
//   node bench/run.mjs sync-writer      (SYNC_WRITER_TASKS=20000, SYNC_WRITER_REPEATS=2)
//   SYNC_WRITER_BASELINE=/path/to/other/apps/server/dist/index.js compares another build in the same run
import { execFile } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fixed, median, table } from '../lib/stats.mjs';
import { countsFor } from './search/dataset.mjs';

export const title = 'Sync writer throughput (issue 30, scale)';

const TASKS = Number(process.env.SYNC_WRITER_TASKS ?? 20_000);
const REPEATS = Number(process.env.SYNC_WRITER_REPEATS ?? 2);
const BASELINE = process.env.SYNC_WRITER_BASELINE;
const variant = join(import.meta.dirname, '..', 'variants', 'sync-writer-load.mjs');
const indexCost = join(import.meta.dirname, '..', 'variants', 'sync-writer-index-cost.mjs');
const INDEX_COST_ROUNDS = 3;
const execFileAsync = promisify(execFile);

async function measure(kind, perTx, build) {
  const args = [variant, kind, String(TASKS), String(perTx), ...(build === 'this' ? [] : [build])];
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

function loadAverage() {
  return Promise.resolve(
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / '),
  );
}

async function measureAll() {
  const configs = [];
  for (const kind of ['sqlite', 'postgres']) {
    if (BASELINE) {
      configs.push({ kind, perTx: 100, build: BASELINE, label: 'before (base build)' });
      configs.push({ kind, perTx: 10_000, build: BASELINE, label: 'before (base build)' });
    }
    for (const perTx of [100, 800, 10_000]) configs.push({ kind, perTx, build: 'this', label: 'this build' });
  }
  const results = new Map(configs.map((config) => [config, []]));
  const loads = [await loadAverage()];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    // Rotate the order so drifts of the machine's load fall on every variant alike.
    const order = configs.map((_, index) => configs[(index + repeat) % configs.length]);
    for (const config of order) {
      process.stderr.write(`bench: sync-writer: ${config.kind} ${config.perTx}/tx ${config.label}\n`);
      const result = await measure(config.kind, config.perTx, config.build);
      process.stderr.write(`bench: sync-writer:   ${JSON.stringify(result)}\n`);
      results.get(config).push(result);
    }
    loads.push(await loadAverage());
  }
  const rows = configs.map((config) => {
    const runs = results.get(config);
    const rates = runs.map((result) => result.records / result.seconds);
    const cpu = runs.map((result) => (result.clientCpuSeconds * 1e6) / result.records);
    return [
      config.kind,
      config.label,
      config.perTx.toLocaleString('en'),
      runs[0].records.toLocaleString('en'),
      fixed(median(rates), 0),
      rates.map((rate) => fixed(rate, 0)).join(', '),
      fixed(median(cpu), 0),
      config.kind === 'postgres' ? '20,000' : '10,000',
    ];
  });
  return { rows, loads };
}

/** Where a PostgreSQL write's time goes: the same rows inserted with groups of indexes dropped. */
async function measureIndexCost() {
  const { stdout } = await execFileAsync(
    process.execPath,
    [indexCost, String(TASKS), String(INDEX_COST_ROUNDS)],
    { maxBuffer: 1 << 20 },
  );
  const { rows, ms } = JSON.parse(stdout.trim().split('\n').at(-1));
  const all = median(ms['every index']);
  return table(
    [
      'indexes of search_records',
      'ms (median)',
      'each round',
      'records/s',
      'share of the time with every index',
    ],
    Object.entries(ms).map(([name, times]) => [
      name,
      fixed(median(times), 0),
      times.map((time) => fixed(time, 0)).join(', '),
      fixed(rows / (median(times) / 1000), 0),
      fixed(median(times) / all, 2),
    ]),
  );
}

/**
 * The load the run saw, said as it was: the absolute rates are only comparable within one run when
 * other work shared the machine (a 1-minute load above the core count).
 */
function loadNote(loads) {
  const cores = os.availableParallelism();
  const peak = Math.max(...loads.map((load) => Number(String(load).split(' / ')[0])));
  const seen = `load average, 1 / 5 / 15 min, before and after each round: ${loads.join(' → ')}, on ${cores} cores`;
  return peak > cores
    ? `**The machine was heavily loaded by other work during this run** (${seen}), so the absolute rates are below what the same code does on an idle machine; compare rows of one run only.`
    : `The machine was not otherwise busy (${seen}).`;
}

export async function run() {
  const { rows, loads } = await measureAll();
  process.stderr.write('bench: sync-writer: index cost on postgres\n');
  const indexes = await measureIndexCost();
  const counts = countsFor(TASKS);
  return [
    `The search benchmark's synthetic account at ${TASKS.toLocaleString('en')} tasks (${Object.values(counts)
      .reduce((a, b) => a + b, 0)
      .toLocaleString(
        'en',
      )} records of every entity), written into a fresh store (a temporary SQLite file; a new schema of the local PostgreSQL 15) through \`SearchIndexWriter.upsert\`, one upsert per transaction of the size given. ${REPEATS} repetition${REPEATS === 1 ? '' : 's'} per row, interleaved in rotating order, each in a process of its own; records/s is the median. Client CPU is the writing process's own (the database server's is not in it).`,
    '',
    table(
      [
        'store',
        'build',
        'records / transaction',
        'records',
        'records/s (median)',
        'each run',
        'client CPU µs/record',
        'target records/s',
      ],
      rows,
    ),
    '',
    `Where a write's time goes on PostgreSQL: the ${TASKS.toLocaleString('en')} tasks of the account, copied under new ids, inserted again with one \`INSERT … SELECT\` (no client, no JSON parsing: only the table and its indexes), with every index and with groups of them dropped inside the same rolled-back transaction; ${INDEX_COST_ROUNDS} rounds, interleaved:`,
    '',
    indexes,
    '',
    loadNote(loads),
  ].join('\n');
}
