import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreatedConnectorSchema, SyncSummarySchema } from '@conduit/protocol';
import {
  type AsanaSimulator,
  loadOpenApiSpec,
  type OpenApiCheckingFetch,
  openApiCheckingFetch,
  optionalSpecFile,
  startAsanaSimulator,
} from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import type { TestApp } from '../test-support/test-app';
import { type SyncTestApp, startSyncTestApp } from './test-support/sync-test-app';

// Every request the sync sends (full run, incremental run, watching the change stream, reading a
// changed record again) is held to the official Asana spec, query parameters and enums included.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const SUITE = 'requests of the Asana sync against the official spec';
const specPath = optionalSpecFile(path.resolve(repoRoot, '../shared/specs/asana/asana_oas.yaml'), SUITE);

describe.skipIf(specPath === undefined)(SUITE, () => {
  let app: SyncTestApp;
  let store: Store;
  let sim: AsanaSimulator;
  let t: TestApp;
  let checking: OpenApiCheckingFetch;

  beforeAll(async () => {
    const spec = await loadOpenApiSpec(specPath as string);
    checking = openApiCheckingFetch(spec, globalThis.fetch, { basePath: '/api/1.0' });
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
    app = await startSyncTestApp('sqlite', 'sync_conformance', {
      sync: {
        config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000, watchMs: 1_000 },
        fetch: checking.fetch,
      },
    });
    ({ store, t } = app);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('sends only what the spec allows, in full and incremental runs and while watching', async () => {
    const token = await t.applicationToken();
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'conformance',
        connector_type: 'asana',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      },
    });
    const connectorId = CreatedConnectorSchema.parse(created.body).id;
    const until = async (done: () => Promise<boolean>) => {
      const deadline = Date.now() + 20_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error('timed out');
        t.clock.advance(1_000);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    };
    const summary = async () =>
      SyncSummarySchema.parse(
        (await t.request('GET', `/api/v1/connectors/sources/${connectorId}/sync`, { token })).body,
      );
    await until(async () => (await summary()).last_success_at !== null);
    // A change the watch reads from the events and reads again by gid.
    const project = sim.data.projects.find((row) => sim.data.taskGids({ projectGid: row.gid }).length > 0)!;
    const [task] = sim.data.taskGids({ projectGid: project.gid });
    await until(
      async () => (await store.db.query('SELECT 1 FROM sync_watches WHERE cursors <> $1', ['{}'])).length > 0,
    );
    sim.updateTask(task!, { name: 'Checked against the spec' });
    await until(async () => {
      const response = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
        token,
        body: { entity: 'tasks', action: 'search', params: { query: { filter: { eq: { gid: task } } } } },
      });
      const hits = (response.body as { hits?: { data: { name?: string } }[] }).hits ?? [];
      return hits[0]?.data.name === 'Checked against the spec';
    });
    expect(checking.checked()).toBeGreaterThan(10);
    expect(checking.issues).toEqual([]);
  }, 60_000);
});
