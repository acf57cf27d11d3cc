// Search over synced data: query latencies over a million synced tasks on both stores, deep
// keyset paging, and sync throughput from the upstream simulator with and without its rate limit.
//   node bench/run.mjs search            (SEARCH_BENCH_TASKS=200000 for a smaller account)
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { SearchEngine } from '@conduit/server';
import { fixed, percentile, table } from '../lib/stats.mjs';
import { countsFor, seeded, userGid, vocabulary, zipf } from './search/dataset.mjs';
import { CONNECTOR_ID, isReady, openBenchStore, sqliteDir } from './search/stores.mjs';
import { measureSync } from './search/sync-throughput.mjs';

export const title = 'Search over synced data';

const TASKS = Number(process.env.SEARCH_BENCH_TASKS ?? 1_000_000);
const WARMUP = 10;
const RUNS = 40;
const TARGET = { connectorId: CONNECTOR_ID, entity: 'tasks', fields: SEARCHABLE_FIELDS.tasks };

function load(kind) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'search', 'load.mjs'), kind, String(TASKS)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim().split('\n').at(-1)))
        : reject(new Error(`loading ${kind} failed (${code})`)),
    );
  });
}

/** Generates the stores that are not cached yet, both at once (one process each). */
async function ensureStores() {
  const missing = [];
  for (const kind of ['sqlite', 'postgres']) if (!(await isReady(kind, TASKS))) missing.push(kind);
  if (missing.length === 0) return [];
  process.stderr.write(
    `bench: search: generating ${TASKS} tasks into ${missing.join(' and ')} (cached afterwards)…\n`,
  );
  return Promise.all(missing.map(load));
}

/** Query params of each family, drawn deterministically so both stores answer the same queries. */
function queryFamilies() {
  const random = seeded(99);
  const words = vocabulary();
  const counts = countsFor(TASKS);
  const pickUser = zipf(counts.users, random);
  const midWord = () => words[20 + Math.floor(random() * 2000)];
  const typo = () => {
    let word;
    do word = words[Math.floor(random() * 3000)];
    while (word.length < 5);
    const position = 1 + Math.floor(random() * (word.length - 2));
    const letter = 'aeioustrnl'[Math.floor(random() * 10)];
    return word.slice(0, position) + letter + word.slice(position + 1);
  };
  const day = (offset) => new Date(Date.parse('2025-06-01') + offset * 86_400_000).toISOString().slice(0, 10);
  const make = (build) => Array.from({ length: WARMUP + RUNS }, build);
  return {
    'filter + sort': make(() => {
      const from = Math.floor(random() * 300);
      return {
        query: {
          filter: {
            and: [
              { eq: { completed: false } },
              { eq: { 'assignee.gid': userGid(pickUser()) } },
              { gte: { due_on: day(from) } },
              { lte: { due_on: day(from + 90) } },
            ],
          },
          sort: [{ modified_at: 'desc' }],
        },
        limit: 50,
      };
    }),
    'keyword on name': make(() => ({
      query: { filter: { keyword: { name: `${midWord()} ${midWord()}` } } },
      limit: 50,
    })),
    'keyword on notes': make(() => ({ query: { filter: { keyword: { notes: midWord() } } }, limit: 50 })),
    'fuzzy on name': make(() => ({ query: { filter: { fuzzy: { name: typo() } } }, limit: 50 })),
    'fuzzy on notes': make(() => ({ query: { filter: { fuzzy: { notes: typo() } } }, limit: 50 })),
  };
}

async function timed(engine, params) {
  const started = performance.now();
  const page = await engine.search(TARGET, params);
  return { ms: performance.now() - started, page };
}

async function latencies(engine, queries) {
  const times = [];
  let hits = 0;
  for (const [index, params] of queries.entries()) {
    const { ms, page } = await timed(engine, params);
    if (index >= WARMUP) {
      times.push(ms);
      hits += page.hits.length;
    }
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), hits: hits / times.length };
}

