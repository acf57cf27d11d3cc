import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MIGRATIONS } from '../search/search-migrations';
import { createTestConnector } from '../search/test-support/search-fixture';
import { migration0003SyncState } from '../store/migrations/0003-sync-state';
import type { Store } from '../store/store';
import { type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { SyncRepository } from './sync-repository';

const DAY = 86_400_000;

describe.each(['sqlite', 'postgres'] as const)('the sync repository on %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let repository: SyncRepository;

  beforeAll(async () => {
    location = await testStoreLocation(kind, `sync_repository_${kind}`);
    store = await location.open();
    await store.migrate([...SEARCH_MIGRATIONS, migration0003SyncState]);
    repository = new SyncRepository(store.db);
  });

  afterAll(async () => {
    await store?.close();
    await location?.cleanup();
  });

  const options = (now: number, full = false) => ({
    trigger: 'manual' as const,
    full,
    now,
    fullIntervalMs: DAY,
    skewMs: 60_000,
  });

  it('queues one run per connector at a time, full first, then incremental until a day passed', async () => {
    const connectorId = await createTestConnector(store);
    const now = Date.parse('2026-03-01T00:00:00Z');
    const first = await repository.enqueue(connectorId, options(now));
    expect(first.created).toBe(true);
    expect(await repository.enqueue(connectorId, options(now))).toEqual({
      runId: first.runId,
      created: false,
    });
    const run = (await repository.claim('me', now, 1000))!;
    expect(run).toMatchObject({ id: first.runId, mode: 'full', generation: 1, modifiedSince: null });
    await repository.finish(run, 'me', now + 5000, {
      succeeded: true,
      error: null,
      completed: ['tasks'],
      failed: new Map(),
    });

    const second = await repository.enqueue(connectorId, options(now + 10_000));
    const incremental = (await repository.claim('me', now + 10_000, 1000))!;
    expect(incremental).toMatchObject({
      id: second.runId,
      mode: 'incremental',
      generation: 2,
      modifiedSince: new Date(now - 60_000).toISOString(),
    });
    await repository.finish(incremental, 'me', now + 20_000, {
      succeeded: true,
      error: null,
      completed: [],
      failed: new Map(),
    });

    // The last full run finished at now + 5 s: a day after that, the next run is full again.
    await repository.enqueue(connectorId, options(now + DAY + 5_000));
    const full = (await repository.claim('me', now + DAY + 5_000, 1000))!;
    expect(full.mode).toBe('full');
    await repository.finish(full, 'me', now + DAY + 6_000, {
      succeeded: true,
      error: null,
      completed: [],
      failed: new Map(),
    });
  });

  it('leases a run to one claimer until the lease expires', async () => {
    const connectorId = await createTestConnector(store);
    await repository.enqueue(connectorId, options(1_000, true));
    const claims = await Promise.all([
      repository.claim('a', 1_000, 5_000),
      repository.claim('b', 1_000, 5_000),
      repository.claim('c', 1_000, 5_000),
    ]);
    const won = claims.filter((claim) => claim?.connectorId === connectorId);
    expect(won).toHaveLength(1);
    const winner = claims.indexOf(won[0]!) === 0 ? 'a' : claims.indexOf(won[0]!) === 1 ? 'b' : 'c';
    expect(await repository.renew(won[0]!.id, 'someone-else', 2_000, 5_000)).toBe(false);
    expect(await repository.renew(won[0]!.id, winner, 2_000, 5_000)).toBe(true);
    expect(await repository.claim('d', 6_999, 5_000)).toBeUndefined();
    expect((await repository.claim('d', 7_001, 5_000))?.id).toBe(won[0]!.id);
    await repository.release(won[0]!.id, 'd');
    const last = (await repository.claim('e', 7_002, 5_000))!;
    expect(last.attempts).toBe(3);
    await repository.abandon(last, 'e', 7_003, 'done with it');
  });

  it('finds connectors due for a sync', async () => {
    const connectorId = await createTestConnector(store);
    expect(await repository.dueConnectors(['task-management'], 10 * DAY, DAY, 1000)).toContain(connectorId);
    await repository.enqueue(connectorId, options(10 * DAY, true));
    expect(await repository.dueConnectors(['task-management'], 10 * DAY, DAY, 1000)).not.toContain(
      connectorId,
    );
    const run = (await repository.claim('x', 10 * DAY, 1000))!;
    await repository.finish(run, 'x', 10 * DAY, {
      succeeded: false,
      error: 'boom',
      completed: [],
      failed: new Map([['tasks', 'boom']]),
    });
    expect(await repository.dueConnectors(['task-management'], 10 * DAY + 1, DAY, 1000)).not.toContain(
      connectorId,
    );
    expect(await repository.dueConnectors(['task-management'], 11 * DAY, DAY, 1000)).toContain(connectorId);
    expect((await repository.connectorStates([connectorId])).get(connectorId)).toMatchObject({
      active: false,
      lastOutcome: 'failed',
      lastSuccessAt: null,
    });
  });
});
