import { HostedAdminClient, HostedClient } from '@conduit/hosted';
import {
  ApplicationListSchema,
  ApplicationSchema,
  ApplicationWithSecretSchema,
  ErrorBodySchema,
} from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { openApiCheckedFetch } from '../test-support/openapi-checked-fetch';
import {
  type StoreKind,
  startTestApp,
  type TestApp,
  type TestResponse,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';

const ADMIN_TOKEN = 'operator-admin-token-0123456789abcdef';

function codeOf(response: TestResponse): string | undefined {
  return ErrorBodySchema.parse(response.body).errors[0]?.error_code;
}

describe.each<StoreKind>(['sqlite', 'postgres'])('admin API over %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;

  beforeAll(async () => {
    location = await testStoreLocation(kind, 'admin');
    store = await location.open();
    await store.migrate();
    t = await startTestApp(store, { adminToken: ADMIN_TOKEN });
  });

  afterAll(async () => {
    await t?.close();
    await store?.close();
    await location?.cleanup();
  });

  const admin = (method: string, path: string, body?: unknown) =>
    t.request(method, path, { token: ADMIN_TOKEN, ...(body === undefined ? {} : { body }) });

  it('refuses every call without the operator token, with a wrong one, or with an application token', async () => {
    const appToken = await t.applicationToken();
    const calls: [string, string][] = [
      ['GET', '/admin/v1/applications'],
      ['POST', '/admin/v1/applications'],
      ['POST', `/admin/v1/applications/${t.clientId}/revoke`],
      ['POST', `/admin/v1/applications/${t.clientId}/rotate-secret`],
    ];
    for (const [method, path] of calls) {
      const body = method === 'GET' ? {} : { body: { name: 'x' } };
      const missing = await t.request(method, path, body);
      expect(missing.status).toBe(401);
      expect(codeOf(missing)).toBe('missing_token');
      for (const token of [appToken, `${ADMIN_TOKEN}0`, ADMIN_TOKEN.slice(1)]) {
        const refused = await t.request(method, path, { token, ...body });
        expect(refused.status).toBe(401);
        expect(codeOf(refused)).toBe('invalid_token');
      }
    }
    // Nothing was revoked or rotated by the refused calls.
    expect(await t.applicationToken()).toBeTruthy();
    const { data } = ApplicationListSchema.parse((await admin('GET', '/admin/v1/applications')).body);
    expect(data.map((application) => application.client_id)).toEqual([t.clientId]);
  });

  it('creates an application whose secret is shown once and gets tokens', async () => {
    const created = await admin('POST', '/admin/v1/applications', { name: 'Billing app' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const body = ApplicationWithSecretSchema.parse(created.body);
    expect(body).toMatchObject({ name: 'Billing app', status: 'active', revoked_at: null });
    expect(body.client_id).toMatch(/^app_[0-9a-f]{16}$/);
    const token = await t.applicationToken({ clientId: body.client_id, clientSecret: body.client_secret });
    expect(token).toBeTruthy();

    const listed = await admin('GET', '/admin/v1/applications');
    expect(listed.text).not.toContain(body.client_secret);
    const entry = ApplicationListSchema.parse(listed.body).data.find((a) => a.client_id === body.client_id);
    expect(entry).toEqual(ApplicationSchema.parse({ ...body, client_secret: undefined }));
    expect(t.logs.lines.join('\n')).not.toContain(body.client_secret);
  });

  it('takes a chosen client id once, and validates the body', async () => {
    const first = await admin('POST', '/admin/v1/applications', { name: 'Chosen', client_id: 'chosen-id' });
    expect(first.status).toBe(201);
    const again = await admin('POST', '/admin/v1/applications', { name: 'Chosen', client_id: 'chosen-id' });
    expect(again.status).toBe(409);
    expect(codeOf(again)).toBe('client_id_taken');
    const bad = await admin('POST', '/admin/v1/applications', { name: '', client_id: 'has space', extra: 1 });
    expect(bad.status).toBe(400);
    expect(
      ErrorBodySchema.parse(bad.body)
        .errors.map((entry) => entry.field)
        .sort(),
    ).toEqual(['client_id', 'extra', 'name']);
  });

  it('revokes an application: its live tokens stop at once and its secret gets no new ones', async () => {
    const created = ApplicationWithSecretSchema.parse(
      (await admin('POST', '/admin/v1/applications', { name: 'To revoke' })).body,
    );
    const credentials = { clientId: created.client_id, clientSecret: created.client_secret };
    const appToken = await t.applicationToken(credentials);
    const scoped = await t.scopedToken('user-1', appToken);
    const connector = await t.request('POST', '/v1/integrations/connectors', {
      token: scoped,
      body: { external_user_id: 'user-1', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    expect(connector.status).toBe(201);

    const revoked = await admin('POST', `/admin/v1/applications/${created.client_id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(ApplicationSchema.parse(revoked.body)).toMatchObject({ status: 'revoked' });
    for (const token of [appToken, scoped]) {
      const refused = await t.request('GET', '/v1/integrations/connectors', { token });
      expect(refused.status).toBe(401);
      expect(codeOf(refused)).toBe('invalid_token');
    }
    const scopedAgain = await t.request('POST', '/api/v1/account/applications/scoped-token', {
      token: appToken,
      body: { external_user_id: 'user-1' },
    });
    expect(scopedAgain.status).toBe(401);
    await expect(t.applicationToken(credentials)).rejects.toThrow(/answered 401.*invalid_client/);
    // Revoking again is harmless; rotating a revoked application's secret is refused.
    expect((await admin('POST', `/admin/v1/applications/${created.client_id}/revoke`)).status).toBe(200);
    const rotate = await admin('POST', `/admin/v1/applications/${created.client_id}/rotate-secret`);
    expect(rotate.status).toBe(409);
    expect(codeOf(rotate)).toBe('application_revoked');
    // Other applications are untouched.
    expect(
      (await t.request('GET', '/v1/integrations/connectors', { token: await t.applicationToken() })).status,
    ).toBe(200);
  });

  it('is driven by HostedAdminClient, whose requests conform to the OpenAPI document', async () => {
    const checked = await openApiCheckedFetch(t.server.url);
    const adminClient = new HostedAdminClient({
      baseUrl: t.server.url,
      adminToken: ADMIN_TOKEN,
      fetch: checked.fetch,
    });
    const created = await adminClient.createApplication({ name: 'From the client', clientId: 'client-made' });
    expect(created).toMatchObject({ client_id: 'client-made', status: 'active' });
    const client = new HostedClient({
      baseUrl: t.server.url,
      fetch: checked.fetch,
      externalUserId: 'u',
      platformClientId: created.client_id,
      platformClientSecret: created.client_secret,
    });
    expect(await client.listConnectors()).toEqual([]);
    expect((await adminClient.listApplications()).map((a) => a.client_id)).toContain('client-made');
    const rotated = await adminClient.rotateApplicationSecret('client-made');
    expect(rotated.client_secret).not.toBe(created.client_secret);
    expect((await adminClient.revokeApplication('client-made')).status).toBe('revoked');
    await expect(client.listConnectors()).rejects.toMatchObject({ status: 401 });
    await expect(
      new HostedAdminClient({
        baseUrl: t.server.url,
        adminToken: 'wrong',
        fetch: checked.fetch,
      }).listApplications(),
    ).rejects.toMatchObject({ status: 401 });
    expect(checked.checked()).toBeGreaterThan(6);
    expect(checked.issues).toEqual([]);
  });

  it('rotates a secret: the new one gets tokens, the old one no longer does', async () => {
    const created = ApplicationWithSecretSchema.parse(
      (await admin('POST', '/admin/v1/applications', { name: 'To rotate' })).body,
    );
    const rotated = await admin('POST', `/admin/v1/applications/${created.client_id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const body = ApplicationWithSecretSchema.parse(rotated.body);
    expect(body.client_secret).not.toBe(created.client_secret);
    expect(
      await t.applicationToken({ clientId: created.client_id, clientSecret: body.client_secret }),
    ).toBeTruthy();
    await expect(
      t.applicationToken({ clientId: created.client_id, clientSecret: created.client_secret }),
    ).rejects.toThrow(/401/);
    const unknown = await admin('POST', '/admin/v1/applications/nobody/rotate-secret');
    expect(unknown.status).toBe(404);
  });

  it('refuses a scoped token minted from an application token issued before rotate-secret (issue 28, finding 8)', async () => {
    const created = ApplicationWithSecretSchema.parse(
      (await admin('POST', '/admin/v1/applications', { name: 'Leaked' })).body,
    );
    const before = await t.applicationToken({
      clientId: created.client_id,
      clientSecret: created.client_secret,
    });
    const mint = (token: string) =>
      t.request('POST', '/api/v1/account/applications/scoped-token', {
        token,
        body: { external_user_id: 'user-1' },
      });
    expect((await mint(before)).status).toBe(200);
    const rotated = ApplicationWithSecretSchema.parse(
      (await admin('POST', `/admin/v1/applications/${created.client_id}/rotate-secret`)).body,
    );
    const refused = await mint(before);
    expect(refused.status).toBe(401);
    expect(codeOf(refused)).toBe('secret_rotated');
    const after = await t.applicationToken({
      clientId: created.client_id,
      clientSecret: rotated.client_secret,
    });
    expect((await mint(after)).status).toBe(200);
    // The generation is the store's, not this process's: it survives a second rotation too.
    await admin('POST', `/admin/v1/applications/${created.client_id}/rotate-secret`);
    expect(codeOf(await mint(after))).toBe('secret_rotated');
  });
});

describe('admin API without CONDUIT_ADMIN_TOKEN', () => {
  it('answers 404 admin_api_disabled, whatever token is sent', async () => {
    const location = await testStoreLocation('sqlite', 'admin-off');
    const store = await location.open();
    await store.migrate();
    const t = await startTestApp(store);
    try {
      for (const token of [undefined, ADMIN_TOKEN, await t.applicationToken()]) {
        const response = await t.request('GET', '/admin/v1/applications', token ? { token } : {});
        expect(response.status).toBe(404);
        expect(codeOf(response)).toBe('admin_api_disabled');
      }
    } finally {
      await t.close();
      await store.close();
      await location.cleanup();
    }
  });
});
