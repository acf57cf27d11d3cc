import { createHash, randomBytes } from 'node:crypto';
import {
  type ConnectSession,
  type ConnectSessionEvent,
  CreateConnectSessionRequestSchema,
  EgressDeniedError,
  NotFoundError,
  PermissionError,
  ValidationError,
} from '@conduit/protocol';
import type { Clock } from '../clock';
import { constantTimeEqual } from '../crypto/constant-time-equal';
import type { Keyring } from '../crypto/keyring';
import { oauthVerifierContext, sealJson, unsealJson, webhookSecretContext } from '../crypto/sealed-box';
import type { Logger } from '../logging/logger';
import { toBuffer, toNumber } from '../store/sql-values';
import type { SealedValue, Store } from '../store/store';
import { parseBody } from '../validation/parse-body';
import { type Caller, ownerOf } from './caller';
import type { ConnectorService } from './connector-service';
import { assertReturnUrlAllowed } from './return-url-origins';
import { WebhookOutbox, type WebhookOutboxSettings } from './webhook-outbox';

/** How long an end user has to finish connecting, in seconds (30 minutes). */
export const CONNECT_SESSION_TTL_SECONDS = 1800;

/** A connect session as stored, with what only the service sees (webhook, re-authorization target). */
export interface ConnectSessionRecord {
  readonly id: string;
  readonly applicationId: string;
  readonly externalUserId: string;
  /** Canonical kinds the page offers, in the application's order. */
  readonly connectorTypes: readonly string[];
  readonly returnUrl: string | null;
  readonly webhookUrl: string | null;
  /** The sealed HMAC key of the completion webhook, with `webhookUrl`. */
  readonly webhookSecret: SealedValue | null;
  /** The connector a re-authorization session repairs. */
  readonly reauthorizeConnectorId: string | null;
  /** The connector created or repaired, once completed. */
  readonly connectorId: string | null;
  readonly status: 'pending' | 'completed';
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly completedAt: number | null;
}

const COLUMNS =
  'id, application_id, external_user_id, connector_types, return_url, webhook_url, webhook_secret_ciphertext, webhook_secret_key_id, webhook_secret_nonce, reauthorize_connector_id, connector_id, status, created_at, expires_at, completed_at';

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}

/** The connect page's path of a session. */
export function connectPagePath(id: string): string {
  return `/connect/${encodeURIComponent(id)}`;
}

function fromRow(row: Record<string, unknown>): ConnectSessionRecord {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: String(row.id),
    applicationId: String(row.application_id),
    externalUserId: String(row.external_user_id),
    connectorTypes: JSON.parse(String(row.connector_types)) as string[],
    returnUrl: text(row.return_url),
    webhookUrl: text(row.webhook_url),
    webhookSecret:
      row.webhook_secret_ciphertext === null || row.webhook_secret_ciphertext === undefined
        ? null
        : {
            ciphertext: toBuffer(row.webhook_secret_ciphertext),
            keyId: String(row.webhook_secret_key_id),
            nonce: toBuffer(row.webhook_secret_nonce),
          },
    reauthorizeConnectorId: text(row.reauthorize_connector_id),
    connectorId: text(row.connector_id),
    status: row.status === 'completed' ? 'completed' : 'pending',
    createdAt: toNumber(row.created_at),
    expiresAt: toNumber(row.expires_at),
    completedAt:
      row.completed_at === null || row.completed_at === undefined ? null : toNumber(row.completed_at),
  };
}

function notFound(): NotFoundError {
  return new NotFoundError('connect session not found', {
    status: 404,
    code: 'not_found',
    details: [{ message: 'connect session not found', error_code: 'not_found' }],
  });
}

function webhookUrlRefused(message: string, code = 'webhook_url_not_allowed'): ValidationError {
  return new ValidationError(`webhook_url: ${message}`, {
    status: 400,
    code,
    details: [{ field: 'webhook_url', message, error_code: code }],
  });
}

function invalid(field: string, message: string, code = 'invalid_param'): ValidationError {
  return new ValidationError(message, { status: 422, code, details: [{ field, message, error_code: code }] });
}

/**
 * Connect sessions (issue 18): an application invites one of its external users to connect an
 * account (or repair one) through the connect page; the session is single use and short-lived, and
 * tells the application which connector came of it.
 *
 * @example
 * ```ts
 * const session = await sessions.create(caller, { external_user_id: 'user-42', connector_types: ['task-management'] });
 * sessions.toJson(session).url; // 'https://conduit.example/connect/cs_…' ('/connect/cs_…' without CONDUIT_PUBLIC_URL)
 * ```
 */
