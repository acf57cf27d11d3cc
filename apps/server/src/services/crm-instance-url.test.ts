import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';

describe('the CRM kind instance_url', () => {
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'crm-instance-url');
    store = await location.open();
    await store.migrate();
    // The production default: public addresses only, no upstream overrides.
    t = await startTestApp(store, { egress: {} });
    token = await t.applicationToken();
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await location?.cleanup();
  });

  const create = (instanceUrl: string) =>
    t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'u',
        connector_type: 'crm',
        credentials: { refresh_token: 'r', client_id: 'c', client_secret: 's' },
        config: { instance_url: instanceUrl },
      },
    });

  it.each([
    'https://169.254.169.254',
    'https://127.0.0.1',
    'https://127.1',
    'https://2130706433',
    'https://0x7f000001',
    'https://[::1]',
    'https://[::ffff:127.0.0.1]',
    'https://localhost',
    'https://10.0.0.8',
    'https://192.168.1.20',
    'https://[fd00::1]',
  ])('refuses %s with 422 naming config.instance_url', async (url) => {
    const response = await create(url);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      errors: [{ field: 'config.instance_url', error_code: 'instance_url_not_allowed' }],
    });
  });

  it('accepts a public instance', async () => {
    expect((await create('https://acme.my.salesforce.com')).status).toBe(201);
  });
});
