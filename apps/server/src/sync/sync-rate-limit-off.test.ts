import { CreatedConnectorSchema, SyncSummarySchema } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import type { RateLimiter } from '@conduit/transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-support/test-app';
import { moduleSyncUpstream } from './sync-upstream';
import { type SyncTestApp, startSyncTestApp } from './test-support/sync-test-app';

describe('CONDUIT_UPSTREAM_RATE_LIMIT=off and the sync', () => {
  let app: SyncTestApp;
  let sim: AsanaSimulator;
  let t: TestApp;
  const limiters: (RateLimiter | undefined)[] = [];

  beforeAll(async () => {
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
    app = await startSyncTestApp('sqlite', 'sync-rate-off', {
      // What createServer builds for `off`: no limiter at all, not the upstream's default one.
      sync: {
        rateLimit: false,
        config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000 },
        upstream: (options) => {
          limiters.push(options.limiter);
          return moduleSyncUpstream(options);
        },
      },
    });
    t = app.t;
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
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
