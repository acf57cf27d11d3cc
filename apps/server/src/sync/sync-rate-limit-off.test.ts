import { CreatedConnectorSchema, SyncSummarySchema } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import type { RateLimiter } from '@conduit/transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import { createSearchExtension } from '../search/search-extension';
import type { Store } from '../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';
import { createSyncExtension, type SyncExtension } from './sync-extension';
import { moduleSyncUpstream } from './sync-upstream';

describe('CONDUIT_UPSTREAM_RATE_LIMIT=off and the sync', () => {
  let location: TestStoreLocation;
  let store: Store;
  let sim: AsanaSimulator;
  let t: TestApp;
  let sync: SyncExtension;
  const limiters: (RateLimiter | undefined)[] = [];

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'sync-rate-off');
    store = await location.open();
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
    // What createServer builds for `off`: no limiter at all, not the upstream's default one.
    sync = createSyncExtension({
      rateLimit: false,
      config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000 },
      upstream: (options) => {
        limiters.push(options.limiter);
        return moduleSyncUpstream(options);
      },
    });
    const extensions = [createExecuteExtension(), createSearchExtension(), sync];
    await store.migrate(extensions.flatMap((extension) => extension.migrations ?? []));
    t = await startTestApp(store, { extensions, allowUpstreamOverride: true });
    await sync.start?.(t.app.services);
  });
  afterAll(async () => {
    await sync?.stop?.();
    await t?.close();
    await sim?.close();
    await store?.close();
    await location?.cleanup();
  });

  it('syncs without an upstream limiter', async () => {
    const token = await t.applicationToken();
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'u',
        connector_type: 'asana',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      },
    });
    const id = CreatedConnectorSchema.parse(created.body).id;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await t.request('GET', `/api/v1/connectors/sources/${id}/sync`, { token });
      const summary = SyncSummarySchema.parse(response.body);
      if (summary.last_success_at !== null) break;
      if (Date.now() > deadline) throw new Error(`sync did not finish: ${response.text}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(limiters.length).toBeGreaterThan(0);
    expect(limiters.every((limiter) => limiter === undefined)).toBe(true);
  });
});
