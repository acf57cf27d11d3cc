import { HostedClient } from '@conduit/hosted';
import { ConnectSessionSchema, CreatedConnectorSchema, ErrorBodySchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiCheckedFetch } from '../test-support/openapi-checked-fetch';
import {
  type StoreKind,
  startTestApp,
  type TestApp,
  type TestResponse,
  testStoreLocation,
} from '../test-support/test-app';

const ADMIN_TOKEN = 'connect-sessions-admin-token-0123456789';

function codes(response: TestResponse): string[] {
  return ErrorBodySchema.parse(response.body).errors.map((entry) => entry.error_code);
}

describe.each<StoreKind>(['sqlite', 'postgres'])('connect sessions over %s', (kind) => {
  let t: TestApp;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const location = await testStoreLocation(kind, 'connect-sessions');
    const store = await location.open();
    await store.migrate();
    t = await startTestApp(store, { adminToken: ADMIN_TOKEN });
    // The operator allows the application's origin: the hosted client sets return_url with a
    // scoped token, which may only name an allowed origin (issue 28, finding 10).
    const allowed = await t.request('PUT', `/admin/v1/applications/${t.clientId}/return-url-origins`, {
      token: ADMIN_TOKEN,
      body: { origins: ['https://app.example'] },
    });
    expect(allowed.status, allowed.text).toBe(200);
    cleanup = async () => {
      await t.close();
      await store.close();
      await location.cleanup();
    };
  });

  afterAll(async () => {
    await cleanup?.();
  });

  it('is created and polled through the hosted client, as the OpenAPI document says', async () => {
    const checked = await openApiCheckedFetch(t.server.url);
    const client = new HostedClient({
      fetch: checked.fetch,
      externalUserId: 'connect-user',
      platformClientId: t.clientId,
      platformClientSecret: t.clientSecret,
      baseUrl: t.server.url,
    });
    const session = await client.createConnectSession({
      connectorTypes: ['asana'],
      returnUrl: 'https://app.example/done',
      webhookUrl: 'https://app.example/hooks/conduit',
    });
    expect(session).toMatchObject({
      url: `/connect/${session.id}`,
      external_user_id: 'connect-user',
      connector_types: ['task-management'],
      status: 'pending',
      connector_id: null,
      return_url: 'https://app.example/done',
      completed_at: null,
    });
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(1800_000);
    expect(session.created_at).toBe(new Date(t.clock.now()).toISOString());
    // Long and random: the id is the page's only credential.
    expect(session.id).toMatch(/^cs_[A-Za-z0-9_-]{32}$/);
    expect(session.webhook_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const { webhook_secret: _shownOnce, ...polled } = session;
    expect(await client.getConnectSession(session.id)).toEqual(polled);
    // Without kinds, every kind the service runs.
    const all = await client.createConnectSession();
    expect(all.connector_types).toEqual(['task-management', 'support-desk', 'crm']);
    expect(checked.issues).toEqual([]);
  });

  it('refuses bad bodies: shape 400, unknown kinds 422, another user 403, no token 401', async () => {
    const app = await t.applicationToken();
    const create = (body: unknown, token: string | null = app) =>
      t.request('POST', '/v1/integrations/connect-sessions', token === null ? { body } : { token, body });
    const noUser = await create({ connector_types: ['asana'] });
    expect(noUser.status).toBe(400);
    const badUrl = await create({ external_user_id: 'u', return_url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(codes(badUrl)).toEqual(['invalid_param']);
    const unknown = await create({ external_user_id: 'u', connector_types: ['nope'] });
    expect(unknown.status).toBe(422);
    expect(codes(unknown)).toEqual(['unknown_connector_type']);
    const scoped = await t.scopedToken('someone');
    expect((await create({ external_user_id: 'someone-else' }, scoped)).status).toBe(403);
    expect((await create({ external_user_id: 'u' }, null)).status).toBe(401);
  });

  it("is another tenant's or another user's 404", async () => {
    const app = await t.applicationToken();
    const created = await t.request('POST', '/v1/integrations/connect-sessions', {
      token: app,
      body: { external_user_id: 'owner' },
    });
    expect(created.status).toBe(201);
    const { id } = ConnectSessionSchema.parse(created.body);
    expect(created.headers.get('location')).toBe(`/v1/integrations/connect-sessions/${id}`);
    const path = `/v1/integrations/connect-sessions/${id}`;
    expect((await t.request('GET', path, { token: await t.scopedToken('owner') })).status).toBe(200);
    expect((await t.request('GET', path, { token: await t.scopedToken('other') })).status).toBe(404);
    const tenant = await t.registerTenant();
    const otherApp = await t.applicationToken(tenant);
    expect((await t.request('GET', path, { token: otherApp })).status).toBe(404);
    expect((await t.request('GET', '/v1/integrations/connect-sessions/cs_nope', { token: app })).status).toBe(
      404,
    );
  });

  it('completes once, and expires when not completed in time', async () => {
    const app = await t.applicationToken();
    const open = async () =>
      ConnectSessionSchema.parse(
        (
          await t.request('POST', '/v1/integrations/connect-sessions', {
            token: app,
            body: { external_user_id: 'timer' },
          })
        ).body,
      );
    const done = await open();
    expect(await t.app.services.connectSessions.complete(done.id, 'connector-1')).toBe(true);
    expect(await t.app.services.connectSessions.complete(done.id, 'connector-2')).toBe(false);
    const completed = ConnectSessionSchema.parse(
      (await t.request('GET', `/v1/integrations/connect-sessions/${done.id}`, { token: app })).body,
    );
    expect(completed).toMatchObject({ status: 'completed', connector_id: 'connector-1' });
    expect(completed.completed_at).not.toBeNull();

    const late = await open();
    t.clock.advance(1800_000);
    const fresh = await t.applicationToken();
    const expired = ConnectSessionSchema.parse(
      (await t.request('GET', `/v1/integrations/connect-sessions/${late.id}`, { token: fresh })).body,
    );
    expect(expired).toMatchObject({ status: 'expired', connector_id: null });
    expect(await t.app.services.connectSessions.complete(late.id, 'connector-3')).toBe(false);
  });

  it("re-authorizes one of the user's connectors, offering only its kind", async () => {
    const token = await t.scopedToken('reauth');
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'reauth',
        connector_type: 'zendesk-support',
        credentials: { access_token: 'x' },
        config: { subdomain: 'acme' },
      },
    });
    expect(created.status, created.text).toBe(201);
    const { id } = CreatedConnectorSchema.parse(created.body);
    const session = await t.request('POST', '/v1/integrations/connect-sessions', {
      token,
      body: { external_user_id: 'reauth', connector_id: id, connector_types: ['asana'] },
    });
    expect(session.status).toBe(201);
    expect(ConnectSessionSchema.parse(session.body)).toMatchObject({
      connector_types: ['support-desk'],
      connector_id: null,
    });
    const app = await t.applicationToken();
    const mismatch = await t.request('POST', '/v1/integrations/connect-sessions', {
      token: app,
      body: { external_user_id: 'someone-else', connector_id: id },
    });
    expect(mismatch.status).toBe(422);
    const missing = await t.request('POST', '/v1/integrations/connect-sessions', {
      token: app,
      body: { external_user_id: 'reauth', connector_id: 'nope' },
    });
    expect(missing.status).toBe(422);
  });

  it('holds return_url to the application’s allowed origins; no credentials; scoped tokens only inside them', async () => {
    const app = await t.applicationToken();
    const scoped = await t.scopedToken('return-user');
    const create = (token: string, returnUrl: string) =>
      t.request('POST', '/v1/integrations/connect-sessions', {
        token,
        body: { external_user_id: 'return-user', return_url: returnUrl },
      });
    const origins = `/admin/v1/applications/${t.clientId}/return-url-origins`;
    expect((await t.request('GET', origins, { token: ADMIN_TOKEN })).body).toEqual({
      client_id: t.clientId,
      origins: ['https://app.example'],
    });
    expect((await create(scoped, 'https://app.example/back?x=1')).status).toBe(201);
    expect((await create(app, 'https://app.example/back')).status).toBe(201);
    for (const token of [scoped, app]) {
      const elsewhere = await create(token, 'https://attacker.example/phish');
      expect(elsewhere.status).toBe(400);
      expect(codes(elsewhere)).toEqual(['return_url_not_allowed']);
      // Another port or scheme is another origin.
      expect((await create(token, 'http://app.example/back')).status).toBe(400);
      expect((await create(token, 'https://app.example:8443/back')).status).toBe(400);
      const credentials = await create(token, 'https://user:pass@app.example/back');
      expect(credentials.status).toBe(400);
      expect(ErrorBodySchema.parse(credentials.body).errors[0]).toMatchObject({ field: 'return_url' });
    }
    // Origins only, checked as a body.
    for (const bad of [['https://app.example/path'], ['ftp://app.example'], ['not a url'], 'x']) {
      const refused = await t.request('PUT', origins, { token: ADMIN_TOKEN, body: { origins: bad } });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (
        await t.request('PUT', '/admin/v1/applications/nobody/return-url-origins', {
          token: ADMIN_TOKEN,
          body: { origins: [] },
        })
      ).status,
    ).toBe(404);

    // With none set, an application token may name any address without credentials, a scoped
    // token none (it may sit in a browser).
    const other = await t.request('POST', '/admin/v1/applications', {
      token: ADMIN_TOKEN,
      body: { name: 'other' },
    });
    const { client_id, client_secret } = other.body as { client_id: string; client_secret: string };
    const otherToken = (
      await t.request('POST', '/api/v1/account/applications/token', { body: { client_id, client_secret } })
    ).body as { access_token: string };
    const otherScoped = await t.scopedToken('return-user', otherToken.access_token);
    expect((await create(otherToken.access_token, 'https://anywhere.example/back')).status).toBe(201);
    expect((await create(otherToken.access_token, 'https://u:p@anywhere.example/back')).status).toBe(400);
    const fromScoped = await create(otherScoped, 'https://anywhere.example/back');
    expect(fromScoped.status).toBe(403);
    expect(codes(fromScoped)).toEqual(['return_url_not_allowed']);
    expect(
      (
        await t.request('POST', '/v1/integrations/connect-sessions', {
          token: otherScoped,
          body: { external_user_id: 'return-user' },
        })
      ).status,
    ).toBe(201);
  });
});
