import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store';
import type { Store } from '../store/store';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';
import { ApplicationStatusCache } from './application-status-cache';
import { registerApplication } from './applications';

describe('ApplicationStatusCache', () => {
  let dir: string;
  let store: Store;
  let reads = 0;

  beforeAll(async () => {
    dir = await makeTempDir('app-status');
    store = await openStore({ dataDir: dir });
    await store.migrate();
    const isApplicationActive = store.isApplicationActive.bind(store);
    store.isApplicationActive = (id) => {
      reads += 1;
      return isApplicationActive(id);
    };
  });

  afterAll(async () => {
    await store.close();
    await removeTempDir(dir);
  });

  it('reads an active application once per ttl, shares a read between concurrent calls, never remembers a revoked one', async () => {
    const { applicationId } = await registerApplication(store);
    const cache = new ApplicationStatusCache(store, { ttlMs: 60_000 });
    reads = 0;
    expect(await Promise.all([cache.isActive(applicationId), cache.isActive(applicationId)])).toEqual([
      true,
      true,
    ]);
    expect(await cache.isActive(applicationId)).toBe(true);
    expect(reads).toBe(1);

    await store.revokeApplication(applicationId, new Date());
    // Still remembered (another process revoked it) until evicted or the ttl passes.
    expect(await cache.isActive(applicationId)).toBe(true);
    cache.evict(applicationId);
    expect(await cache.isActive(applicationId)).toBe(false);
    expect(await cache.isActive(applicationId)).toBe(false);
    expect(reads).toBe(3);
    expect(await cache.isActive('no-such-application')).toBe(false);
  });

  it('asks the store every time with a ttl of 0', async () => {
    const { applicationId } = await registerApplication(store);
    const cache = new ApplicationStatusCache(store, { ttlMs: 0 });
    reads = 0;
    await cache.isActive(applicationId);
    await cache.isActive(applicationId);
    expect(reads).toBe(2);
  });
});
