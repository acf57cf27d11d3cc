import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreatedConnectSessionSchema } from '@conduit/protocol';
import type { EgressLookup } from '@conduit/transport/egress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';
import { until } from '../test-support/until';

// An application's receiver name that resolves to loopback: only the connect-time check sees it.
const HOSTS: Record<string, LookupAddress[]> = {
  'hooks.app.test': [{ address: '127.0.0.1', family: 4 }],
};
const lookup: EgressLookup = (host, _options, callback) => {
  const found = HOSTS[host];
  if (found) callback(null, found);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
};

describe('the connect session webhook under the egress policy', () => {
  let location: TestStoreLocation;
  let store: Store;
  let receiver: Server;
  let port: number;
  const received: string[] = [];
  const apps: TestApp[] = [];
  // The production default: no allow list.
  let closed: TestApp;

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'connect-webhook-egress');
    store = await location.open();
    await store.migrate();
    receiver = createServer((request, response) => {
      received.push(String(request.url));
      request.resume();
      response.statusCode = 204;
      response.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
    closed = await app([]);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await store?.close();
    await location?.cleanup();
  });

  async function app(allow: string[]): Promise<TestApp> {
    const started = await startTestApp(store, {
      egress: { allow, lookup },
      webhookRetryDelaysMs: [5, 5],
      // One store, one key: the apps share the sealed token secret.
      ...(apps[0] === undefined ? {} : { keyring: apps[0].keyring }),
    });
    apps.push(started);
    return started;
  }

  async function createSession(t: TestApp, webhookUrl: string) {
    return t.request('POST', '/v1/integrations/connect-sessions', {
      token: await t.applicationToken(),
      body: { external_user_id: 'hook-user', connector_types: ['asana'], webhook_url: webhookUrl },
    });
  }

  /** Completes a session with a connector of its user and sends the completion notice. */
  async function complete(t: TestApp, sessionId: string): Promise<void> {
    const connector = await t.request('POST', '/v1/integrations/connectors', {
      token: await t.applicationToken(),
      body: { external_user_id: 'hook-user', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    expect(connector.status).toBe(201);
    const sessions = t.app.services.connectSessions;
    expect(await sessions.complete(sessionId, (connector.body as { id: string }).id)).toBe(true);
    await sessions.notifyCompleted(sessionId);
    await sessions.idle();
  }

  it.each([
    ['http://127.0.0.1:PORT/hooks', 'webhook_url_not_allowed'],
    ['http://127.1:PORT/hooks', 'webhook_url_not_allowed'],
    ['http://[::ffff:7f00:1]:PORT/hooks', 'webhook_url_not_allowed'],
    ['http://localhost:PORT/hooks', 'webhook_url_not_allowed'],
    ['http://169.254.169.254/latest/meta-data', 'webhook_url_not_allowed'],
    ['http://10.0.0.8/hooks', 'webhook_url_not_allowed'],
    ['https://user:secret@hooks.example/in', 'invalid_param'],
    ['ftp://hooks.example/in', 'invalid_param'],
  ])('refuses %s at session creation with 400 naming webhook_url', async (template, code) => {
    const t = closed;
    const response = await createSession(t, template.replace('PORT', String(port)));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ field: 'webhook_url', error_code: code }] });
    expect(response.text).not.toContain('secret@');
  });

  it('refuses a delivery to a name that resolves to loopback, when it connects', async () => {
    const t = closed;
    const created = await createSession(t, `http://hooks.app.test:${port}/refused`);
    expect(created.status).toBe(201);
    await complete(t, CreatedConnectSessionSchema.parse(created.body).id);
    expect(received).toEqual([]);
    const logs = t.logs.lines.join('\n');
    expect(logs.match(/connect session webhook failed/g)).toHaveLength(3);
    expect(logs).toContain('EgressDeniedError');
    expect(logs).toContain('connect session webhook given up');
  });

  it('delivers to loopback once the operator allows it (CONDUIT_EGRESS_ALLOW)', async () => {
    const t = await app(['127.0.0.0/8']);
    const literal = await createSession(t, `http://127.0.0.1:${port}/literal`);
    expect(literal.status).toBe(201);
    await complete(t, CreatedConnectSessionSchema.parse(literal.body).id);
    const named = await createSession(t, `http://hooks.app.test:${port}/named`);
    await complete(t, CreatedConnectSessionSchema.parse(named.body).id);
    await until(
      async () => received.length,
      (count) => count === 2,
      10_000,
    );
    expect(received).toEqual(['/literal', '/named']);
  });
});
