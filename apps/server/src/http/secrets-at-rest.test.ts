import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { StoreKind, TestApp, TestStoreLocation } from '../test-support/test-app';

/** Distinctive values that must never appear in plaintext at rest or in a log line. */
const SECRETS = {
  pat: 'PAT-7c1e9b2f-plaintext-marker',
  refresh: 'REFRESH-55aa10-plaintext-marker',
  oauthSecret: 'OAUTHSECRET-d00d-plaintext-marker',
  access: 'ACCESS-beef42-plaintext-marker',
  apiToken: 'APITOKEN-91f0-plaintext-marker',
  crmSecret: 'CRMSECRET-4a4a-plaintext-marker',
};

describe.each<StoreKind>(['sqlite', 'postgres'])('secrets at rest and in logs (%s)', (kind) => {
  let app: StoredTestApp;
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;
  const issued: string[] = [];

  beforeAll(async () => {
    app = await startStoredTestApp(kind, 'secrets');
    ({ location, store, t } = app);
    const appToken = await t.applicationToken();
    const scoped = await t.scopedToken('secret-user', appToken);
    issued.push(appToken, scoped, t.clientSecret);
    const bodies = [
      { connector_type: 'asana', credentials: { token: SECRETS.pat } },
      {
        connector_type: 'task-management',
        credentials: {
          refresh_token: SECRETS.refresh,
          client_id: 'cid',
          client_secret: SECRETS.oauthSecret,
          access_token: SECRETS.access,
        },
      },
      {
        connector_type: 'support-desk',
        credentials: { email: 'agent@example.com', api_token: SECRETS.apiToken },
        config: { subdomain: 'acme' },
      },
      {
        connector_type: 'crm',
        credentials: { refresh_token: SECRETS.refresh, client_id: 'k', client_secret: SECRETS.crmSecret },
      },
    ];
    for (const body of bodies) {
      const response = await t.request('POST', '/v1/integrations/connectors', {
        token: scoped,
        body: { external_user_id: 'secret-user', ...body },
      });
      expect(response.status).toBe(201);
    }
    // Failed attempts log too: a 422 must not echo the secret it refused.
    const refused = await t.request('POST', '/v1/integrations/connectors', {
      token: scoped,
      body: {
        external_user_id: 'secret-user',
        connector_type: 'crm',
        credentials: { api_token: SECRETS.apiToken },
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.text).not.toContain(SECRETS.apiToken);
    const wrongLogin = await t.request('POST', '/api/v1/account/applications/token', {
      body: { client_id: t.clientId, client_secret: SECRETS.oauthSecret },
    });
    expect(wrongLogin.status).toBe(401);
    expect(wrongLogin.text).not.toContain(SECRETS.oauthSecret);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('keeps every credential encrypted in the store', async () => {
    const needles = [...Object.values(SECRETS), t.clientSecret];
    if (kind === 'sqlite') {
      // Read the database and its write-ahead log byte for byte while the server still runs.
      const files = (await readdir(location.dataDir!)).filter((name) => name.startsWith('conduit.db'));
      expect(files).toContain('conduit.db');
      for (const name of files) {
        const bytes = await readFile(join(location.dataDir!, name));
        for (const needle of needles)
          expect(bytes.includes(Buffer.from(needle)), `${needle} in ${name}`).toBe(false);
      }
    } else {
      for (const table of ['connectors', 'applications', 'settings']) {
        const rows = await store.db.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t`);
        expect(rows.length).toBeGreaterThan(0);
        const dump = rows.map((row) => row.row).join('\n');
        for (const needle of needles) expect(dump.includes(needle), `${needle} in ${table}`).toBe(false);
      }
    }
    const stored = await store.db.query<{ credentials_key_id: string }>(
      'SELECT credentials_key_id FROM connectors',
    );
    expect(stored.map((row) => row.credentials_key_id)).toEqual(Array(4).fill('test-key'));
  });

  it('never writes a secret or a token into a log line', () => {
    expect(t.logs.lines.length).toBeGreaterThan(5);
    const everything = t.logs.lines.join('\n');
    for (const needle of [...Object.values(SECRETS), ...issued])
      expect(everything.includes(needle), needle).toBe(false);
  });
});