export class ConnectSessionService {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #connectors: ConnectorService;
  readonly #ttlMs: number;

  readonly #keyring: Keyring;
  /** Where completion webhooks wait until delivered (stored: a restart loses none). */
  readonly webhooks: WebhookOutbox;
  readonly #checkWebhookUrl: ((url: string) => void) | undefined;
  readonly #publicUrl: string | undefined;

  constructor(options: {
    store: Store;
    clock: Clock;
    keyring: Keyring;
    connectors: ConnectorService;
    ttlSeconds?: number;
    /**
     * The egress policy's creation-time check of a `webhook_url` (throws EgressDeniedError for a
     * literal loopback, private, link-local… address or `localhost` the operator did not allow).
     */
    checkWebhookUrl?: (url: string) => void;
    /** How webhooks are sent (the egress-checked `fetch`); tests shorten the backoff. */
    webhook?: WebhookOutboxSettings;
    /** The webhook outbox's log. */
    logger: Logger;
    /**
     * `CONDUIT_PUBLIC_URL`: the service's address as browsers reach it. When set, a session's
     * `url` is absolute on it, ready to hand to an end user; without it the path is all the
     * service knows of itself.
     */
    publicUrl?: string | undefined;
  }) {
    this.webhooks = new WebhookOutbox({
      store: options.store,
      clock: options.clock,
      keyring: options.keyring,
      logger: options.logger,
      ...(options.webhook === undefined ? {} : { settings: options.webhook }),
    });
    this.#checkWebhookUrl = options.checkWebhookUrl;
    this.#publicUrl = options.publicUrl;
    this.#store = options.store;
    this.#keyring = options.keyring;
    this.#clock = options.clock;
    this.#connectors = options.connectors;
    this.#ttlMs = (options.ttlSeconds ?? CONNECT_SESSION_TTL_SECONDS) * 1000;
  }

