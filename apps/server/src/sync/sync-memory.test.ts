import { connectorRegistry } from '@conduit/connectors/loaded';
import { type AsanaSimulator, createLiveMemoryProbe, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import { SearchIndexWriter } from '../search/search-index-writer';
import { SEARCH_MIGRATIONS } from '../search/search-migrations';
import { createTestConnector } from '../search/test-support/search-fixture';
import type { LoadedConnector } from '../services/connector-service';
import { migration0003SyncState } from '../store/migrations/0003-sync-state';
import type { Store } from '../store/store';
import { manualClock, type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { UpstreamLimiters } from '../upstream/upstream-limiters';
import { DEFAULT_SYNC_CONFIG, type SyncConfig } from './sync-config';
import { SyncRepository } from './sync-repository';
import { executeSyncRun } from './sync-run';
import { moduleSyncUpstream } from './sync-upstream';
import { expectedRecords } from './test-support/expected-records';
import { storedRecords } from './test-support/stored-records';

// Small pages: many of them, so whatever a run kept per page or per record would add up.
const CONFIG: SyncConfig = { ...DEFAULT_SYNC_CONFIG, pageSize: 10, concurrency: 4, leaseMs: 30_000 };

describe.each(['sqlite', 'postgres'] as const)('a long sync run on %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let sim: AsanaSimulator;
  const clock = manualClock(Date.now());

  beforeAll(async () => {
    location = await testStoreLocation(kind, `sync_memory_${kind}`);
    store = await location.open();
    await store.migrate([...SEARCH_MIGRATIONS, migration0003SyncState]);
    sim = await startAsanaSimulator({
      dataset: { preset: 'tiny', seed: 29, tasksPerProject: 100 },
      rateLimit: false,
      // The simulator runs in this process: its request log would grow with the run.
      requestLogCapacity: 50,
    });
  });

  afterAll(async () => {
    await sim?.close();
    await store?.close();
    await location?.cleanup();
  });

  it('holds what its pages in flight need: the live heap after GC does not grow with the pages written', async () => {
    const connectorId = await createTestConnector(store, `memory-${kind}`);
    const repository = new SyncRepository(store.db);
    await repository.enqueue(connectorId, {
      trigger: 'created',
      full: true,
      now: clock.now(),
      fullIntervalMs: 1,
      skewMs: 0,
    });
    const run = (await repository.claim('owner-memory', clock.now(), CONFIG.leaseMs))!;
    const [row] = await store.db.query<{ application_id: string }>(
      'SELECT application_id FROM connectors WHERE id = $1',
      [connectorId],
    );
    const connector = {
      record: (await store.findConnector({ applicationId: row!.application_id }, connectorId))!,
      type: 'task-management',
      credentials: { token: sim.tokens.personalAccessToken },
      config: {},
      baseUrl: sim.baseUrl,
    } as LoadedConnector;
    const { records, listings } = expectedRecords(sim.data);
    const total = Object.values(records).reduce((sum, ids) => sum + ids.length, 0);
    // Sampled from a tenth of the run on (schemas compiled, statements prepared, sockets open).
    let probe: ReturnType<typeof createLiveMemoryProbe> | undefined;
    const samples: number[] = [];
    const every = Math.max(20, Math.floor(listings / 10));
    const report = await executeSyncRun(
      run,
      {
        db: store.db,
        repository,
        writer: new SearchIndexWriter(store.dialect),
        upstream: moduleSyncUpstream({
          registry: connectorRegistry,
          connector,
          limiter: new UpstreamLimiters({ requestsPerInterval: 1_000_000, intervalMs: 1_000 }).for(
            connectorId,
          ),
          saveCredentials: async () => {},
          timeoutMs: 10_000,
        }),
        logger: silentLogger,
        clock,
        config: CONFIG,
        owner: 'owner-memory',
        onCredentialsRefused: async () => {},
        onPage: (event) => {
          if (event.pages === every) probe = createLiveMemoryProbe();
          else if (probe && event.pages % every === 0) samples.push(probe.sample());
        },
      },
      new AbortController().signal,
    );
    expect(report.succeeded).toBe(true);
    expect(report.records).toBeGreaterThanOrEqual(total);
    expect(await storedRecords(store, connectorId)).toEqual(records);
    expect(samples.length).toBeGreaterThanOrEqual(5);
    // Hundreds of pages went through the run after the baseline: keeping a few KiB per page (a
    // page, its records, a listener per request) would add MiBs.
    const growth = Math.max(...samples.slice(-2)) - Math.min(...samples.slice(0, 2));
    expect(
      growth,
      `${report.pages} pages, ${total} records; live heap above the baseline, MiB: ${samples.map((s) => (s / 2 ** 20).toFixed(2)).join(' → ')}`,
    ).toBeLessThan(3 * 1024 * 1024);
  }, 240_000);
});
