import { createHash } from 'node:crypto';
import { HostedClient } from '@conduit/hosted';
import {
  ConnectorSchema,
  CreatedConnectorSchema,
  type DownloadResult,
  ErrorBodySchema,
  type ListEnvelope,
  SyncStartedSchema,
  type SyncSummary,
  SyncSummarySchema,
} from '@conduit/protocol';
import { createSalesforce, type Salesforce, salesforceDefinition } from '@conduit/salesforce';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsContext, unsealJson } from '../crypto/sealed-box';
import { toBuffer } from '../store/sql-values';
import type { Store } from '../store/store';
import { type SyncTestApp, startSyncTestApp } from '../sync/test-support/sync-test-app';
import type { TestApp } from '../test-support/test-app';
import { until } from '../test-support/until';

type Page = ListEnvelope<Record<string, unknown>>;

/** Any entity and action of the definition, untyped (the test walks them all). */
function run(
  client: Salesforce,
  entity: string,
  action: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  return (
    client.execute as unknown as (e: string, a: string, p: Record<string, unknown>) => Promise<unknown>
  )(entity, action, params);
}

async function bytesOf(result: DownloadResult | AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of result as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe.each(['sqlite', 'postgres'] as const)('CRM connectors (Salesforce) over %s', (kind) => {
  let app: SyncTestApp;
  let store: Store;
  let sim: SalesforceSimulator;
  let t: TestApp;
  let appToken: string;

  const credentials = (target: SalesforceSimulator = sim) => ({
    refresh_token: target.credentials.refreshToken,
    client_id: target.credentials.clientId,
    client_secret: target.credentials.clientSecret,
  });

  async function create(user: string, target: SalesforceSimulator = sim, creds = credentials(target)) {
    const token = await t.scopedToken(user, appToken);
    const response = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: user,
        connector_type: 'crm',
        credentials: creds,
        config: { base_url: target.loginUrl },
      },
    });
    expect(response.status, response.text).toBe(201);
    return { id: CreatedConnectorSchema.parse(response.body).id, token };
  }

  const summaryOf = async (id: string, token: string): Promise<SyncSummary> =>
    SyncSummarySchema.parse(
      (await t.request('GET', `/api/v1/connectors/sources/${id}/sync`, { token })).body,
    );

  const execute = (id: string, token: string, body: unknown) =>
    t.request('POST', `/api/v1/connectors/sources/${encodeURIComponent(id)}/execute`, { token, body });

  async function storedCredentials(id: string): Promise<Record<string, string>> {
    const [row] = await store.db.query(
      'SELECT credentials_ciphertext, credentials_key_id, credentials_nonce FROM connectors WHERE id = $1',
      [id],
    );
    return unsealJson(
      t.keyring,
      {
        ciphertext: toBuffer(row!.credentials_ciphertext),
        keyId: String(row!.credentials_key_id),
        nonce: toBuffer(row!.credentials_nonce),
      },
      credentialsContext(id),
    ) as Record<string, string>;
  }

  beforeAll(async () => {
    sim = await startSalesforceSimulator({ dataset: { seed: 21, scale: { contacts: 2500 } } });
    // Runs only: the watch (tested in sync/crm-sync-watcher.test.ts) would add its own reads.
    app = await startSyncTestApp(kind, `salesforce_${kind}`, {
      sync: {
        config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000, watchMs: 0 },
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

  it('creates a crm connector and executes every list and get; records match local mode', async () => {
    const { id } = await create('crm-parity');
    const hosted = createSalesforce({
      hosted: {
        client: new HostedClient({
          externalUserId: 'crm-parity',
          platformClientId: t.clientId,
          platformClientSecret: t.clientSecret,
          baseUrl: t.server.url,
        }),
        connectorId: id,
      },
    });
    const local = createSalesforce({ credentials: credentials(), instanceUrl: sim.loginUrl });
    for (const [entity, { actions }] of Object.entries(salesforceDefinition.entities)) {
      if (!('list' in actions)) continue;
      const params = entity === 'query' ? { q: 'SELECT Id, Name FROM Account ORDER BY Id' } : {};
      const [fromHosted, fromLocal] = (await Promise.all([
        run(hosted, entity, 'list', params),
        run(local, entity, 'list', params),
      ])) as [Page, Page];
      expect(fromHosted.records.length, entity).toBeGreaterThan(0);
      // Same records; the next page is the same query's (locators differ per query run).
      expect(fromHosted.records, entity).toEqual(fromLocal.records);
      expect(fromHosted.meta.next_page === null, entity).toBe(fromLocal.meta.next_page === null);
      if ('get' in actions) {
        const first = fromHosted.records[0]!;
        const key = entity === 'sobjects' ? String(first.name) : String(first.Id ?? first.id);
        const [one, two] = await Promise.all([
          run(hosted, entity, 'get', { id: key }),
          run(local, entity, 'get', { id: key }),
        ]);
        expect(one, entity).toEqual(two);
      }
    }
    const version = sim.data
      .records('ContentVersion')
      .find((record) => (record.ContentSize as number) > 100_000)!;
    const [hostedBytes, localBytes] = await Promise.all([
      hosted.execute('content_versions', 'download', { id: version.Id }).then(bytesOf),
      local.execute('content_versions', 'download', { id: version.Id }).then(bytesOf),
    ]);
    expect(hostedBytes.length).toBe(version.ContentSize);
    expect(createHash('md5').update(hostedBytes).digest('hex')).toBe(version.Checksum);
    expect(hostedBytes.equals(localBytes)).toBe(true);
  });

  it('answers a refused caller SOQL with 400 invalid_param naming q, and keeps injection in the literal', async () => {
    const { id, token } = await create('crm-errors');
    const refused = await execute(id, token, {
      entity: 'query',
      action: 'list',
      params: { q: 'SELECT Id FRM Account' },
    });
    expect(refused.status).toBe(400);
    const body = ErrorBodySchema.parse(refused.body);
    expect(body.errors[0]).toMatchObject({ field: 'params.q', error_code: 'invalid_param' });
    expect(body.errors[0]!.message).toContain('unexpected token: FRM');
    const injection = await execute(id, token, {
      entity: 'accounts',
      action: 'list',
      params: { name: "x' OR Name != 'x" },
    });
    expect(injection.status).toBe(200);
    expect((injection.body as Page).records).toEqual([]);
    const missing = await execute(id, token, {
      entity: 'contacts',
      action: 'get',
      params: { id: '003Dn0000000zzzAAA' },
    });
    // The upstream's 404 is reported as such (the service answers 502 upstream_error with it).
    expect([404, 502]).toContain(missing.status);
    expect(missing.text).toContain('Provided external ID field does not exist or is not accessible');
  });

  it('refreshes an expired session once and persists the new tokens; a refused refresh marks needs_reauth', async () => {
    const own = await startSalesforceSimulator({
      dataset: { preset: 'empty' },
      oauth: { rotateRefreshTokens: true },
    });
    try {
      const { id, token } = await create('crm-refresh', own);
      // Creating schedules a full sync, whose own refresh rotates the token first: let it finish,
      // so this test's refreshes start from the stored (rotated) one.
      await until(
        () => summaryOf(id, token),
        (value) => value.state !== 'running' && value.last_success_at !== null,
      );
      expect((await execute(id, token, { entity: 'users', action: 'list', params: {} })).status).toBe(200);
      const first = await storedCredentials(id);
      expect(first.refresh_token).not.toBe(own.credentials.refreshToken);
      own.expireSessions();
      expect((await execute(id, token, { entity: 'users', action: 'list', params: {} })).status).toBe(200);
      expect((await storedCredentials(id)).refresh_token).not.toBe(first.refresh_token);
      const refreshed = await storedCredentials(id);
      expect(first.access_token).toMatch(/^00D/);
      own.expireSessions();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => execute(id, token, { entity: 'users', action: 'list', params: {} })),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      const second = await storedCredentials(id);
      expect(second.refresh_token).not.toBe(refreshed.refresh_token);
      expect(second.access_token).not.toBe(refreshed.access_token);
      own.revokeToken(second.refresh_token!);
      own.expireSessions();
      const refused = await execute(id, token, { entity: 'users', action: 'list', params: {} });
      expect(refused.status).toBe(502);
      expect(ErrorBodySchema.parse(refused.body).errors[0]!.error_code).toBe('upstream_auth_failed');
      const connector = await t.request('GET', `/v1/integrations/connectors/${id}`, { token });
      expect(ConnectorSchema.parse(connector.body).status).toBe('needs_reauth');
    } finally {
      await own.close();
    }
  });

  it('syncs in full, searches by Email and AccountId, then syncs incrementally', async () => {
    const { id, token } = await create('crm-sync');
    const summary = async (): Promise<SyncSummary> =>
      SyncSummarySchema.parse(
        (await t.request('GET', `/api/v1/connectors/sources/${id}/sync`, { token })).body,
      );
    const settled = (after: string | null) =>
      until(summary, (value) => value.state !== 'running' && value.last_success_at !== after);
    const first = await settled(null);
    expect(first.state).toBe('idle');
    const counts = Object.fromEntries(first.entities.map((entity) => [entity.entity, entity.records]));
    expect(counts).toMatchObject({
      contacts: sim.data.count('Contact'),
      accounts: sim.data.count('Account'),
      opportunities: 20,
    });
    const search = async (entity: string, params: Record<string, unknown>) => {
      const response = await execute(id, token, { entity, action: 'search', params });
      expect(response.status, response.text).toBe(200);
      return response.body as { hits: Array<{ id: string; data: Record<string, unknown> }> };
    };
    const contact = sim.data.records('Contact')[0]!;
    const byEmail = await search('contacts', { query: { filter: { eq: { Email: contact.Email } } } });
    expect(byEmail.hits.map((hit) => hit.id)).toEqual([contact.Id]);
    const byAccount = await search('contacts', {
      query: { filter: { eq: { AccountId: contact.AccountId } } },
    });
    expect(byAccount.hits.length).toBe(
      sim.data.records('Contact').filter((c) => c.AccountId === contact.AccountId).length,
    );
    const won = await search('opportunities', { query: { filter: { eq: { StageName: 'Closed Won' } } } });
    expect(won.hits).toHaveLength(2);

    const changed = sim.data.records('Contact')[1]!;
    sim.update(changed.Id, { Email: 'moved@elsewhere.example.com' });
    const gone = sim.data.records('Contact')[2]!;
    sim.delete(gone.Id);
    const callsBefore = sim.requests.count();
    // The server's clock is the test's: move it so the run's times differ from the last one's.
    t.clock.advance(1_000);
    const started = await t.request('POST', `/api/v1/connectors/sources/${id}/sync`, { token });
    expect(started.status).toBe(202);
    SyncStartedSchema.parse(started.body);
    await settled(first.last_success_at);
    const moved = await search('contacts', {
      query: { filter: { eq: { Email: 'moved@elsewhere.example.com' } } },
    });
    expect(moved.hits.map((hit) => hit.id)).toEqual([changed.Id]);
    const deleted = await search('contacts', { query: { filter: { eq: { Id: gone.Id } } } });
    expect(deleted.hits).toEqual([]);
    // Incremental: one queryAll per entity (and a token call), not the 2,500 contacts again.
    expect(sim.requests.count() - callsBefore).toBeLessThan(12);
  });
});
