import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectSessionEventSchema, CreatedConnectSessionSchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../services/webhook-delivery';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';

interface Received {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

describe('the connect session webhook', () => {
  let h: ExecuteHarness;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  let failuresLeft = 2;

  beforeAll(async () => {
    h = await startExecuteHarness('sqlite', 'connect-webhook', {
      // The receiver listens on loopback: allowed as an operator would (CONDUIT_EGRESS_ALLOW).
      app: { webhookRetryDelaysMs: [20, 40, 80], egress: { allow: ['127.0.0.0/8'] } },
    });
    // An application's endpoint that fails twice before it accepts.
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = failuresLeft-- > 0 ? 500 : 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/conduit`;
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await h?.close();
  });

  it('is signed (HMAC-SHA256 over timestamp.body) and retried with backoff until the receiver accepts', async () => {
    const created = await h.t.request('POST', '/v1/integrations/connect-sessions', {
      token: await h.t.applicationToken(),
      body: { external_user_id: 'hook-user', connector_types: ['asana'], webhook_url: receiverUrl },
    });
    expect(created.status).toBe(201);
    const session = CreatedConnectSessionSchema.parse(created.body);
    const secret = session.webhook_secret!;
    expect(secret).toMatch(/^whsec_/);
    // Shown once: polling never gives it again.
    const polled = await h.t.request('GET', `/v1/integrations/connect-sessions/${session.id}`, {
      token: await h.token('hook-user'),
    });
    expect(polled.text).not.toContain(secret);
    const [row] = await h.store.db.query<{ webhook_secret_ciphertext: Buffer }>(
      'SELECT webhook_secret_ciphertext FROM connect_sessions WHERE id = $1',
      [session.id],
    );
    expect(Buffer.from(row!.webhook_secret_ciphertext).toString('latin1')).not.toContain(secret);

    const posted = await fetch(`${h.t.server.url}${session.url}`, {
      method: 'POST',
      body: new URLSearchParams({
        connector_type: 'task-management',
        method: 'personal_access_token',
        'credentials.token': h.sim.issuePersonalAccessToken(),
        'config.base_url': h.sim.baseUrl,
      }),
    });
    expect(posted.status).toBe(200);
    await h.t.app.services.connectSessions.idle();

    expect(received).toHaveLength(3);
    const ids = new Set(received.map((request) => request.headers['conduit-webhook-id']));
    expect(ids.size).toBe(1);
    for (const request of received) {
      expect(request.headers['content-type']).toBe('application/json');
      const header = String(request.headers['conduit-signature']);
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)!;
      expect(match).not.toBeNull();
      const expected = createHmac('sha256', secret).update(`${match[1]}.${request.body}`).digest('hex');
      expect(match[2]).toBe(expected);
      expect(header).toBe(signWebhook(secret, request.body, Number(match[1])));
      expect(
        createHmac('sha256', 'another-secret').update(`${match[1]}.${request.body}`).digest('hex'),
      ).not.toBe(match[2]);
    }
    const event = ConnectSessionEventSchema.parse(JSON.parse(received[2]!.body));
    expect(event).toMatchObject({
      id: received[0]!.headers['conduit-webhook-id'],
      type: 'connect_session.completed',
      data: { id: session.id, status: 'completed', external_user_id: 'hook-user' },
    });
    expect(event.data.connector_id).toBeTruthy();
    const logs = h.t.logs.lines.join('\n');
    expect(logs.match(/connect session webhook failed/g)).toHaveLength(2);
    expect(logs).toContain('connect session webhook delivered');
    expect(logs).not.toContain(secret);
  });

  it('has no secret without a webhook_url', async () => {
    const created = await h.t.request('POST', '/v1/integrations/connect-sessions', {
      token: await h.t.applicationToken(),
      body: { external_user_id: 'no-hook-user' },
    });
    expect(CreatedConnectSessionSchema.parse(created.body).webhook_secret).toBeNull();
  });
});
