import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Keyring } from '../crypto/keyring';
import { unsealJson, webhookSecretContext } from '../crypto/sealed-box';
import type { Logger } from '../logging/logger';
import { toBuffer, toNumber } from '../store/sql-values';
import type { Store } from '../store/store';
import { sendWebhookAttempt, WEBHOOK_RETRY_DELAYS_MS } from './webhook-delivery';

/** How the outbox sends; tests shorten the delays. */
export interface WebhookOutboxSettings {
  /** The egress-checked `fetch` webhooks leave through. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Waits before each retry; default {@link WEBHOOK_RETRY_DELAYS_MS}. */
  readonly retryDelaysMs?: readonly number[] | undefined;
  /** Per attempt; default 10 s. */
  readonly timeoutMs?: number | undefined;
  /**
   * How long a process holds a row for one attempt; default 15 s, past the attempt's 10 s
   * timeout. A process killed during an attempt leaves the row to others once it runs out.
   */
  readonly leaseMs?: number | undefined;
  /** How often a started outbox looks for rows other processes stored or left; default 5 s. */
  readonly pollMs?: number | undefined;
  /** How long delivered and given-up rows are kept (for inspection), default 7 days. */
  readonly keepFinishedMs?: number | undefined;
}

/** One event to deliver. */
export interface WebhookEvent {
  readonly id: string;
  readonly sessionId: string;
  readonly url: string;
  /** The event JSON, sent byte for byte on every attempt. */
  readonly body: string;
}

interface Claimed {
  readonly id: string;
  readonly sessionId: string;
  readonly url: string;
  readonly body: string;
  readonly attempts: number;
}

/**
 * Due times and leases are wall-clock milliseconds, whatever clock the service is given: every
 * process sharing the store must read them alike. The injected clock signs (the timestamp a
 * receiver checks).
 */
const wallNow = () => Date.now();

/** How often a process deletes finished rows past `keepFinishedMs`. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Deliveries one process sends at once. */
const WORKERS = 4;

/**
 * The stored outbox of connect-session webhooks (`webhook_deliveries`, migration 13): an event is
 * stored when it happens, and any server process sharing the store drains what is due, each
 * attempt under a lease so no two processes send the same attempt. Attempts that fail are
 * rescheduled in the row (1 s, 5 s, 30 s, 2 min, 10 min, then given up), so a restart, graceful or
 * kill -9, loses no pending retry: the next process to start (or any other running) sends it.
 * Delivery is at least once: a process killed after the receiver answered but before it recorded
 * the answer leaves the attempt to be made again, with the same `conduit-webhook-id`.
 *
 * @example
 * ```ts
 * const outbox = new WebhookOutbox({ store, clock, keyring, logger });
 * outbox.start();
 * await outbox.enqueue({ id: 'evt_…', sessionId, url, body: JSON.stringify(event) });
 * await outbox.stop();
 * ```
 */
