import { connectorRegistry } from '@conduit/connectors/loaded';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import { SearchIndexWriter } from '../search/search-index-writer';
import { SEARCH_MIGRATIONS } from '../search/search-migrations';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import { createTestConnector } from '../search/test-support/search-fixture';
import type { LoadedConnector } from '../services/connector-service';
import { migration0003SyncState } from '../store/migrations/0003-sync-state';
import type { Store } from '../store/store';
import { manualClock, type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { UpstreamLimiters } from '../upstream/upstream-limiters';
import { LeaseLostError } from './lease-lost-error';
import { DEFAULT_SYNC_CONFIG, type SyncConfig } from './sync-config';
import { type ClaimedRun, SyncRepository } from './sync-repository';
import { executeSyncRun, type SyncPageEvent, type SyncRunDependencies } from './sync-run';
import { moduleSyncUpstream } from './sync-upstream';
import { expectedRecords } from './test-support/expected-records';
import { storedRecords } from './test-support/stored-records';

// Small pages, so listings span several pages and a crash lands in the middle of some.
const CONFIG: SyncConfig = { ...DEFAULT_SYNC_CONFIG, pageSize: 5, concurrency: 4, leaseMs: 10_000 };

describe.each(['sqlite', 'postgres'] as const)('resuming sync runs on %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let sim: AsanaSimulator;
  let repository: SyncRepository;
  const clock = manualClock(Date.now());
  const limiters = new UpstreamLimiters({ requestsPerInterval: 10_000, intervalMs: 1_000 });

  beforeAll(async () => {
    location = await testStoreLocation(kind, `sync_resume_${kind}`);
    store = await location.open();
    await store.migrate([...SEARCH_MIGRATIONS, migration0003SyncState]);
    sim = await startAsanaSimulator({
      dataset: { preset: 'tiny', seed: 23, tasksPerProject: 14 },
      rateLimit: false,
    });
    repository = new SyncRepository(store.db);
  });

  afterAll(async () => {
    await sim?.close();
    await store?.close();
    await location?.cleanup();
  });

  async function newConnector(): Promise<string> {
    return createTestConnector(store, `resume-${Math.random()}`);
  }

  async function claimFull(connectorId: string, owner: string): Promise<ClaimedRun> {
    await repository.enqueue(connectorId, {
      trigger: 'created',
      full: true,
      now: clock.now(),
      fullIntervalMs: 1,
      skewMs: 0,
    });
    const run = await repository.claim(owner, clock.now(), CONFIG.leaseMs);
    expect(run?.connectorId).toBe(connectorId);
    return run!;
  }

  async function dependencies(
    connectorId: string,
    owner: string,
    onPage?: (event: SyncPageEvent) => void,
  ): Promise<SyncRunDependencies> {
    const [row] = await store.db.query<{ application_id: string }>(
      'SELECT application_id FROM connectors WHERE id = $1',
      [connectorId],
    );
    const record = (await store.findConnector({ applicationId: row!.application_id }, connectorId))!;
    const connector = {
      record,
      type: 'task-management',
      credentials: { token: sim.tokens.personalAccessToken },
      config: {},
      baseUrl: sim.baseUrl,
    } as LoadedConnector;
    return {
      db: store.db,
      repository,
      writer: new SearchIndexWriter(store.dialect),
      upstream: moduleSyncUpstream({
        registry: connectorRegistry,
        connector,
        limiter: limiters.for(connectorId),
        saveCredentials: async () => {},
        timeoutMs: 10_000,
      }),
      logger: silentLogger,
      clock,
      config: CONFIG,
      owner,
      onCredentialsRefused: async () => {},
      ...(onPage === undefined ? {} : { onPage }),
    };
  }

  it('resumes a crashed run at its checkpoints, without duplicates, losses or starting over', async () => {
    // A clean run first: how many requests a whole sync takes.
    const baseline = await newConnector();
    const before = sim.requests.count({ target: 'api' });
    const clean = await executeSyncRun(
      await claimFull(baseline, 'owner-clean'),
      await dependencies(baseline, 'owner-clean'),
      new AbortController().signal,
    );
    expect(clean.succeeded).toBe(true);
    const wholeRun = sim.requests.count({ target: 'api' }) - before;
    expect(await storedRecords(store, baseline)).toEqual(expectedRecords(sim.data).records);

    const connectorId = await newConnector();
    const crashed = await claimFull(connectorId, 'owner-a');
    const crashAfter = Math.floor(clean.pages / 2);
    const start = sim.requests.count({ target: 'api' });
    await expect(
      executeSyncRun(
        crashed,
        await dependencies(connectorId, 'owner-a', (event) => {
          if (event.pages === crashAfter) throw new Error('simulated crash');
        }),
        new AbortController().signal,
      ),
    ).rejects.toThrow('simulated crash');
    const beforeResume = sim.requests.count({ target: 'api' });
    expect(beforeResume - start).toBeGreaterThanOrEqual(crashAfter);

    // The run stays leased to the crashed owner until the lease runs out; then anyone resumes it.
    expect(await repository.claim('owner-b', clock.now(), CONFIG.leaseMs)).toBeUndefined();
    clock.advance(CONFIG.leaseMs + 1);
    const resumed = await repository.claim('owner-b', clock.now(), CONFIG.leaseMs);
    expect(resumed).toMatchObject({ id: crashed.id, attempts: 2, generation: crashed.generation });
    const report = await executeSyncRun(
      resumed!,
      await dependencies(connectorId, 'owner-b'),
      new AbortController().signal,
    );
    expect(report.succeeded).toBe(true);

    expect(await storedRecords(store, connectorId)).toEqual(expectedRecords(sim.data).records);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
    // Only the pages not committed before the crash were fetched again (those in flight at most).
    const afterResume = sim.requests.count({ target: 'api' }) - beforeResume;
    expect(afterResume).toBeLessThanOrEqual(wholeRun - crashAfter + CONFIG.concurrency);
    expect(afterResume + (beforeResume - start)).toBeLessThanOrEqual(wholeRun + 2 * CONFIG.concurrency);
  });

  it('keeps a process that lost its lease from writing', async () => {
    const connectorId = await newConnector();
    const stalled = await claimFull(connectorId, 'owner-slow');
    clock.advance(CONFIG.leaseMs + 1);
    const taken = await repository.claim('owner-fast', clock.now(), CONFIG.leaseMs);
    expect(taken?.id).toBe(stalled.id);
    await expect(
      executeSyncRun(stalled, await dependencies(connectorId, 'owner-slow'), new AbortController().signal),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect((await storedRecords(store, connectorId)).workspaces).toEqual([]);
    const report = await executeSyncRun(
      taken!,
      await dependencies(connectorId, 'owner-fast'),
      new AbortController().signal,
    );
    expect(report.succeeded).toBe(true);
    expect(await storedRecords(store, connectorId)).toEqual(expectedRecords(sim.data).records);
  });

  it('records failed listings per entity and does not sweep what they left incomplete', async () => {
    const connectorId = await newConnector();
    const deps = await dependencies(connectorId, 'owner-1');
    expect(
      (await executeSyncRun(await claimFull(connectorId, 'owner-1'), deps, new AbortController().signal))
        .succeeded,
    ).toBe(true);
    const projectGid = expectedRecords(sim.data).records.projects[0]!;
    const handle = sim.faults.inject(
      { kind: 'status', status: 403 },
      { path: `/projects/${projectGid}/sections`, times: Number.POSITIVE_INFINITY },
    );
    try {
      const run = await claimFull(connectorId, 'owner-1');
      const report = await executeSyncRun(
        run,
        await dependencies(connectorId, 'owner-1'),
        new AbortController().signal,
      );
      expect(report.succeeded).toBe(false);
      const entities = await repository.entityStates([connectorId]);
      expect(entities.get(connectorId)?.get('sections')?.error).toMatch(/sections of/);
      expect(entities.get(connectorId)?.get('tasks')?.error).toBeNull();
      // The sections of the failed listing were not swept.
      expect((await storedRecords(store, connectorId)).sections).toEqual(
        expectedRecords(sim.data).records.sections,
      );
    } finally {
      handle.cancel();
    }
  });
});
