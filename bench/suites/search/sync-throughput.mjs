// Sync throughput from the upstream simulator into the embedded store: records per second without
// a rate limit, and the share of the allowed request rate a sync uses under one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCHABLE_ENTITIES } from '@conduit/asana/records';
import {
  connectorRegistry,
  DEFAULT_SYNC_CONFIG,
  executeSyncRun,
  migration0003SyncState,
  moduleSyncUpstream,
  openStore,
  SEARCH_MIGRATIONS,
  SearchIndexWriter,
  SyncRepository,
  silentLogger,
  systemClock,
  UpstreamLimiters,
} from '@conduit/server';
import { startAsanaSimulator } from '@conduit/testkit';
import { fixed, table } from '../../lib/stats.mjs';
import { ensureConnector } from './stores.mjs';

async function syncOnce({ dataset, rateLimit }) {
  const sim = await startAsanaSimulator({ dataset, rateLimit: rateLimit ?? false });
  const dir = mkdtempSync(join(tmpdir(), 'conduit-bench-sync-'));
  const store = await openStore({ dataDir: dir });
  try {
    await store.migrate([...SEARCH_MIGRATIONS, migration0003SyncState]);
    const connectorId = await ensureConnector(store);
    const record = (
      await store.db.query('SELECT application_id FROM connectors WHERE id = $1', [connectorId])
    )[0];
    const connector = await store.findConnector({ applicationId: record.application_id }, connectorId);
    const repository = new SyncRepository(store.db);
    await repository.enqueue(connectorId, {
      trigger: 'manual',
      full: true,
      now: Date.now(),
      fullIntervalMs: 1,
      skewMs: 0,
    });
    const run = await repository.claim('bench', Date.now(), 60_000);
    const limiters = new UpstreamLimiters(
      rateLimit
        ? { requestsPerInterval: rateLimit.requests, intervalMs: rateLimit.windowMs, maxConcurrent: 50 }
        : { requestsPerInterval: 1_000_000, intervalMs: 1_000, maxConcurrent: 50 },
    );
    const upstream = moduleSyncUpstream({
      registry: connectorRegistry,
      connector: {
        record: connector,
        type: 'task-management',
        credentials: { token: sim.tokens.personalAccessToken },
        config: {},
        baseUrl: sim.baseUrl,
      },
      limiter: limiters.for(connectorId, connectorRegistry.forKind('task-management')),
      saveCredentials: async () => {},
      timeoutMs: 30_000,
    });
    const started = performance.now();
    const report = await executeSyncRun(
      run,
      {
        db: store.db,
        repository,
        writer: new SearchIndexWriter(store.dialect),
        upstream,
        logger: silentLogger,
        clock: systemClock,
        config: { ...DEFAULT_SYNC_CONFIG, concurrency: 8 },
        owner: 'bench',
        onCredentialsRefused: async () => {},
      },
      new AbortController().signal,
    );
    const seconds = (performance.now() - started) / 1000;
    const requests = sim.requests.count({ target: 'api' });
    const rejected = sim.requests.count({ target: 'api', status: 429 });
    const counts = await store.db.query('SELECT sum(record_count) AS records FROM search_collections');
    return {
      ...report,
      seconds,
      requests,
      rejected,
      stored: Number(counts[0].records),
      entities: SEARCHABLE_ENTITIES.length,
    };
  } finally {
    await store.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureSync() {
  const free = await syncOnce({
    dataset: { preset: 'tiny', seed: 5, projectsPerTeam: 4, tasksPerProject: 400 },
  });
  const limit = { requests: 150, windowMs: 6_000 };
  const limited = await syncOnce({
    dataset: { preset: 'tiny', seed: 6, tasksPerProject: 90 },
    rateLimit: limit,
  });
  const allowed = limit.requests / (limit.windowMs / 1000);
  const reached = limited.requests / limited.seconds;
  return [
    'Sync from the simulator into the embedded store (a full run: every listing, `opt_fields` = the searchable fields, pages of 100, 8 listings at a time):',
    '',
    table(
      [
        'upstream limit',
        'records',
        'requests',
        'seconds',
        'records/s',
        'requests/s',
        '429s',
        'share of the allowed rate',
      ],
      [
        [
          'none',
          free.stored.toLocaleString('en'),
          free.requests,
          fixed(free.seconds, 1),
          fixed(free.stored / free.seconds, 0),
          fixed(free.requests / free.seconds, 0),
          free.rejected,
          'n/a',
        ],
        [
          '150 per 6 s sliding (1,500/min scaled down 10×)',
          limited.stored.toLocaleString('en'),
          limited.requests,
          fixed(limited.seconds, 1),
          fixed(limited.stored / limited.seconds, 0),
          fixed(reached, 1),
          limited.rejected,
          `${fixed(reached / allowed, 2)} (target ≥ 0.9)`,
        ],
      ],
    ),
    '',
    "The rate-limited run uses the client limiter with the upstream's numbers (as a connector's limiter does with Asana's 1,500/min), so requests start at the allowed pace instead of bouncing off 429s; the window is scaled down so the run takes under a minute.",
  ].join('\n');
}
