import { ConnectorSchema, CreatedConnectorSchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../store/migrations';
import type { Store } from '../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';

describe('two server instances sharing one PostgreSQL database', () => {
  let location: TestStoreLocation;
  let storeA: Store;
  let storeB: Store;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    location = await testStoreLocation('postgres', 'two');
    storeA = await location.open();
    storeB = await location.open();
    // Both processes migrate at start, at the same moment: the migration lock serialises them.
    const reports = await Promise.all([storeA.migrate(), storeB.migrate()]);
    expect(reports.map((report) => report.applied.length).sort()).toEqual([0, MIGRATIONS.length]);
    a = await startTestApp(storeA, { rateLimit: { limit: 8, windowMs: 60_000 } });
    // Same encryption key on every process, as the configuration requires; separate pools and apps.
    b = await startTestApp(storeB, {
      keyring: a.keyring,
      clock: a.clock,
      rateLimit: { limit: 8, windowMs: 60_000 },
    });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await storeA?.close();
    await storeB?.close();
    await location?.cleanup();
  });

  it('accepts on one instance the tokens the other issued, and shares connectors', async () => {
    const appToken = await a.applicationToken();
    const scoped = await b.scopedToken('shared-user', appToken);
    const created = await b.request('POST', '/v1/integrations/connectors', {
      token: scoped,
      body: { external_user_id: 'shared-user', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    expect(created.status).toBe(201);
    const { id } = CreatedConnectorSchema.parse(created.body);
    const seen = await a.request('GET', `/v1/integrations/connectors/${id}`, { token: scoped });
    expect(seen.status).toBe(200);
    expect(ConnectorSchema.parse(seen.body).id).toBe(id);
    const loaded = await a.app.services.connectors.loadForCaller(
      {
        kind: 'scoped',
        applicationId: (await storeA.findApplicationByClientId(a.clientId))!.id,
        externalUserId: 'shared-user',
      },
      id,
    );
    expect(loaded.credentials).toEqual({ token: 'pat' });
    expect((await b.request('DELETE', `/v1/integrations/connectors/${id}`, { token: appToken })).status).toBe(
      204,
    );
    expect((await a.request('GET', `/v1/integrations/connectors/${id}`, { token: appToken })).status).toBe(
      404,
    );
  });

  it('refuses on one instance the tokens of an application revoked through the other, within a second', async () => {
    const tenant = await b.registerTenant();
    const token = await b.applicationToken(tenant);
    const scoped = await b.scopedToken('revoked-user', token);
    expect((await b.request('GET', '/v1/integrations/connectors', { token: scoped })).status).toBe(200);
    const application = (await storeA.findApplicationByClientId(tenant.clientId))!;
    expect(await storeA.revokeApplication(application.id, new Date())).toBe(true);
    // b remembers the application as active for at most a second (its status cache time); the
    // tenant may make 8 requests a window here, so wait it out rather than poll.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await b.request('GET', '/v1/integrations/connectors', { token: scoped })).status).toBe(401);
    expect((await b.request('GET', '/v1/integrations/connectors', { token })).status).toBe(401);
  });

  it('enforces one rate limit across instances', async () => {
    const tenant = await a.registerTenant();
    // Logins are not counted (failed ones are, apart): 8 API calls pass, the 9th is refused.
    const token = await a.applicationToken(tenant);
    const statuses: number[] = [];
    for (const instance of [a, b, a, b, a, b, a, b, a]) {
      statuses.push((await instance.request('GET', '/v1/integrations/connectors', { token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });
});
