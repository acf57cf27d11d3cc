import {
  ApplicationTokenResponseSchema,
  ConnectorListSchema,
  ConnectorSchema,
  CreatedConnectorSchema,
  ErrorBodySchema,
  ScopedTokenResponseSchema,
} from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerExtension } from '../extensions/server-extension';
import type { Migration } from '../store/migrations/migration';
import type { Store } from '../store/store';
import {
  type StoreKind,
  startTestApp,
  type TestApp,
  type TestResponse,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';
import { requireCaller } from './app-env';

const PATHS = {
  token: '/api/v1/account/applications/token',
  scoped: '/api/v1/account/applications/scoped-token',
  connectors: '/v1/integrations/connectors',
};

function errorOf(response: TestResponse) {
  return ErrorBodySchema.parse(response.body);
}

function codesOf(response: TestResponse): string[] {
  return errorOf(response).errors.map((entry) => entry.error_code);
}

function fieldsOf(response: TestResponse): (string | undefined)[] {
  return errorOf(response).errors.map((entry) => entry.field);
}

/** A route that fails with a plain Error, to see how unexpected failures are answered. */
const faultyExtension: ServerExtension = {
  name: 'faulty',
  registerRoutes(app) {
    app.get('/test/explode', () => {
      throw new Error('kaboom at /internal/path with stack');
    });
  },
  async onConnectorCreated(connector) {
    if (connector.externalUserId === 'hook-fails') throw new Error('scheduler down');
  },
};

/** A stand-in for the sync feature: its own table, erased with the connector, and a sync summary. */
const syncedRecordsMigration: Migration = {
  version: 1000,
  name: 'test-synced-records',
  sqlite:
    'CREATE TABLE test_synced_records (connector_id TEXT NOT NULL, record_id TEXT NOT NULL, PRIMARY KEY (connector_id, record_id))',
  postgres:
    'CREATE TABLE test_synced_records (connector_id TEXT NOT NULL, record_id TEXT NOT NULL, PRIMARY KEY (connector_id, record_id))',
};

const syncExtension: ServerExtension = {
  name: 'test-sync',
  migrations: [syncedRecordsMigration],
  registerRoutes(app, services) {
    app.get('/api/v1/connectors/sources/:id/sync', async (c) => {
      const loaded = await services.connectors.loadForCaller(requireCaller(c), c.req.param('id'));
      const rows = await services.store.db.query(
        'SELECT record_id FROM test_synced_records WHERE connector_id = $1',
        [loaded.record.id],
      );
      return c.json({
        state: 'idle',
        last_success_at: null,
        entities: [{ entity: 'tasks', records: rows.length, synced_at: null }],
      });
    });
  },
  async onConnectorCreated(connector, services) {
    await services.store.db.execute(
      'INSERT INTO test_synced_records (connector_id, record_id) VALUES ($1, $2)',
      [connector.id, 'seed'],
    );
  },
  beforeConnectorDelete: async (tx, connector) => {
    await tx.execute('DELETE FROM test_synced_records WHERE connector_id = $1', [connector.id]);
  },
  async describeSync(connectors) {
    return new Map(
      connectors
        .filter((connector) => connector.name === 'syncing')
        .map((connector) => [
          connector.id,
          {
            state: 'running' as const,
            last_success_at: '2026-01-01T00:00:00.000Z',
            entities: [{ entity: 'tasks', records: 1, synced_at: '2026-01-01T00:00:00.000Z' }],
          },
        ]),
    );
  },
};

describe.each<StoreKind>(['sqlite', 'postgres'])('HTTP API over %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;
  let appToken: string;

  beforeAll(async () => {
    location = await testStoreLocation(kind, 'http');
    store = await location.open();
    await store.migrate(syncExtension.migrations);
    t = await startTestApp(store, { extensions: [faultyExtension, syncExtension] });
    appToken = await t.applicationToken();
  });

  afterAll(async () => {
    await t?.close();
    await store?.close();
    await location?.cleanup();
  });

  describe('application tokens', () => {
    it('issues a bearer token for good client credentials', async () => {
      const response = await t.request('POST', PATHS.token, {
        body: { client_id: t.clientId, client_secret: t.clientSecret },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(Object.keys(response.body as object).sort()).toEqual([
        'access_token',
        'expires_in',
        'token_type',
      ]);
      const body = ApplicationTokenResponseSchema.parse(response.body);
      expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    });

    it('answers 401 invalid_client for a wrong secret or an unknown client id', async () => {
      const wrong = await t.request('POST', PATHS.token, {
        body: { client_id: t.clientId, client_secret: 'not-the-secret' },
      });
      const unknown = await t.request('POST', PATHS.token, {
        body: { client_id: 'nobody', client_secret: t.clientSecret },
      });
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401);
        expect(codesOf(response)).toEqual(['invalid_client']);
      }
    });

    it('names missing and unknown fields with 400', async () => {
      const missing = await t.request('POST', PATHS.token, { body: { client_id: t.clientId } });
      expect(missing.status).toBe(400);
      expect(errorOf(missing).errors).toEqual([
        { field: 'client_secret', message: 'client_secret is required', error_code: 'missing_param' },
      ]);
      const unknown = await t.request('POST', PATHS.token, {
        body: { client_id: t.clientId, client_secret: t.clientSecret, scope: 'all' },
      });
      expect(unknown.status).toBe(400);
      expect(errorOf(unknown).errors).toEqual([
        { field: 'scope', message: 'unknown field "scope"', error_code: 'invalid_param' },
      ]);
      const wrongType = await t.request('POST', PATHS.token, { body: { client_id: 7, client_secret: 'x' } });
      expect(wrongType.status).toBe(400);
      expect(fieldsOf(wrongType)).toEqual(['client_id']);
      expect(codesOf(wrongType)).toEqual(['invalid_param']);
    });

    it('answers 400 malformed_json for a body that is not JSON, and 400 for a non-object', async () => {
      for (const body of ['{"client_id":', '', '{"a":1}}', '\u00ff']) {
        const response = await t.request('POST', PATHS.token, { body });
        expect(response.status).toBe(400);
        expect(codesOf(response)).toEqual(['malformed_json']);
      }
      for (const body of ['[1,2]', 'null', '"text"']) {
        const response = await t.request('POST', PATHS.token, { body });
        expect(response.status).toBe(400);
        expect(codesOf(response)).toEqual(['invalid_param']);
      }
    });
  });

  describe('scoped tokens', () => {
    it('issues a scoped token with an application token, also for the workspace_name alias', async () => {
      for (const body of [{ external_user_id: 'user-1' }, { workspace_name: 'user-1' }]) {
        const response = await t.request('POST', PATHS.scoped, { token: appToken, body });
        expect(response.status).toBe(200);
        expect(Object.keys(response.body as object).sort()).toEqual(['expires_in', 'token', 'token_type']);
        expect(ScopedTokenResponseSchema.parse(response.body)).toMatchObject({
          token_type: 'bearer',
          expires_in: 1200,
        });
      }
    });

    it('needs an application token', async () => {
      const scoped = await t.scopedToken('user-1', appToken);
      const withScoped = await t.request('POST', PATHS.scoped, {
        token: scoped,
        body: { external_user_id: 'u' },
      });
      expect(withScoped.status).toBe(401);
      expect(codesOf(withScoped)).toEqual(['invalid_token']);
      const without = await t.request('POST', PATHS.scoped, { body: { external_user_id: 'u' } });
      expect(without.status).toBe(401);
      expect(codesOf(without)).toEqual(['missing_token']);
    });

    it('requires external_user_id', async () => {
      const response = await t.request('POST', PATHS.scoped, { token: appToken, body: {} });
      expect(response.status).toBe(400);
      expect(fieldsOf(response)).toEqual(['external_user_id']);
      expect(codesOf(response)).toEqual(['missing_param']);
    });
  });

  describe('token verification', () => {
    it('accepts any case of the Bearer scheme and refuses other schemes', async () => {
      const lower = await t.request('GET', PATHS.connectors, {
        headers: { authorization: `bearer ${appToken}` },
      });
      expect(lower.status).toBe(200);
      const basic = await t.request('GET', PATHS.connectors, {
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
      });
      expect(basic.status).toBe(401);
      expect(codesOf(basic)).toEqual(['invalid_token']);
    });

    it('refuses tampered tokens', async () => {
      const [header, payload, signature] = appToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const forgedPayload = Buffer.from(JSON.stringify({ ...claims, app: 'someone-else' })).toString(
        'base64url',
      );
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      for (const token of [
        `${header}.${forgedPayload}.${signature}`,
        `${header}.${payload}.${flipped}`,
        none,
        'not-a-token',
        `${appToken}x`,
      ]) {
        const response = await t.request('GET', PATHS.connectors, { token });
        expect(response.status, token).toBe(401);
        expect(codesOf(response)).toEqual(['invalid_token']);
      }
    });

    it('refuses a token signed by another server', async () => {
      const otherLocation = await testStoreLocation('sqlite', 'other-secret');
      const otherStore = await otherLocation.open();
      await otherStore.migrate();
      const other = await startTestApp(otherStore);
      try {
        const foreign = await other.applicationToken();
        const response = await t.request('GET', PATHS.connectors, { token: foreign });
        expect(response.status).toBe(401);
      } finally {
        await other.close();
        await otherStore.close();
        await otherLocation.cleanup();
      }
    });

    it('expires application tokens after 900 s and scoped tokens after 1200 s', async () => {
      const application = await t.applicationToken();
      const scoped = await t.scopedToken('user-exp', application);
      t.clock.advance(899_000);
      expect((await t.request('GET', PATHS.connectors, { token: application })).status).toBe(200);
      t.clock.advance(2_000);
      const expired = await t.request('GET', PATHS.connectors, { token: application });
      expect(expired.status).toBe(401);
      expect(codesOf(expired)).toEqual(['token_expired']);
      expect((await t.request('GET', PATHS.connectors, { token: scoped })).status).toBe(200);
      t.clock.advance(300_000);
      const scopedExpired = await t.request('GET', PATHS.connectors, { token: scoped });
      expect(scopedExpired.status).toBe(401);
      expect(codesOf(scopedExpired)).toEqual(['token_expired']);
      appToken = await t.applicationToken();
    });
  });

  describe('creating connectors', () => {
    const cases = [
      {
        label: 'task-management with a personal access token',
        body: { connector_type: 'task-management', credentials: { token: 'pat-secret' } },
        type: 'task-management',
      },
      {
        label: 'task-management by its alias, with OAuth',
        body: {
          connector_type: 'asana',
          credentials: { refresh_token: 'r', client_id: 'cid', client_secret: 'cs', access_token: 'a' },
        },
        type: 'task-management',
      },
      {
        label: 'support-desk with OAuth',
        body: {
          connector_type: 'support-desk',
          credentials: { access_token: 'a' },
          config: { subdomain: 'acme' },
        },
        type: 'support-desk',
      },
      {
        label: 'support-desk by its alias, with an API token',
        body: {
          connector_type: 'zendesk-support',
          credentials: { email: 'agent@example.com', api_token: 't' },
          config: { subdomain: 'Acme' },
        },
        type: 'support-desk',
      },
      {
        label: 'crm with an instance URL',
        body: {
          connector_type: 'crm',
          credentials: { refresh_token: 'r', client_id: 'key', client_secret: 'secret' },
          config: { instance_url: 'https://acme.my.salesforce.com' },
        },
        type: 'crm',
      },
      {
        label: 'crm by its alias, without config',
        body: {
          connector_type: 'salesforce',
          credentials: { refresh_token: 'r', client_id: 'k', client_secret: 's' },
        },
        type: 'crm',
      },
    ];

    it.each(cases)('creates $label', async ({ body, type }) => {
      const response = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: { external_user_id: 'creator', ...body },
      });
      expect(response.status).toBe(201);
      const created = CreatedConnectorSchema.parse(response.body);
      expect(Object.keys(response.body as object).sort()).toEqual(
        ['connector_type', 'created_at', 'external_user_id', 'id', 'name', 'status'].sort(),
      );
      expect(created).toMatchObject({
        connector_type: type,
        external_user_id: 'creator',
        status: 'active',
        name: `${type} - creator`,
      });
      expect(response.headers.get('location')).toBe(`${PATHS.connectors}/${created.id}`);
      expect(response.text).not.toMatch(/secret|refresh_token|api_token|"token"/);
    });

    it('keeps a given name', async () => {
      const response = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: {
          external_user_id: 'named',
          connector_type: 'asana',
          name: 'My board',
          credentials: { token: 'x' },
        },
      });
      expect(response.status).toBe(201);
      expect((response.body as { name: string }).name).toBe('My board');
    });

    it('answers 400 unknown_connector_type', async () => {
      const response = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: { external_user_id: 'u', connector_type: 'jira', credentials: { token: 'x' } },
      });
      expect(response.status).toBe(400);
      expect(codesOf(response)).toEqual(['unknown_connector_type']);
      expect(fieldsOf(response)).toEqual(['connector_type']);
    });

    it('answers 400 for the body shape: unknown fields, missing fields, wrong types', async () => {
      const unknown = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: { external_user_id: 'u', connector_type: 'asana', credentials: { token: 'x' }, colour: 'red' },
      });
      expect(unknown.status).toBe(400);
      expect(fieldsOf(unknown)).toEqual(['colour']);
      expect(codesOf(unknown)).toEqual(['invalid_param']);

      const missing = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: { connector_type: 'asana' },
      });
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing).sort()).toEqual(['credentials', 'external_user_id']);

      const wrongType = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: { external_user_id: 'u', connector_type: 'asana', credentials: 'pat' },
      });
      expect(wrongType.status).toBe(400);
      expect(fieldsOf(wrongType)).toEqual(['credentials']);
    });

    const invalid = [
      {
        label: 'empty task-management credentials',
        body: { connector_type: 'task-management', credentials: {} },
        fields: ['credentials'],
        codes: ['invalid_credentials'],
      },
      {
        label: 'incomplete task-management OAuth',
        body: { connector_type: 'task-management', credentials: { refresh_token: 'r' } },
        fields: ['credentials.client_id', 'credentials.client_secret'],
        codes: ['invalid_credentials', 'invalid_credentials'],
      },
      {
        label: 'mixed task-management methods',
        body: { connector_type: 'task-management', credentials: { token: 't', refresh_token: 'r' } },
        fields: ['credentials.refresh_token'],
        codes: ['invalid_credentials'],
      },
      {
        label: 'support-desk API token without email, and no subdomain',
        body: { connector_type: 'support-desk', credentials: { api_token: 't' } },
        fields: ['config.subdomain', 'credentials.email'],
        codes: ['invalid_config', 'invalid_credentials'],
      },
      {
        label: 'support-desk with a bad email and subdomain',
        body: {
          connector_type: 'support-desk',
          credentials: { email: 'not-an-email', api_token: 't' },
          config: { subdomain: 'acme.zendesk.com' },
        },
        fields: ['config.subdomain', 'credentials.email'],
        codes: ['invalid_config', 'invalid_credentials'],
      },
      {
        label: 'crm with a token method (unavailable)',
        body: { connector_type: 'crm', credentials: { api_token: 't', email: 'a@b.co' } },
        fields: ['credentials', 'credentials.api_token', 'credentials.email'],
        codes: ['invalid_credentials', 'invalid_credentials', 'invalid_credentials'],
      },
      {
        label: 'crm with an http instance URL and an unknown config variable',
        body: {
          connector_type: 'crm',
          credentials: { refresh_token: 'r', client_id: 'k', client_secret: 's' },
          config: { instance_url: 'http://acme.example.com', region: 'eu' },
        },
        fields: ['config.instance_url', 'config.region'],
        codes: ['invalid_config', 'invalid_config'],
      },
      {
        label: 'a base_url override the server does not allow',
        body: {
          connector_type: 'task-management',
          credentials: { token: 't' },
          config: { base_url: 'http://127.0.0.1:9/api' },
        },
        fields: ['config.base_url'],
        codes: ['base_url_not_allowed'],
      },
    ];

    it.each(invalid)('answers 422 with one error per bad field: $label', async ({ body, fields, codes }) => {
      const response = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: { external_user_id: 'u', ...body },
      });
      expect(response.status).toBe(422);
      const entries = errorOf(response).errors;
      expect(entries.map((entry) => entry.field).sort()).toEqual([...fields].sort());
      expect(
        entries
          .map((entry) => `${entry.field}:${entry.error_code}`)
          .sort()
          .map((pair) => pair.split(':')[1]),
      ).toEqual(
        fields
          .map((field, index) => `${field}:${codes[index]}`)
          .sort()
          .map((pair) => pair.split(':')[1]),
      );
    });

    it('takes config.base_url when the operator allows it', async () => {
      const permissive = await startTestApp(store, { allowUpstreamOverride: true, keyring: t.keyring });
      try {
        const response = await permissive.request('POST', PATHS.connectors, {
          token: await permissive.applicationToken(),
          body: {
            external_user_id: 'u',
            connector_type: 'task-management',
            credentials: { token: 't' },
            config: { base_url: 'http://127.0.0.1:9/api/1.0/' },
          },
        });
        expect(response.status).toBe(201);
        const id = (response.body as { id: string }).id;
        const stored = await store.findConnector(
          { applicationId: (await store.findApplicationByClientId(permissive.clientId))!.id },
          id,
        );
        expect(stored?.config).toEqual({ base_url: 'http://127.0.0.1:9/api/1.0' });
      } finally {
        await permissive.close();
      }
    });

    it('lets a scoped token create only for its own user (403 user_mismatch)', async () => {
      const scoped = await t.scopedToken('alice', appToken);
      const own = await t.request('POST', PATHS.connectors, {
        token: scoped,
        body: { external_user_id: 'alice', connector_type: 'asana', credentials: { token: 'x' } },
      });
      expect(own.status).toBe(201);
      const other = await t.request('POST', PATHS.connectors, {
        token: scoped,
        body: { external_user_id: 'bob', connector_type: 'asana', credentials: { token: 'x' } },
      });
      expect(other.status).toBe(403);
      expect(codesOf(other)).toEqual(['user_mismatch']);
      expect(fieldsOf(other)).toEqual(['external_user_id']);
    });
  });

  describe('reading and deleting connectors', () => {
    let tenant: { clientId: string; clientSecret: string };
    let otherAppToken: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      tenant = await t.registerTenant();
      otherAppToken = await t.applicationToken(tenant);
      for (const [key, user, type] of [
        ['carolTask', 'carol', 'asana'],
        ['carolCrm', 'carol', 'crm'],
        ['daveTask', 'dave', 'task-management'],
      ] as const) {
        const credentials =
          type === 'crm'
            ? { refresh_token: 'r', client_id: 'k', client_secret: 's' }
            : { token: `pat-${key}` };
        const response = await t.request('POST', PATHS.connectors, {
          token: appToken,
          body: { external_user_id: user, connector_type: type, credentials },
        });
        ids[key] = (response.body as { id: string }).id;
        // Distinct creation times, so "oldest first" has one answer.
        t.clock.advance(1000);
      }
      const foreign = await t.request('POST', PATHS.connectors, {
        token: otherAppToken,
        body: { external_user_id: 'carol', connector_type: 'asana', credentials: { token: 'foreign' } },
      });
      ids.foreign = (foreign.body as { id: string }).id;
    });

    it('gets a connector with its sync summary and without credentials', async () => {
      const response = await t.request('GET', `${PATHS.connectors}/${ids.carolTask}`, { token: appToken });
      expect(response.status).toBe(200);
      const connector = ConnectorSchema.parse(response.body);
      expect(Object.keys(response.body as object).sort()).toEqual(
        [
          'connector_type',
          'created_at',
          'external_user_id',
          'id',
          'name',
          'status',
          'sync',
          'updated_at',
        ].sort(),
      );
      expect(connector).toMatchObject({
        id: ids.carolTask,
        connector_type: 'task-management',
        external_user_id: 'carol',
        status: 'active',
        sync: { state: 'idle', last_success_at: null, entities: [] },
      });
      expect(response.text).not.toContain('pat-carolTask');
    });

    it('lists the application connectors, filtered by user and type', async () => {
      const carol = await t.request('GET', `${PATHS.connectors}?external_user_id=carol`, { token: appToken });
      expect(carol.status).toBe(200);
      const carolIds = ConnectorListSchema.parse(carol.body).data.map((connector) => connector.id);
      expect(carolIds).toEqual([ids.carolTask, ids.carolCrm]);

      const tasks = await t.request(
        'GET',
        `${PATHS.connectors}?external_user_id=carol&connector_type=asana`,
        {
          token: appToken,
        },
      );
      expect(ConnectorListSchema.parse(tasks.body).data.map((connector) => connector.id)).toEqual([
        ids.carolTask,
      ]);

      const alias = await t.request('GET', `${PATHS.connectors}?workspace_name=dave&connector_type=`, {
        token: appToken,
      });
      expect(ConnectorListSchema.parse(alias.body).data.map((connector) => connector.id)).toEqual([
        ids.daveTask,
      ]);

      const all = ConnectorListSchema.parse(
        (await t.request('GET', PATHS.connectors, { token: appToken })).body,
      );
      expect(all.data.map((connector) => connector.id)).toEqual(
        expect.arrayContaining([ids.carolTask, ids.daveTask]),
      );
      expect(all.data.map((connector) => connector.id)).not.toContain(ids.foreign);
    });

    it('refuses unknown list parameters and connector types', async () => {
      const unknown = await t.request('GET', `${PATHS.connectors}?definition_id=x`, { token: appToken });
      expect(unknown.status).toBe(400);
      expect(fieldsOf(unknown)).toEqual(['definition_id']);
      const badType = await t.request('GET', `${PATHS.connectors}?connector_type=jira`, { token: appToken });
      expect(badType.status).toBe(400);
      expect(codesOf(badType)).toEqual(['unknown_connector_type']);
    });

    it('shows a scoped token only its user', async () => {
      const scoped = await t.scopedToken('carol', appToken);
      const list = ConnectorListSchema.parse(
        (await t.request('GET', PATHS.connectors, { token: scoped })).body,
      );
      expect(list.data.map((connector) => connector.id)).toEqual([ids.carolTask, ids.carolCrm]);
      const asked = await t.request('GET', `${PATHS.connectors}?external_user_id=dave`, { token: scoped });
      expect(asked.status).toBe(403);
      expect(codesOf(asked)).toEqual(['user_mismatch']);
      const own = await t.request('GET', `${PATHS.connectors}/${ids.carolCrm}`, { token: scoped });
      expect(own.status).toBe(200);
    });

    it("answers 404, never 403, for another user's or another application's connector", async () => {
      const carol = await t.scopedToken('carol', appToken);
      const otherScoped = await t.scopedToken('carol', otherAppToken);
      const attempts: [string, string][] = [
        [carol, ids.daveTask!],
        [otherAppToken, ids.carolTask!],
        [otherScoped, ids.carolTask!],
        [appToken, ids.foreign!],
        [appToken, 'no-such-id'],
        [appToken, "'; DROP TABLE connectors; --"],
      ];
      for (const [token, id] of attempts) {
        for (const method of ['GET', 'DELETE']) {
          const response = await t.request(method, `${PATHS.connectors}/${encodeURIComponent(id)}`, {
            token,
          });
          expect(response.status, `${method} ${id}`).toBe(404);
          expect(codesOf(response)).toEqual(['not_found']);
        }
      }
      expect(
        (await t.request('GET', `${PATHS.connectors}/${ids.daveTask}`, { token: appToken })).status,
      ).toBe(200);
    });

    it('deletes a connector and its credentials', async () => {
      const scoped = await t.scopedToken('dave', appToken);
      const response = await t.request('DELETE', `${PATHS.connectors}/${ids.daveTask}`, { token: scoped });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect(
        (await t.request('GET', `${PATHS.connectors}/${ids.daveTask}`, { token: appToken })).status,
      ).toBe(404);
      expect(
        (await t.request('DELETE', `${PATHS.connectors}/${ids.daveTask}`, { token: appToken })).status,
      ).toBe(404);
      const rows = await store.db.query('SELECT id FROM connectors WHERE id = $1', [ids.daveTask]);
      expect(rows).toEqual([]);
    });
  });

  describe('errors and operations', () => {
    it('answers unknown routes with a 404 error body', async () => {
      const response = await t.request('GET', '/nope');
      expect(response.status).toBe(404);
      expect(codesOf(response)).toEqual(['not_found']);
    });

    it('needs a token on connector routes', async () => {
      const response = await t.request('GET', PATHS.connectors);
      expect(response.status).toBe(401);
      expect(codesOf(response)).toEqual(['missing_token']);
      const execute = await t.request('POST', '/api/v1/connectors/sources/x/execute', { body: {} });
      expect(execute.status).toBe(401);
    });

    it('answers unexpected failures with a bare 500 and logs them with the request id', async () => {
      const response = await t.request('GET', '/test/explode', {
        headers: { 'x-request-id': 'req-explode-1' },
      });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        message: 'internal error',
        errors: [{ message: 'internal error (request id req-explode-1)', error_code: 'internal' }],
      });
      expect(response.text).not.toContain('kaboom');
      const logged = t.logs
        .entries()
        .find((entry) => entry.msg === 'unhandled error' && entry.request_id === 'req-explode-1');
      expect(logged?.error).toMatchObject({ message: 'kaboom at /internal/path with stack' });
    });

    it('refuses a body over 1 MiB by its Content-Length, before reading it', async () => {
      const big = JSON.stringify({ client_id: 'x', client_secret: 'a'.repeat(1024 * 1024) });
      const response = await t.request('POST', PATHS.token, { body: big });
      expect(response.status).toBe(413);
      expect(codesOf(response)).toEqual(['payload_too_large']);
    });

    it('refuses a chunked body once it passes 1 MiB', async () => {
      let sent = 0;
      const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"client_id":"x","client_secret":"'));
          // Offer up to 4 MiB; the server must stop well before the end.
          if (sent >= 4 * 1024 * 1024) controller.close();
          else controller.enqueue(chunk);
          sent += chunk.byteLength;
        },
      });
      const response = await fetch(`${t.server.url}${PATHS.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(ErrorBodySchema.parse(await response.json()).errors[0]?.error_code).toBe('payload_too_large');
    });

    it('echoes a given request id, makes one otherwise, and logs one line per request', async () => {
      const given = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
      expect(given.headers.get('x-request-id')).toBe('abc-123');
      const made = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
      const madeId = made.headers.get('x-request-id');
      expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
      const lines = t.logs
        .entries()
        .filter((entry) => entry.msg === 'request' && entry.request_id === madeId);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ method: 'GET', path: '/healthz', route: '/healthz', status: 200 });
    });

    it('serves healthz, readyz and Prometheus metrics', async () => {
      expect((await t.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
      expect((await t.request('GET', '/readyz')).body).toEqual({ status: 'ready' });
      const metrics = await t.request('GET', '/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(metrics.text).toContain('# TYPE conduit_http_requests_total counter');
      expect(metrics.text).toMatch(
        /conduit_http_requests_total\{method="GET",route="\/v1\/integrations\/connectors\/:id",status="404"\} \d+/,
      );
      expect(metrics.text).toContain('# TYPE conduit_http_request_duration_seconds histogram');
      expect(metrics.text).toMatch(
        /conduit_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/healthz"\} \d+/,
      );
      expect(metrics.text).toContain('# TYPE conduit_upstream_requests_total counter');
      expect(metrics.text).toContain('# TYPE conduit_sync_lag_seconds gauge');
    });
  });

  describe('features plugged in as extensions', () => {
    it('serve their routes behind authentication, report sync state and erase their data on delete', async () => {
      const created = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: {
          external_user_id: 'ext-user',
          connector_type: 'asana',
          name: 'syncing',
          credentials: { token: 'x' },
        },
      });
      const id = (created.body as { id: string }).id;
      const sync = await t.request('GET', `/api/v1/connectors/sources/${id}/sync`, { token: appToken });
      expect(sync.status).toBe(200);
      expect(sync.body).toMatchObject({ entities: [{ entity: 'tasks', records: 1 }] });
      expect((await t.request('GET', `/api/v1/connectors/sources/${id}/sync`)).status).toBe(401);
      const other = await t.scopedToken('someone-else', appToken);
      expect((await t.request('GET', `/api/v1/connectors/sources/${id}/sync`, { token: other })).status).toBe(
        404,
      );

      const connector = ConnectorSchema.parse(
        (await t.request('GET', `${PATHS.connectors}/${id}`, { token: appToken })).body,
      );
      expect(connector.sync).toEqual({
        state: 'running',
        last_success_at: '2026-01-01T00:00:00.000Z',
        entities: [{ entity: 'tasks', records: 1, synced_at: '2026-01-01T00:00:00.000Z' }],
      });

      expect((await t.request('DELETE', `${PATHS.connectors}/${id}`, { token: appToken })).status).toBe(204);
      expect(
        await store.db.query('SELECT record_id FROM test_synced_records WHERE connector_id = $1', [id]),
      ).toEqual([]);
    });

    it('still creates the connector when a creation hook fails, and logs the failure', async () => {
      const response = await t.request('POST', PATHS.connectors, {
        token: appToken,
        body: { external_user_id: 'hook-fails', connector_type: 'asana', credentials: { token: 'x' } },
      });
      expect(response.status).toBe(201);
      const logged = t.logs.entries().find((entry) => entry.msg === 'connector creation hook failed');
      expect(logged).toMatchObject({
        extension: 'faulty',
        connector_id: (response.body as { id: string }).id,
      });
    });
  });

  describe('rate limit', () => {
    it('answers 429 with Retry-After once an application passes its limit, until the window ends', async () => {
      const limited = await startTestApp(store, {
        rateLimit: { limit: 3, windowMs: 60_000 },
        keyring: t.keyring,
      });
      try {
        // Logins are limited apart (failed ones, per client and address): 3 API calls pass.
        const token = await limited.applicationToken();
        for (let call = 0; call < 3; call += 1) {
          expect((await limited.request('GET', PATHS.connectors, { token })).status).toBe(200);
        }
        const refused = await limited.request('GET', PATHS.connectors, { token });
        expect(refused.status).toBe(429);
        expect(codesOf(refused)).toEqual(['rate_limited']);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        // Another application has its own budget.
        const other = await limited.registerTenant();
        expect(
          (await limited.request('GET', PATHS.connectors, { token: await limited.applicationToken(other) }))
            .status,
        ).toBe(200);
        limited.clock.advance(retryAfter * 1000);
        expect((await limited.request('GET', PATHS.connectors, { token })).status).toBe(200);
        const metrics = await limited.request('GET', '/metrics');
        expect(metrics.text).toMatch(/conduit_rate_limited_total [1-9]/);
      } finally {
        await limited.close();
      }
    });
  });
});
