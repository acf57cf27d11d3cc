import { randomBytes } from 'node:crypto';
import { connectorRegistry } from '@conduit/connectors/loaded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keyring } from '../crypto/keyring';
import type { Store } from '../store/store';
import { manualClock, type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { registerApplication } from './applications';
import type { Caller } from './caller';
import { ConnectorService, type ConnectorServiceOptions } from './connector-service';
import { createExecutorContext } from './executor-context';

describe('ConnectorService', () => {
  let location: TestStoreLocation;
  let store: Store;
  let caller: Caller;
  const keyring = new Keyring([{ id: 'k', key: randomBytes(32) }]);
  const clock = manualClock();

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'connectors');
    store = await location.open();
    await store.migrate();
    caller = { kind: 'application', applicationId: (await registerApplication(store)).applicationId };
  });

  afterAll(async () => {
    await store?.close();
    await location?.cleanup();
  });

  /** The service over the test's store, with the shipped connectors; `options` replace the rest. */
  const serviceOf = (options: Partial<ConnectorServiceOptions> = {}) =>
    new ConnectorService({
      registry: connectorRegistry,
      store,
      keyring,
      clock,
      allowUpstreamOverride: false,
      ...options,
    });

  it('loads a connector with its credentials, config and upstream address', async () => {
    const service = serviceOf();
    const record = await service.create(caller, {
      external_user_id: 'u',
      connector_type: 'zendesk-support',
      credentials: { email: 'agent@example.com', api_token: 'tok' },
      config: { subdomain: 'Acme' },
    });
    const loaded = await service.loadForCaller(caller, record.id);
    expect(loaded).toMatchObject({
      type: 'support-desk',
      credentials: { email: 'agent@example.com', api_token: 'tok' },
      config: { subdomain: 'acme' },
      baseUrl: 'https://acme.zendesk.com/api/v2',
    });
    await expect(
      service.loadForCaller(
        { kind: 'scoped', applicationId: caller.applicationId, externalUserId: 'v' },
        record.id,
      ),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('saves refreshed credentials sealed and active, and marks needs_reauth', async () => {
    const service = serviceOf();
    const record = await service.create(caller, {
      external_user_id: 'u',
      connector_type: 'asana',
      credentials: { refresh_token: 'r1', client_id: 'c', client_secret: 's' },
    });
    const context = createExecutorContext(service, record, {
      requestId: 'r',
      signal: new AbortController().signal,
    });
    clock.advance(5000);
    await context.markNeedsReauth();
    expect((await service.get(caller, record.id)).status).toBe('needs_reauth');
    clock.advance(5000);
    await context.saveCredentials({
      refresh_token: 'r2',
      client_id: 'c',
      client_secret: 's',
      access_token: 'a2',
    });
    const reloaded = await service.loadForCaller(caller, record.id);
    expect(reloaded.record.status).toBe('active');
    expect(reloaded.record.updatedAt).toBe(new Date(clock.now()).toISOString());
    expect(reloaded.credentials).toEqual({
      refresh_token: 'r2',
      client_id: 'c',
      client_secret: 's',
      access_token: 'a2',
    });
    await expect(context.saveCredentials({ token: 1 })).rejects.toMatchObject({ status: 422 });
    await service.delete(caller, record.id);
    await expect(service.saveCredentials(record, { token: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses to run a stored base_url once the operator no longer allows it', async () => {
    const permissive = serviceOf({ allowUpstreamOverride: true });
    const record = await permissive.create(caller, {
      external_user_id: 'u',
      connector_type: 'asana',
      credentials: { token: 't' },
      config: { base_url: 'http://127.0.0.1:4010/api/1.0' },
    });
    expect((await permissive.loadForCaller(caller, record.id)).baseUrl).toBe('http://127.0.0.1:4010/api/1.0');
    const strict = serviceOf();
    await expect(strict.loadForCaller(caller, record.id)).rejects.toMatchObject({
      status: 422,
      code: 'base_url_not_allowed',
    });
  });

  it('tells the lifecycle about each creation', async () => {
    const created: string[] = [];
    const service = serviceOf({
      lifecycle: { onCreated: async (connector) => void created.push(connector.id), deleteHooks: [] },
    });
    const record = await service.create(caller, {
      external_user_id: 'u',
      connector_type: 'crm',
      credentials: { refresh_token: 'r', client_id: 'c', client_secret: 's' },
    });
    expect(created).toEqual([record.id]);
  });
});
