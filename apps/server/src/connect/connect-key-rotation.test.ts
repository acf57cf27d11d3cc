import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectSessionEventSchema, CreatedConnectSessionSchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keyring } from '../crypto/keyring';
import { rotateEncryptionKeys } from '../crypto/rotate-encryption-keys';
import { signWebhook } from '../services/webhook-delivery';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { type StoreKind, startTestApp, type TestApp } from '../test-support/test-app';

const CLIENT = { clientId: 'conduit-connect-client', clientSecret: 'connect-client-secret-0123456789' };
const oldKey = { id: 'old', key: randomBytes(32) };
const newKey = { id: 'new', key: randomBytes(32) };

interface Received {
  readonly signature: string;
  readonly body: string;
}

describe.each<StoreKind>(['sqlite', 'postgres'])('key rotation during a connect session over %s', (kind) => {
  let h: ExecuteHarness;
  let rotatedApp: TestApp | undefined;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    h = await startExecuteHarness(kind, 'connect-rotation', {
      simulator: { oauth: CLIENT },
      app: {
        keyring: new Keyring([oldKey]),
        oauthClients: { 'task-management': CLIENT },
        webhookRetryDelaysMs: [10, 10],
      },
    });
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          signature: String(request.headers['conduit-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.statusCode = 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });

  afterAll(async () => {
    await rotatedApp?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await h?.close();
  });

  it('re-seals the webhook secret and the PKCE verifier: the flow completes with the new key alone', async () => {
    // Before the rotation: a session with a webhook, its user sent to the upstream's consent.
    const created = await h.t.request('POST', '/v1/integrations/connect-sessions', {
      token: await h.t.applicationToken(),
      body: { external_user_id: 'rotation-user', connector_types: ['asana'], webhook_url: receiverUrl },
    });
    expect(created.status, created.text).toBe(201);
    const session = CreatedConnectSessionSchema.parse(created.body);
    const secret = session.webhook_secret!;
    const signIn = await fetch(`${h.t.server.url}${session.url}/oauth`, {
      method: 'POST',
      body: new URLSearchParams({
        connector_type: 'task-management',
        method: 'oauth',
        'config.base_url': h.sim.baseUrl,
      }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
    const consent = await fetch(new URL(signIn.headers.get('location')!), { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get('location')!);

    // The operator rotates while the user is at the upstream.
    const report = await rotateEncryptionKeys(h.store, new Keyring([newKey, oldKey]));
    expect(report.failures).toEqual([]);
    for (const [table, column] of [
      ['connect_sessions', 'webhook_secret_key_id'],
      ['connect_oauth_states', 'verifier_key_id'],
    ] as const) {
      const rows = await h.store.db.query<{ key_id: string }>(
        `SELECT ${column} AS key_id FROM ${table} WHERE ${column} IS NOT NULL`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((row) => row.key_id)).toEqual(rows.map(() => 'new'));
    }

    // A server that has only the new key finishes the flow: the old key is no longer needed.
    rotatedApp = await startTestApp(h.store, {
      keyring: new Keyring([newKey]),
      allowUpstreamOverride: true,
      upstreamBaseUrls: { 'task-management': h.sim.baseUrl },
      oauthClients: { 'task-management': CLIENT },
      webhookRetryDelaysMs: [10, 10],
    });
    const done = await fetch(`${rotatedApp.server.url}${callback.pathname}${callback.search}`, {
      // The browser that started the flow, with its binding cookie.
      headers: {
        cookie: signIn.headers
          .getSetCookie()
          .map((cookie) => cookie.split(';')[0])
          .join('; '),
      },
      redirect: 'manual',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<h1>Connected</h1>');
    const completed = await rotatedApp.app.services.connectSessions.find(session.id);
    expect(completed).toMatchObject({ status: 'completed' });
    expect(completed!.connectorId).toBeTruthy();

    await rotatedApp.app.services.connectSessions.idle();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const timestamp = Number(/^t=(\d+),/.exec(delivery!.signature)![1]);
    // Signed with the secret shown at creation, which only the re-sealed copy still holds.
    expect(delivery!.signature).toBe(signWebhook(secret, delivery!.body, timestamp));
    expect(ConnectSessionEventSchema.parse(JSON.parse(delivery!.body)).data).toMatchObject({
      id: session.id,
      status: 'completed',
      connector_id: completed!.connectorId,
    });
  });
});
