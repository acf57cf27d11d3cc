import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { openConnectSession } from '../test-support/connect-browser';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';

const CLIENT = { clientId: 'operator-client', clientSecret: 'operator-secret-0123456789' };

// Issue 28, finding 1: the operator's OAuth client goes only to each kind's identity hosts. The
// upstream override is on (the worst case: it used to put base_url on the form); nothing here
// follows a redirect, so no upstream is contacted.
describe('the connect page sends sign-ins only to the kind’s identity hosts', () => {
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'connect-oauth-hosts');
    store = await location.open();
    await store.migrate();
    t = await startTestApp(store, {
      egress: {},
      allowUpstreamOverride: true,
      oauthHostsAllow: ['crm.internal.example'],
      oauthClients: { 'task-management': CLIENT, 'support-desk': CLIENT, crm: CLIENT },
    });
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await location?.cleanup();
  });

  async function signIn(type: string, fields: Record<string, string>) {
    const session = await openConnectSession(t, 'hosts-user', { connector_types: [type] });
    const response = await fetch(`${t.server.url}${session.url}/oauth`, {
      method: 'POST',
      body: new URLSearchParams({ connector_type: type, method: 'oauth', ...fields }),
      redirect: 'manual',
    });
    const target = response.headers.get('location');
    return {
      status: response.status,
      location: target === null ? undefined : new URL(target),
      page: await response.text(),
    };
  }

  it('never offers base_url to an end user, and ignores one posted', async () => {
    const session = await openConnectSession(t, 'hosts-user', {
      connector_types: ['asana', 'zendesk-support', 'salesforce'],
    });
    const page = await (await fetch(`${t.server.url}${session.url}`)).text();
    expect(page).toContain('Continue to Asana');
    expect(page).not.toContain('config.base_url');
    const asana = await signIn('task-management', { 'config.base_url': 'https://attacker.example/api/1.0' });
    expect(asana.status).toBe(303);
    expect(asana.location?.origin).toBe('https://app.asana.com');
    const zendesk = await signIn('support-desk', {
      'config.subdomain': 'acme',
      'config.base_url': 'https://attacker.example',
    });
    expect(zendesk.location?.origin).toBe('https://acme.zendesk.com');
  });

  it.each([
    'https://attacker.example',
    'https://my.salesforce.com.attacker.example',
    'https://login.salesforce.com.attacker.example',
  ])('refuses Salesforce instance_url %s before any redirect, naming the field', async (instanceUrl) => {
    const { status, location, page } = await signIn('crm', { 'config.instance_url': instanceUrl });
    expect(status).toBe(422);
    expect(location).toBeUndefined();
    expect(page).toMatch(/name="config.instance_url"[^>]*aria-invalid="true"/);
    expect(page).toContain('is not a Salesforce sign-in host');
  });

  it.each([
    ['https://acme.my.salesforce.com', 'https://acme.my.salesforce.com'],
    ['https://acme--uat.sandbox.my.salesforce.com', 'https://acme--uat.sandbox.my.salesforce.com'],
    // The operator's CONDUIT_OAUTH_HOSTS_ALLOW adds a host.
    ['https://crm.internal.example', 'https://crm.internal.example'],
  ])('signs in on %s', async (instanceUrl, origin) => {
    const { status, location } = await signIn('crm', { 'config.instance_url': instanceUrl });
    expect(status).toBe(303);
    expect(location?.origin).toBe(origin);
    expect(location?.searchParams.get('client_id')).toBe(CLIENT.clientId);
  });
  it('refuses an application aiming a connector that holds the operator’s client at another host', async () => {
    const token = await t.applicationToken();
    const create = (clientId: string) =>
      t.request('POST', '/v1/integrations/connectors', {
        token,
        body: {
          external_user_id: 'hosts-user',
          connector_type: 'crm',
          credentials: { refresh_token: 'r', client_id: clientId, client_secret: 's' },
          config: { instance_url: 'https://acme.my.salesforce.com' },
        },
      });
    const patch = (id: string, instanceUrl: string) =>
      t.request('PATCH', `/v1/integrations/connectors/${id}`, {
        token,
        body: { config: { instance_url: instanceUrl } },
      });
    const operators = await create(CLIENT.clientId);
    expect(operators.status, operators.text).toBe(201);
    const id = (operators.body as { id: string }).id;
    // Every refresh would send the operator's secret to the new instance's token endpoint.
    const away = await patch(id, 'https://collector.example');
    expect(away.status).toBe(422);
    expect(away.body).toMatchObject({
      errors: [
        expect.objectContaining({ field: 'config.instance_url', error_code: 'oauth_host_not_allowed' }),
      ],
    });
    expect((await patch(id, 'https://acme2.my.salesforce.com')).status).toBe(200);
    // A connector with the application's own OAuth client may point anywhere the policy allows.
    const own = await create('the-applications-own-client');
    expect((await patch((own.body as { id: string }).id, 'https://collector.example')).status).toBe(200);
  });
});