  /**
   * Validates a creation body (400 shape; 403 `user_mismatch` for another user's scoped token; 422
   * for a kind the service does not run, or a connector to re-authorize that is not that user's)
   * and stores a pending session.
   */
  async create(
    caller: Caller,
    body: unknown,
  ): Promise<{ session: ConnectSessionRecord; webhookSecret: string | null }> {
    const request = parseBody(CreateConnectSessionRequestSchema, body);
    if (caller.kind === 'scoped' && caller.externalUserId !== request.external_user_id) {
      const message = 'a scoped token can only act for its own external_user_id';
      throw new PermissionError(message, {
        status: 403,
        code: 'user_mismatch',
        details: [{ field: 'external_user_id', message, error_code: 'user_mismatch' }],
      });
    }
    if (request.webhook_url !== undefined) this.#assertWebhookUrl(request.webhook_url);
    if (request.return_url !== undefined)
      await assertReturnUrlAllowed(this.#store, caller, request.return_url);
    let connectorTypes: string[];
    if (request.connector_id !== undefined) {
      const connector = await this.#connectors.get(caller, request.connector_id).catch((error: unknown) => {
        if (error instanceof NotFoundError) throw invalid('connector_id', 'no such connector');
        throw error;
      });
      if (connector.externalUserId !== request.external_user_id) {
        throw invalid('connector_id', 'the connector belongs to another external_user_id');
      }
      connectorTypes = [connector.connectorType];
    } else {
      const wanted =
        request.connector_types ?? this.#connectors.registry.modules.map((module) => module.kind);
      connectorTypes = [];
      for (const [index, name] of wanted.entries()) {
        const field = `connector_types[${index}]`;
        let type: string;
        try {
          type = this.#connectors.registry.kindOf(name).type;
        } catch {
          throw invalid(field, `unknown connector type "${name}"`, 'unknown_connector_type');
        }
        if (!this.#connectors.registry.forKind(type)) {
          throw invalid(field, `this service does not run ${type} connectors`, 'unsupported_connector_type');
        }
        if (!connectorTypes.includes(type)) connectorTypes.push(type);
      }
    }
    const now = this.#clock.now();
    const id = `cs_${randomBytes(24).toString('base64url')}`;
    const webhookSecret =
      request.webhook_url === undefined ? null : `whsec_${randomBytes(32).toString('base64url')}`;
    const record: ConnectSessionRecord = {
      id,
      applicationId: caller.applicationId,
      externalUserId: request.external_user_id,
      connectorTypes,
      returnUrl: request.return_url ?? null,
      webhookUrl: request.webhook_url ?? null,
      webhookSecret:
        webhookSecret === null ? null : sealJson(this.#keyring, webhookSecret, webhookSecretContext(id)),
      reauthorizeConnectorId: request.connector_id ?? null,
      connectorId: request.connector_id ?? null,
      status: 'pending',
      createdAt: now,
      expiresAt: now + this.#ttlMs,
      completedAt: null,
    };
    await this.#store.db.execute(
      `INSERT INTO connect_sessions (${COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        record.id,
        record.applicationId,
        record.externalUserId,
        JSON.stringify(record.connectorTypes),
        record.returnUrl,
        record.webhookUrl,
        record.webhookSecret?.ciphertext ?? null,
        record.webhookSecret?.keyId ?? null,
        record.webhookSecret?.nonce ?? null,
        record.reauthorizeConnectorId,
        null,
        record.status,
        record.createdAt,
        record.expiresAt,
        null,
      ],
    );
    return { session: { ...record, connectorId: null }, webhookSecret };
  }

  /**
   * Refuses a webhook address the service must not call (400 naming `webhook_url`): credentials in
   * it (they would sit in the store and the logs) or an address the egress policy refuses. A name
   * is checked again, on every address it resolves to, when each delivery connects.
   */
  #assertWebhookUrl(url: string): void {
    const parsed = new URL(url);
    if (parsed.username !== '' || parsed.password !== '') {
      throw webhookUrlRefused('must not carry credentials', 'invalid_param');
    }
    try {
      this.#checkWebhookUrl?.(url);
    } catch (error) {
      if (error instanceof EgressDeniedError)
        throw webhookUrlRefused(`must be a public address: ${error.message}`);
      throw error;
    }
  }

  /** The caller's session (a scoped token sees only its user's); 404 otherwise. */
  async get(caller: Caller, id: string): Promise<ConnectSessionRecord> {
    const session = await this.find(id);
    const owner = ownerOf(caller);
    if (
      !session ||
      session.applicationId !== owner.applicationId ||
      (owner.externalUserId !== undefined && owner.externalUserId !== session.externalUserId)
    ) {
      throw notFound();
    }
    return session;
  }

  /** Any session by id, for the connect page (whose only credential is the id). */
  async find(id: string): Promise<ConnectSessionRecord | undefined> {
    const [row] = await this.#store.db.query(`SELECT ${COLUMNS} FROM connect_sessions WHERE id = $1`, [id]);
    return row ? fromRow(row) : undefined;
  }

  /** `pending`, `completed`, or `expired` when still pending past its expiry. */
  statusOf(session: ConnectSessionRecord): ConnectSession['status'] {
    if (session.status === 'completed') return 'completed';
    return this.#clock.now() >= session.expiresAt ? 'expired' : 'pending';
  }

  /**
   * Marks a pending, unexpired session completed with its connector. False when it was completed
   * meanwhile or has expired: a session connects one account once.
   */
  async complete(id: string, connectorId: string): Promise<boolean> {
    const now = this.#clock.now();
    const changed = await this.#store.db.execute(
      `UPDATE connect_sessions SET status = 'completed', connector_id = $2, completed_at = $3
       WHERE id = $1 AND status = 'pending' AND expires_at > $3`,
      [id, connectorId, now],
    );
    return changed === 1;
  }

  /**
   * Records an OAuth authorization started from a session and returns its `state` (random, sent
   * to the upstream and back) and PKCE `verifier`. Only the state's hash is kept, the verifier is
   * sealed.
   */
  async startOAuth(
    session: ConnectSessionRecord,
    options: { connectorType: string; config: Record<string, unknown>; redirectUri: string },
  ): Promise<{ state: string; verifier: string; browserBinding: string }> {
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    // Kept by the browser that started the flow (a cookie), checked at the callback: a callback
    // URL sent to another browser is refused (issue 28, finding 9). Only its hash is stored.
    const browserBinding = randomBytes(32).toString('base64url');
    const stateHash = hashState(state);
    const sealed = sealJson(
      this.#keyring,
      { verifier, binding: hashState(browserBinding) },
      oauthVerifierContext(stateHash),
    );
    await this.#store.db.execute(
      `INSERT INTO connect_oauth_states (state_hash, session_id, connector_type, config, redirect_uri,
         verifier_ciphertext, verifier_key_id, verifier_nonce, created_at, used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL)`,
      [
        stateHash,
        session.id,
        options.connectorType,
        JSON.stringify(options.config),
        options.redirectUri,
        sealed.ciphertext,
        sealed.keyId,
        sealed.nonce,
        this.#clock.now(),
      ],
    );
    return { state, verifier, browserBinding };
  }

  /**
   * Uses up the authorization of a callback's `state`: `unknown` for a state the service never
   * issued (tampered), `used` for one whose callback already came (a replay); otherwise what the
   * exchange needs. A state is taken once, atomically, even by concurrent callbacks.
   */
  async takeOAuthState(
    state: string,
    browserBinding: string | undefined,
  ): Promise<
    | { readonly outcome: 'unknown' }
    | { readonly outcome: 'used' }
    | { readonly outcome: 'other-browser' }
    | {
        readonly outcome: 'taken';
        readonly sessionId: string;
        readonly connectorType: string;
        readonly config: Record<string, unknown>;
        readonly redirectUri: string;
        readonly verifier: string;
      }
  > {
    const stateHash = hashState(state);
    const [row] = await this.#store.db.query(
      `SELECT session_id, connector_type, config, redirect_uri, verifier_ciphertext, verifier_key_id, verifier_nonce, used_at
       FROM connect_oauth_states WHERE state_hash = $1`,
      [stateHash],
    );
    if (!row) return { outcome: 'unknown' };
    const { verifier, binding } = unsealJson(
      this.#keyring,
      {
        ciphertext: toBuffer(row.verifier_ciphertext),
        keyId: String(row.verifier_key_id),
        nonce: toBuffer(row.verifier_nonce),
      },
      oauthVerifierContext(stateHash),
    ) as { verifier: string; binding?: string };
    // Refused without using the state up: the browser that started the flow can still finish it.
    // (States stored before the binding existed have none; they expire with their session.)
    if (
      binding !== undefined &&
      (browserBinding === undefined || !constantTimeEqual(hashState(browserBinding), binding))
    ) {
      return row.used_at === null || row.used_at === undefined
        ? { outcome: 'other-browser' }
        : { outcome: 'used' };
    }
    const taken = await this.#store.db.execute(
      'UPDATE connect_oauth_states SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL',
      [stateHash, this.#clock.now()],
    );
    if (taken !== 1) return { outcome: 'used' };
    return {
      outcome: 'taken',
      sessionId: String(row.session_id),
      connectorType: String(row.connector_type),
      config: JSON.parse(String(row.config)) as Record<string, unknown>,
      redirectUri: String(row.redirect_uri),
      verifier,
    };
  }

  /**
   * Tells the session's application, at its `webhook_url`, that the session completed: a signed
   * `connect_session.completed` event, stored in the webhook outbox and sent from there (retried
   * with backoff by whichever process finds it due, across restarts). Nothing without a webhook
   * URL. {@link ConnectSessionService.idle} waits until nothing is pending.
   */
  async notifyCompleted(id: string): Promise<void> {
    const session = await this.find(id);
    if (!session?.webhookUrl || !session.webhookSecret) return;
    const event: ConnectSessionEvent = {
      id: `evt_${randomBytes(16).toString('hex')}`,
      type: 'connect_session.completed',
      created_at: new Date(this.#clock.now()).toISOString(),
      data: this.toJson(session),
    };
    await this.webhooks.enqueue({
      id: event.id,
      sessionId: id,
      url: session.webhookUrl,
      body: JSON.stringify(event),
    });
  }

  /** Resolves once every stored webhook has been delivered or given up. */
  async idle(): Promise<void> {
    await this.webhooks.idle();
  }

  /** The session as the API answers it (`ConnectSessionSchema`). */
  toJson(session: ConnectSessionRecord): ConnectSession {
    const iso = (ms: number) => new Date(ms).toISOString();
    const status = this.statusOf(session);
    return {
      id: session.id,
      // Like the OAuth callback: the public URL (no trailing slash, a path prefix kept) + the path.
      url: `${this.#publicUrl ?? ''}${connectPagePath(session.id)}`,
      external_user_id: session.externalUserId,
      connector_types: [...session.connectorTypes],
      status,
      connector_id: status === 'completed' ? session.connectorId : null,
      return_url: session.returnUrl,
      created_at: iso(session.createdAt),
      expires_at: iso(session.expiresAt),
      completed_at: session.completedAt === null ? null : iso(session.completedAt),
    };
  }
}
