import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { Keyring } from '../crypto/keyring';
import { sealJson, webhookSecretContext } from '../crypto/sealed-box';
import { silentLogger } from '../logging/logger';
import type { Store } from '../store/store';
import { type StoreKind, testStoreLocation } from '../test-support/test-app';
import { until } from '../test-support/until';
import { registerApplication } from './applications';
import { WebhookOutbox } from './webhook-outbox';

interface Received {
  readonly eventId: string;
  readonly signature: string;
  readonly body: string;
}

const SECRET = 'whsec_outbox-test-secret';

/** Completed sessions with a webhook, as the connect page leaves them. */
async function sessionsWithWebhooks(store: Store, keyring: Keyring, count: number): Promise<string[]> {
  const { applicationId } = await registerApplication(store);
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const id = `cs_${randomBytes(12).toString('hex')}`;
    const sealed = sealJson(keyring, SECRET, webhookSecretContext(id));
    const now = Date.now();
    await store.db.execute(
      `INSERT INTO connect_sessions (id, application_id, external_user_id, connector_types, webhook_url,
         webhook_secret_ciphertext, webhook_secret_key_id, webhook_secret_nonce, status, created_at, expires_at, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'completed', $9, $10, $9)`,
      [
        id,
        applicationId,
        `user-${index}`,
        '["task-management"]',
        'http://unused',
        sealed.ciphertext,
        sealed.keyId,
        sealed.nonce,
        now,
        now + 60_000,
      ],
    );
    ids.push(id);
  }
  return ids;
}

describe.each<StoreKind>(['sqlite', 'postgres'])(
  'the webhook outbox over %s (issue 28, finding 5)',
  (kind) => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function receiver(answer: (received: Received) => number) {
      const received: Received[] = [];
      const server: Server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const entry = {
            eventId: String(request.headers['conduit-webhook-id']),
            signature: String(request.headers['conduit-signature']),
            body: Buffer.concat(chunks).toString('utf8'),
          };
          received.push(entry);
          response.statusCode = answer(entry);
          response.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
      return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
    }

    async function twoProcesses() {
      const location = await testStoreLocation(kind, 'webhook_outbox');
      cleanups.push(() => location.cleanup());
      const first = await location.open();
      cleanups.push(() => first.close());
      await first.migrate();
      // A second connection to the same store: another server process's.
      const second = await location.open();
      cleanups.push(() => second.close());
      return { first, second };
    }

    it('lets two processes drain one outbox without sending any attempt twice', async () => {
      const keyring = new Keyring([{ id: 'k', key: randomBytes(32) }]);
      const { first, second } = await twoProcesses();
      const hooks = await receiver(() => 204);
      const sessions = await sessionsWithWebhooks(first, keyring, 40);
      const outboxes = [first, second].map(
        (store) => new WebhookOutbox({ store, clock: systemClock, keyring, logger: silentLogger }),
      );
      cleanups.push(async () => {
        for (const outbox of outboxes) await outbox.stop();
      });
      // Stored by the first process while neither drains, then drained by both at once.
      const [writer] = outboxes;
      for (const [index, sessionId] of sessions.entries()) {
        await first.db.execute(
          `INSERT INTO webhook_deliveries (id, session_id, url, body, state, attempts, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)`,
          [`evt_${index}`, sessionId, hooks.url, JSON.stringify({ id: `evt_${index}` }), Date.now()],
        );
      }
      for (const outbox of outboxes) outbox.start();
      await writer!.idle();
      const ids = hooks.received.map((entry) => entry.eventId);
      expect(ids).toHaveLength(sessions.length);
      expect(new Set(ids).size).toBe(sessions.length);
      for (const entry of hooks.received) {
        const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(entry.signature)!;
        expect(signature).toBe(
          createHmac('sha256', SECRET).update(`${timestamp}.${entry.body}`).digest('hex'),
        );
      }
      const rows = await second.db.query<{ state: string; attempts: unknown }>(
        'SELECT state, attempts FROM webhook_deliveries',
      );
      expect(rows.every((row) => row.state === 'delivered' && Number(row.attempts) === 1)).toBe(true);

      // Finished rows are kept a while, then deleted by a process that drains.
      await second.db.execute("UPDATE webhook_deliveries SET finished_at = 0 WHERE id = 'evt_0'");
      const pruning = new WebhookOutbox({ store: second, clock: systemClock, keyring, logger: silentLogger });
      cleanups.push(() => pruning.stop());
      pruning.start();
      await until(
        () => second.db.query("SELECT id FROM webhook_deliveries WHERE id = 'evt_0'"),
        (found) => found.length === 0,
      );
      expect(await second.db.query('SELECT id FROM webhook_deliveries')).toHaveLength(sessions.length - 1);
    });

    it('retries from the stored row, in another process once the first stopped, and gives up after the last delay', async () => {
      const keyring = new Keyring([{ id: 'k', key: randomBytes(32) }]);
      const { first, second } = await twoProcesses();
      let failures = 2;
      const hooks = await receiver(() => (failures-- > 0 ? 500 : 204));
      const [sessionId, doomedSession] = await sessionsWithWebhooks(first, keyring, 2);
      const settings = { retryDelaysMs: [30, 30], pollMs: 20 };
      const stopping = new WebhookOutbox({
        store: first,
        clock: systemClock,
        keyring,
        logger: silentLogger,
        settings,
      });
      await stopping.enqueue({
        id: 'evt_retry',
        sessionId: sessionId!,
        url: hooks.url,
        body: '{"id":"evt_retry"}',
      });
      // The first attempt failed in the first process, which then stops with the retry pending.
      await stopping.stop();
      expect(hooks.received).toHaveLength(1);
      const [pending] = await second.db.query<{ state: string; attempts: unknown }>(
        "SELECT state, attempts FROM webhook_deliveries WHERE id = 'evt_retry'",
      );
      expect(pending).toMatchObject({ state: 'pending' });
      expect(Number(pending!.attempts)).toBe(1);

      const next = new WebhookOutbox({
        store: second,
        clock: systemClock,
        keyring,
        logger: silentLogger,
        settings,
      });
      cleanups.push(() => next.stop());
      next.start();
      await next.idle();
      expect(hooks.received.map((entry) => entry.eventId)).toEqual(['evt_retry', 'evt_retry', 'evt_retry']);

      // A receiver that never accepts: three attempts (the first and two retries), then given up.
      const refusing = await receiver(() => 503);
      await next.enqueue({ id: 'evt_doomed', sessionId: doomedSession!, url: refusing.url, body: '{}' });
      await next.idle();
      expect(refusing.received).toHaveLength(3);
      const [doomed] = await second.db.query<{ state: string }>(
        "SELECT state FROM webhook_deliveries WHERE id = 'evt_doomed'",
      );
      expect(doomed?.state).toBe('given_up');
    });
  },
);