/** Page 1 and page 100 (50 hits each) of the same queries: keyset pages cost the same wherever they are. */
async function deepPaging(engine) {
  const random = seeded(7);
  const words = vocabulary();
  const families = {
    '`completed = false`, sort `modified_at` desc': () => ({
      query: { filter: { eq: { completed: false } }, sort: [{ modified_at: 'desc' }] },
      limit: 50,
    }),
    'all tasks, sort `due_on` asc then `name` asc': () => ({
      query: { sort: [{ due_on: 'asc' }, { name: 'asc' }] },
      limit: 50,
    }),
    'keyword on `notes`, by score': () => ({
      query: { filter: { keyword: { notes: words[100 + Math.floor(random() * 200)] } } },
      limit: 50,
    }),
  };
  const rows = [];
  for (const [family, make] of Object.entries(families)) {
    const first = [];
    const hundredth = [];
    for (let repeat = 0; repeat < 5; repeat += 1) {
      const params = make();
      let { ms, page } = await timed(engine, params);
      first.push(ms);
      for (let number = 2; number <= 100 && page.next_cursor; number += 1) {
        ({ ms, page } = await timed(engine, { ...params, cursor: page.next_cursor }));
      }
      hundredth.push(ms);
    }
    rows.push({ family, first: percentile(first, 50), hundredth: percentile(hundredth, 50) });
  }
  return rows;
}

/**
 * Brings a store's data into memory first, as a server that has been answering searches holds it:
 * the other store's load (or anything else on the machine) may have pushed it out of the OS cache.
 */
async function warm(kind, store) {
  const started = performance.now();
  if (kind === 'sqlite') {
    for await (const _ of createReadStream(join(sqliteDir(TASKS), 'conduit.db'), {
      highWaterMark: 1 << 20,
    })) {
      // Reading is the point.
    }
  } else {
    await store.db.query("SELECT count(*) FROM search_records WHERE terms <> '{}'::jsonb");
  }
  return (performance.now() - started) / 1000;
}

export async function run() {
  const loads = await ensureStores();
  const families = queryFamilies();
  const rows = [];
  const paging = [];
  const warmed = [];
  for (const kind of ['sqlite', 'postgres']) {
    const store = await openBenchStore(kind, TASKS);
    try {
      warmed.push(`${kind} ${fixed(await warm(kind, store), 1)} s`);
      const engine = new SearchEngine(store);
      for (const [family, queries] of Object.entries(families)) {
        const result = await latencies(engine, queries);
        const target = family === 'filter + sort' ? 50 : 150;
        rows.push([
          family,
          kind,
          fixed(result.p50, 1),
          fixed(result.p95, 1),
          fixed(result.hits, 1),
          `${target}`,
          result.p95 <= target ? 'yes' : '**no**',
        ]);
      }
      for (const deep of await deepPaging(engine)) {
        const ratio = deep.hundredth / deep.first;
        paging.push([
          deep.family,
          kind,
          fixed(deep.first, 1),
          fixed(deep.hundredth, 1),
          fixed(ratio, 2),
          ratio <= 2 ? 'yes' : '**no**',
        ]);
      }
    } finally {
      await store.close();
    }
  }
  const sync = await measureSync();
  const counts = countsFor(TASKS);
  return [
    `Account: ${Object.entries(counts)
      .map(([entity, count]) => `${count.toLocaleString('en')} ${entity}`)
      .join(
        ', ',
      )}, generated straight into each store through the sync writer (the same upsert a sync page uses, in 10,000-record transactions); cached under \`/tmp/conduit-bench-search\` and in the PostgreSQL schema \`conduit_bench_search_${TASKS}\`.`,
    loads.length === 0
      ? 'Stores reused from the cache.'
      : `Generated this run: ${loads.map((l) => `${l.kind} ${l.records.toLocaleString('en')} records in ${fixed(l.seconds, 0)} s (${fixed(l.records / l.seconds, 0)} records/s)`).join('; ')} — both loads ran at once.`,
    '',
    `Latency of \`SearchEngine.search\` in process (what the execute route calls; HTTP adds little), ${RUNS} different queries per family after ${WARMUP} warm-up queries, with the store's files read into memory first (${warmed.join(', ')}), milliseconds:`,
    '',
    table(['query', 'store', 'p50', 'p95', 'hits/query', 'target p95', 'met'], rows),
    '',
    'Filter + sort: `completed = false`, one assignee (drawn by popularity), a 90-day `due_on` range, sorted by `modified_at` desc, 50 hits. Keyword: two mid-frequency words on `name`, one on `notes`, BM25-ranked. Fuzzy: one word with one letter changed.',
    '',
    'Deep keyset paging: page 1 and page 100 (hits 4,951–5,000) of the same query, reached through `next_cursor`, median of 5 queries per row, milliseconds:',
    '',
    table(['query', 'store', 'page 1', 'page 100', 'page 100 / page 1', 'within 2×'], paging),
    '',
    sync,
  ].join('\n');
}