export class WebhookOutbox {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #keyring: Keyring;
  readonly #logger: Logger;
  readonly #settings: WebhookOutboxSettings;
  readonly #owner = randomUUID();
  readonly #delays: readonly number[];
  readonly #leaseMs: number;
  readonly #pollMs: number;
  #running = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #again = false;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(options: {
    store: Store;
    clock: Clock;
    keyring: Keyring;
    logger: Logger;
    settings?: WebhookOutboxSettings;
  }) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#keyring = options.keyring;
    this.#logger = options.logger;
    this.#settings = options.settings ?? {};
    this.#delays = this.#settings.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
    this.#leaseMs = this.#settings.leaseMs ?? 15_000;
    this.#pollMs = this.#settings.pollMs ?? 5_000;
  }

  /** Starts draining: what is due now (left by a process that stopped), then as rows fall due. */
  start(): void {
    if (this.#stopped) return;
    this.#running = true;
    this.#kick();
  }

  /** Stops draining and waits for the attempts under way; what is pending stays stored. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#running = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#draining;
  }

  /** Stores an event and sends it at once (this process leases it first, as any other would). */
  async enqueue(event: WebhookEvent): Promise<void> {
    const now = wallNow();
    await this.#store.db.execute(
      `INSERT INTO webhook_deliveries (id, session_id, url, body, state, attempts, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)`,
      [event.id, event.sessionId, event.url, event.body, now],
    );
    // A process that stores events drains them, started or not (a test app, a process whose
    // start has not come yet); stopping ends that too.
    if (!this.#stopped) this.#running = true;
    this.#kick();
  }

  /** Resolves once nothing is pending: every stored event delivered or given up (for tests). */
  async idle(): Promise<void> {
    for (;;) {
      const [row] = await this.#store.db.query<{ pending: unknown }>(
        "SELECT COUNT(*) AS pending FROM webhook_deliveries WHERE state = 'pending'",
      );
      if (toNumber(row?.pending ?? 0) === 0 && this.#draining === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  #kick(): void {
    if (!this.#running) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#draining = this.#drain()
      .catch((error: unknown) =>
        this.#logger.warn('webhook outbox could not be drained', {
          error: error instanceof Error ? error : new Error(String(error)),
        }),
      )
      .then(() => this.#schedule())
      .finally(() => {
        this.#draining = undefined;
        if (this.#again) {
          this.#again = false;
          this.#kick();
        }
      });
  }

  async #drain(): Promise<void> {
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (;;) {
          if (!this.#running) return;
          const claimed = await this.#claim();
          if (!claimed) return;
          await this.#attempt(claimed);
        }
      }),
    );
  }

  /** Wakes when the earliest pending row falls due, or at the poll interval for other processes' rows. */
  async #schedule(): Promise<void> {
    if (!this.#running) return;
    await this.#prune();
    const [row] = await this.#store.db.query<{ due: unknown }>(
      "SELECT MIN(next_attempt_at) AS due FROM webhook_deliveries WHERE state = 'pending'",
    );
    const due = row?.due === null || row?.due === undefined ? undefined : toNumber(row.due);
    const wait = Math.max(0, Math.min(this.#pollMs, (due ?? Number.POSITIVE_INFINITY) - wallNow()));
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#kick();
    }, wait);
    // A pending retry does not hold a stopping process: it stays stored for the next one.
    this.#timer.unref();
  }

  /** Deletes rows finished longer ago than `keepFinishedMs`, at most hourly: the table does not grow without end. */
  async #prune(): Promise<void> {
    const now = wallNow();
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now;
    await this.#store.db.execute(
      "DELETE FROM webhook_deliveries WHERE state <> 'pending' AND finished_at < $1",
      [now - (this.#settings.keepFinishedMs ?? 7 * 24 * 60 * 60_000)],
    );
  }

  /** Leases the earliest due row no one holds, for one attempt. */
  async #claim(): Promise<Claimed | undefined> {
    const now = wallNow();
    // PostgreSQL: SKIP LOCKED lets concurrent claimers pass over a row another is taking. SQLite
    // runs one write at a time. Either way the outer condition is checked again on the row.
    const skipLocked = this.#store.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const [row] = await this.#store.db.query(
      `UPDATE webhook_deliveries SET lease_owner = $1, lease_until = $2
       WHERE id = (
         SELECT id FROM webhook_deliveries
         WHERE state = 'pending' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
         ORDER BY next_attempt_at, id LIMIT 1${skipLocked}
       ) AND state = 'pending' AND (lease_until IS NULL OR lease_until <= $3)
       RETURNING id, session_id, url, body, attempts`,
      [this.#owner, now + this.#leaseMs, now],
    );
    if (!row) return undefined;
    return {
      id: String(row.id),
      sessionId: String(row.session_id),
      url: String(row.url),
      body: String(row.body),
      attempts: toNumber(row.attempts),
    };
  }

  async #attempt(claimed: Claimed): Promise<void> {
    const fields = { connect_session_id: claimed.sessionId, event_id: claimed.id };
    const secret = await this.#secretOf(claimed.sessionId);
    const attempt = claimed.attempts + 1;
    const failure =
      secret === undefined
        ? 'the session or its webhook secret is gone'
        : await sendWebhookAttempt({
            url: claimed.url,
            secret,
            body: claimed.body,
            eventId: claimed.id,
            now: () => this.#clock.now(),
            fetch: this.#settings.fetch,
            timeoutMs: this.#settings.timeoutMs,
          });
    const now = wallNow();
    if (failure === undefined) {
      await this.#finish(claimed.id, 'delivered', attempt, now, null);
      this.#logger.info('connect session webhook delivered', { ...fields, attempt });
      return;
    }
    this.#logger.warn('connect session webhook failed', { ...fields, attempt, reason: failure });
    const delay = secret === undefined ? undefined : this.#delays[attempt - 1];
    if (delay === undefined) {
      await this.#finish(claimed.id, 'given_up', attempt, now, failure);
      this.#logger.error('connect session webhook given up', { ...fields, attempts: attempt });
      return;
    }
    await this.#store.db.execute(
      `UPDATE webhook_deliveries SET attempts = $3, next_attempt_at = $4, last_error = $5,
         lease_owner = NULL, lease_until = NULL
       WHERE id = $1 AND lease_owner = $2`,
      [claimed.id, this.#owner, attempt, now + delay, failure],
    );
  }

  async #finish(
    id: string,
    state: 'delivered' | 'given_up',
    attempts: number,
    now: number,
    failure: string | null,
  ): Promise<void> {
    await this.#store.db.execute(
      `UPDATE webhook_deliveries SET state = $3, attempts = $4, finished_at = $5, last_error = $6,
         lease_owner = NULL, lease_until = NULL
       WHERE id = $1 AND lease_owner = $2`,
      [id, this.#owner, state, attempts, now, failure],
    );
  }

  /** The session's webhook secret, unsealed for this attempt (key rotation re-seals it in place). */
  async #secretOf(sessionId: string): Promise<string | undefined> {
    const [row] = await this.#store.db.query(
      'SELECT webhook_secret_ciphertext, webhook_secret_key_id, webhook_secret_nonce FROM connect_sessions WHERE id = $1',
      [sessionId],
    );
    if (!row || row.webhook_secret_ciphertext === null || row.webhook_secret_ciphertext === undefined) {
      return undefined;
    }
    return unsealJson(
      this.#keyring,
      {
        ciphertext: toBuffer(row.webhook_secret_ciphertext),
        keyId: String(row.webhook_secret_key_id),
        nonce: toBuffer(row.webhook_secret_nonce),
      },
      webhookSecretContext(sessionId),
    ) as string;
  }
}
