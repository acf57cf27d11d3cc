import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { openConnectSession } from '../test-support/connect-browser';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';

const ZENDESK = { clientId: 'zd-client', clientSecret: 'zd-secret-0123456789' };
const SALESFORCE = { clientId: 'sf-client', clientSecret: 'sf-secret-0123456789' };

// The production settings: no upstream override, public addresses only. Nothing here follows a
// redirect, so no upstream is contacted.
describe('where the connect page sends the browser to sign in, by kind and config', () => {
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'connect-oauth-endpoints');
    store = await location.open();
    await store.migrate();
    t = await startTestApp(store, {
      egress: {},
      oauthClients: { 'support-desk': ZENDESK, crm: SALESFORCE },
    });
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await location?.cleanup();
  });

  async function signIn(type: string, config: Record<string, string>) {
    const session = await openConnectSession(t, 'endpoint-user', { connector_types: [type] });
    const form = new URLSearchParams({ connector_type: type, method: 'oauth' });
    for (const [name, value] of Object.entries(config)) form.set(`config.${name}`, value);
    const response = await fetch(`${t.server.url}${session.url}/oauth`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    return {
      status: response.status,
      location: location === null ? undefined : new URL(location),
      page: await response.text(),
    };
  }

  it('Zendesk: the consent page of the account’s own subdomain, read scope, PKCE', async () => {
    const { status, location } = await signIn('support-desk', { subdomain: 'Acme' });
    expect(status).toBe(303);
    expect(`${location!.origin}${location!.pathname}`).toBe(
      'https://acme.zendesk.com/oauth/authorizations/new',
    );
    expect(location!.searchParams.get('client_id')).toBe(ZENDESK.clientId);
    expect(location!.searchParams.get('scope')).toBe('read');
    expect(location!.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('Zendesk: a missing or malformed subdomain is asked for again, with no redirect', async () => {
    const missing = await signIn('support-desk', {});
    expect(missing.status).toBe(422);
    expect(missing.location).toBeUndefined();
    expect(missing.page).toMatch(/name="config.subdomain"[^>]*aria-invalid="true"/);
    const dotted = await signIn('support-desk', { subdomain: 'acme.zendesk.com' });
    expect(dotted.status).toBe(422);
    expect(dotted.page).toContain('give only the subdomain');
  });

  it.each([
    [undefined, 'https://login.salesforce.com/services/oauth2/authorize'],
    ['https://test.salesforce.com', 'https://test.salesforce.com/services/oauth2/authorize'],
    ['https://acme.my.salesforce.com/', 'https://acme.my.salesforce.com/services/oauth2/authorize'],
  ])('Salesforce with instance_url %s: %s', async (instanceUrl, expected) => {
    const { status, location } = await signIn(
      'crm',
      instanceUrl === undefined ? {} : { instance_url: instanceUrl },
    );
    expect(status).toBe(303);
    expect(`${location!.origin}${location!.pathname}`).toBe(expected);
    expect(location!.searchParams.get('scope')).toBe('api refresh_token');
    expect(location!.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    'https://10.0.0.8',
    'https://127.0.0.1',
    'https://169.254.169.254',
    'http://acme.my.salesforce.com',
  ])('Salesforce: refuses instance_url %s before any redirect, naming the field', async (instanceUrl) => {
    const { status, location, page } = await signIn('crm', { instance_url: instanceUrl });
    expect(status).toBe(422);
    expect(location).toBeUndefined();
    expect(page).toMatch(/name="config.instance_url"[^>]*aria-invalid="true"/);
  });
});
