import { CreatedConnectorSchema, type SyncSummary, SyncSummarySchema } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-support/test-app';
import { type SyncTestApp, startSyncTestApp } from './test-support/sync-test-app';

describe('sync error messages', () => {
  let app: SyncTestApp;
  let sim: AsanaSimulator;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
    app = await startSyncTestApp('sqlite', 'sync-errors', {
      sync: { config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000 }, attemptTimeoutMs: 2_000 },
    });
    t = app.t;
    token = await t.applicationToken();
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  async function syncedSummary(baseUrl: string): Promise<{ summary: SyncSummary; text: string }> {
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'u',
        connector_type: 'asana',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: baseUrl },
      },
    });
    const id = CreatedConnectorSchema.parse(created.body).id;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await t.request('GET', `/api/v1/connectors/sources/${id}/sync`, { token });
      const summary = SyncSummarySchema.parse(response.body);
      if (summary.state === 'failed' || summary.entities.some((entity) => entity.error)) {
        return { summary, text: response.text };
      }
      if (Date.now() > deadline) throw new Error(`sync did not fail: ${response.text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('name neither the upstream address nor the socket error code', async () => {
    const { text } = await syncedSummary('http://127.0.0.1:1/api/1.0');
    expect(text).toContain('the upstream could not be reached');
    expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|http:\/\//);
  }, 90_000);

  it('name the upstream status of a failed listing, without its URL', async () => {
    sim.faults.inject({ kind: 'status', status: 404 }, { times: 1000, path: '/workspaces' });
    const { text } = await syncedSummary(sim.baseUrl);
    sim.faults.clear();
    expect(text).toMatch(/the upstream answered 404/);
    expect(text).not.toMatch(/127\.0\.0\.1|http:\/\/|\/workspaces/);
  }, 90_000);
});
