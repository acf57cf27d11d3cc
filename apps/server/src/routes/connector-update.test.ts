import { HostedClient } from '@conduit/hosted';
import { ConnectorSchema, ErrorBodySchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerExtension } from '../extensions/server-extension';
import type { Migration } from '../store/migrations/migration';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { openApiCheckedFetch } from '../test-support/openapi-checked-fetch';
import type { StoreKind, TestResponse } from '../test-support/test-app';

/** A stand-in for synced data: a row per connector written at creation, erased on delete only. */
const keptRecordsMigration: Migration = {
  version: 1001,
  name: 'test-kept-records',
  sqlite: 'CREATE TABLE test_kept_records (connector_id TEXT NOT NULL, record_id TEXT NOT NULL)',
  postgres: 'CREATE TABLE test_kept_records (connector_id TEXT NOT NULL, record_id TEXT NOT NULL)',
};

const updated: string[] = [];
const keptRecords: ServerExtension = {
  name: 'test-kept-records',
  migrations: [keptRecordsMigration],
  async onConnectorCreated(connector, services) {
    await services.store.db.execute(
      'INSERT INTO test_kept_records (connector_id, record_id) VALUES ($1, $2)',
      [connector.id, 'synced-1'],
    );
  },
  async onConnectorUpdated(connector) {
    updated.push(connector.id);
  },
  beforeConnectorDelete: async (tx, connector) => {
    await tx.execute('DELETE FROM test_kept_records WHERE connector_id = $1', [connector.id]);
  },
};

function codes(response: TestResponse): string[] {
  return ErrorBodySchema.parse(response.body).errors.map((entry) => entry.error_code);
}

describe.each<StoreKind>(['sqlite', 'postgres'])('PATCH /v1/integrations/connectors/{id} over %s', (kind) => {
  let h: ExecuteHarness;

  beforeAll(async () => {
    h = await startExecuteHarness(kind, 'reauth', { extensions: [keptRecords] });
    await h.store.migrate(keptRecords.migrations);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('repairs a needs_reauth connector from the hosted client: new credentials, active, data kept', async () => {
    const checked = await openApiCheckedFetch(h.t.server.url);
    const client = new HostedClient({
      fetch: checked.fetch,
      externalUserId: 'reauth-user',
      platformClientId: h.t.clientId,
      platformClientSecret: h.t.clientSecret,
      baseUrl: h.t.server.url,
    });
    const oldPat = h.sim.issuePersonalAccessToken();
    const { id } = await client.createConnector({
      connectorType: 'asana',
      credentials: { token: oldPat },
      config: { base_url: h.sim.baseUrl },
    });
    h.sim.revokeToken(oldPat);
    await expect(client.execute(id, 'workspaces', 'list')).rejects.toMatchObject({
      code: 'upstream_auth_failed',
    });
    expect((await client.getConnector(id)).status).toBe('needs_reauth');
    const before = await h.store.db.query('SELECT record_id FROM test_kept_records WHERE connector_id = $1', [
      id,
    ]);

    const newPat = h.sim.issuePersonalAccessToken();
    const repaired = await client.updateConnector(id, { credentials: { token: newPat }, name: 'repaired' });
    expect(repaired).toMatchObject({
      id,
      status: 'active',
      name: 'repaired',
      external_user_id: 'reauth-user',
    });
    expect(updated).toContain(id);
    // The executor built from the old token is gone: the next call runs with the new one at once.
    const page = (await client.execute(id, 'workspaces', 'list')) as { records: unknown[] };
    expect(page.records.length).toBeGreaterThan(0);
    expect(
      await h.store.db.query('SELECT record_id FROM test_kept_records WHERE connector_id = $1', [id]),
    ).toEqual(before);
    expect(before).toHaveLength(1);
    // Stored sealed, never echoed or logged.
    const row = await h.store.db.query<{ credentials_ciphertext: Buffer }>(
      'SELECT credentials_ciphertext FROM connectors WHERE id = $1',
      [id],
    );
    expect(Buffer.from(row[0]!.credentials_ciphertext).toString('latin1')).not.toContain(newPat);
    expect(h.t.logs.lines.join('\n')).not.toContain(newPat);
    expect(checked.issues).toEqual([]);
  });

  it('validates like creation: body shape 400, credentials and config 422, base_url only when allowed', async () => {
    const token = await h.token('validate-user');
    const id = await h.createConnector(token, 'validate-user', {
      connector_type: 'asana',
      credentials: { token: 'pat' },
      config: { base_url: h.sim.baseUrl },
    });
    const patch = (body: unknown) =>
      h.t.request('PATCH', `/v1/integrations/connectors/${id}`, { token, body });
    const empty = await patch({});
    expect(empty.status).toBe(400);
    const unknown = await patch({ credentials: { token: 'x' }, external_user_id: 'someone' });
    expect(unknown.status).toBe(400);
    expect(codes(unknown)).toEqual(['invalid_param']);
    const mixed = await patch({ credentials: { token: 'x', refresh_token: 'y' } });
    expect(mixed.status).toBe(422);
    const after = ConnectorSchema.parse(
      (await h.t.request('GET', `/v1/integrations/connectors/${id}`, { token })).body,
    );
    expect(after.name).toBe('task-management - validate-user');
    const renamed = await patch({ name: 'only the name' });
    expect(renamed.status).toBe(200);
    expect(ConnectorSchema.parse(renamed.body)).toMatchObject({ name: 'only the name', status: 'active' });
  });

  it("answers 404 for another user's connector and 401 without a token", async () => {
    const owner = await h.token('owner-user');
    const id = await h.createConnector(owner, 'owner-user', {
      connector_type: 'asana',
      credentials: { token: 'pat' },
      config: { base_url: h.sim.baseUrl },
    });
    const other = await h.token('other-user');
    const body = { credentials: { token: 'stolen' } };
    expect(
      (await h.t.request('PATCH', `/v1/integrations/connectors/${id}`, { token: other, body })).status,
    ).toBe(404);
    expect((await h.t.request('PATCH', `/v1/integrations/connectors/${id}`, { body })).status).toBe(401);
    expect(
      (await h.t.request('PATCH', '/v1/integrations/connectors/nope', { token: owner, body })).status,
    ).toBe(404);
  });
});
