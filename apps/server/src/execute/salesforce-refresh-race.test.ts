import {
  ConnectorSchema,
  CreatedConnectorSchema,
  type SyncSummary,
  SyncSummarySchema,
} from '@conduit/protocol';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { type SyncTestApp, startSyncTestApp } from '../sync/test-support/sync-test-app';
import {
  type StoreKind,
  startTestApp,
  type TestApp,
  type TestResponse,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';
import { until } from '../test-support/until';
import { createExecuteExtension } from './execute-extension';

const TOKEN_PATH = '/services/oauth2/token';

/** A Salesforce org whose refresh tokens rotate: replaying a rotated-out one revokes the family. */
function rotatingOrg(): Promise<SalesforceSimulator> {
  return startSalesforceSimulator({
    dataset: { seed: 5, scale: { contacts: 600 } },
    oauth: { rotateRefreshTokens: true },
  });
}

/**
 * Makes the next grants slow, then ends every session: callers that get their 401 about now all
 * want a refresh while the first one is still under way.
 */
function expireSessionsDuringSlowGrants(sim: SalesforceSimulator): number {
  sim.inject({ kind: 'delay', ms: 400 }, { path: TOKEN_PATH, times: 2 });
  sim.expireSessions();
  return sim.requests.count({ path: TOKEN_PATH });
}

describe.each<StoreKind>(['sqlite', 'postgres'])('rotating refresh tokens (Salesforce) over %s', (kind) => {
  let app: SyncTestApp;
  let store: Store;
  let sim: SalesforceSimulator;
  let t: TestApp;
  let appToken: string;
  let onPage: (() => void) | undefined;

  beforeAll(async () => {
    sim = await rotatingOrg();
    app = await startSyncTestApp(kind, `sf_refresh_race_${kind}`, {
      sync: {
        config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000, pageSize: 100, concurrency: 2 },
        onPage: () => {
          const armed = onPage;
          onPage = undefined;
          armed?.();
        },
      },
      execute: { upstream: { retry: { initialDelayMs: 5, maxDelayMs: 20 } } },
    });
    ({ store, t } = app);
    appToken = await t.applicationToken();
  });

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('a sync and an execute refused at the same moment refresh once, and the connector stays active', async () => {
    const token = await t.scopedToken('race-user', appToken);
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'race-user',
        connector_type: 'crm',
        credentials: {
          refresh_token: sim.credentials.refreshToken,
          client_id: sim.credentials.clientId,
          client_secret: sim.credentials.clientSecret,
        },
        config: { base_url: sim.loginUrl },
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = CreatedConnectorSchema.parse(created.body).id;
    const summary = async (): Promise<SyncSummary> =>
      SyncSummarySchema.parse(
        (await t.request('GET', `/api/v1/connectors/sources/${id}/sync`, { token })).body,
      );
    const execute = () =>
      t.request('POST', `/api/v1/connectors/sources/${id}/execute`, {
        token,
        body: { entity: 'users', action: 'list', params: {} },
      });
    // The runs that ended, oldest first (the test clock stands still: timestamps do not tell them apart).
    const finished = () =>
      store.db
        .query<{ state: string }>(
          `SELECT state FROM sync_runs WHERE connector_id = $1 AND state NOT IN ('queued', 'running')
           ORDER BY requested_at`,
          [id],
        )
        .then((rows) => rows.map((row) => row.state));
    await until(finished, (states) => states.length === 1, 30_000);
    // The execute path's executor holds a session of its own.
    expect((await execute()).status).toBe(200);

    // A second sync; once it has committed a page, every session ends and an execute comes in.
    let baseline = 0;
    let racing: Promise<TestResponse> | undefined;
    onPage = () => {
      baseline = expireSessionsDuringSlowGrants(sim);
      racing = execute();
    };
    expect((await t.request('POST', `/api/v1/connectors/sources/${id}/sync`, { token })).status).toBe(202);
    expect(await until(finished, (states) => states.length === 2, 30_000)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    expect((await summary()).state).toBe('idle');
    expect(racing).toBeDefined();
    expect((await racing!).status).toBe(200);

    // One grant for both; no rotated-out token was replayed (which would have revoked the family).
    expect(sim.requests.count({ path: TOKEN_PATH }) - baseline).toBe(1);
    expect(sim.requests.filter({ path: TOKEN_PATH, status: 400 })).toEqual([]);
    const connector = await t.request('GET', `/v1/integrations/connectors/${id}`, { token });
    expect(ConnectorSchema.parse(connector.body).status).toBe('active');
    expect((await execute()).status).toBe(200);
  }, 120_000);
});

describe('rotating refresh tokens across two server processes on one PostgreSQL', () => {
  let location: TestStoreLocation;
  let store: Store;
  let otherStore: Store;
  let sim: SalesforceSimulator;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    location = await testStoreLocation('postgres', 'sf_refresh_two_processes');
    store = await location.open();
    // Each instance has its own pool, as two processes would.
    otherStore = await location.open();
    sim = await rotatingOrg();
    const execute = () =>
      createExecuteExtension({ upstream: { retry: { initialDelayMs: 5, maxDelayMs: 20 } } });
    await store.migrate();
    one = await startTestApp(store, { extensions: [execute()], allowUpstreamOverride: true });
    two = await startTestApp(otherStore, {
      extensions: [execute()],
      allowUpstreamOverride: true,
      keyring: one.keyring,
    });
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await sim?.close();
    await otherStore?.close();
    await store?.close();
    await location?.cleanup();
  });

  it('two instances refused at the same moment refresh once (an advisory lock), and the connector stays active', async () => {
    const appToken = await one.applicationToken();
    const created = await one.request('POST', '/v1/integrations/connectors', {
      token: appToken,
      body: {
        external_user_id: 'two-processes',
        connector_type: 'crm',
        credentials: {
          refresh_token: sim.credentials.refreshToken,
          client_id: sim.credentials.clientId,
          client_secret: sim.credentials.clientSecret,
        },
        config: { base_url: sim.loginUrl },
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = CreatedConnectorSchema.parse(created.body).id;
    const execute = (app: TestApp) =>
      app.request('POST', `/api/v1/connectors/sources/${id}/execute`, {
        token: appToken,
        body: { entity: 'users', action: 'list', params: {} },
      });
    // Each instance's executor gets a session (the second grant rotates the first one's token away).
    expect((await execute(one)).status).toBe(200);
    expect((await execute(two)).status).toBe(200);

    const baseline = expireSessionsDuringSlowGrants(sim);
    const responses = await Promise.all([execute(one), execute(two)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(sim.requests.count({ path: TOKEN_PATH }) - baseline).toBe(1);
    expect(sim.requests.filter({ path: TOKEN_PATH, status: 400 })).toEqual([]);
    const connector = await one.request('GET', `/v1/integrations/connectors/${id}`, { token: appToken });
    expect(ConnectorSchema.parse(connector.body).status).toBe('active');
  });
});
