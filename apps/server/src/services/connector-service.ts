import { randomUUID } from 'node:crypto';
import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { ConnectorType } from '@conduit/connectors';
import {
  AuthenticationError,
  EgressDeniedError,
  NotFoundError,
  PermissionError,
  parseCreateConnectorRequest,
  UpdateConnectorRequestSchema,
  ValidationError,
} from '@conduit/protocol';
import type { RefreshCoordinator } from '@conduit/transport';
import type { Clock } from '../clock';
import type { Keyring } from '../crypto/keyring';
import { credentialsContext, sealJson, unsealJson } from '../crypto/sealed-box';
import type { ConnectorDeleteHook, ConnectorRecord, ConnectorStatus, Store } from '../store/store';
import { parseBody } from '../validation/parse-body';
import { type Caller, ownerOf } from './caller';
import { RefreshSerializer, type StoredOAuthCredentials } from './refresh-serializer';

/**
 * A connector ready to run: its record, kind, decrypted and re-validated credentials, config and
 * the upstream base address. Hold it only for the duration of one request.
 */
export interface LoadedConnector {
  readonly record: ConnectorRecord;
  readonly type: ConnectorType;
  readonly credentials: Readonly<Record<string, string | undefined>>;
  readonly config: Readonly<Record<string, unknown>>;
  /** The upstream API's base address, without a trailing slash. */
  readonly baseUrl: string;
}

/** What the connector lifecycle tells the features plugged into the server. */
export interface ConnectorLifecycle {
  /** After creation; failures are the callee's to handle (the connector exists regardless). */
  onCreated(connector: ConnectorRecord): Promise<void>;
  /** After its credentials, config or name were replaced; failures are the callee's to handle. */
  onUpdated?(connector: ConnectorRecord): Promise<void>;
  /** Run inside the delete transaction, before the row goes. */
  readonly deleteHooks: readonly ConnectorDeleteHook[];
}

/** Dependencies of the connector service. */
export interface ConnectorServiceOptions {
  /** The connector modules the server runs: the kinds a body's `connector_type`, credentials and config are checked against. */
  readonly registry: ConnectorRegistry;
  readonly store: Store;
  readonly keyring: Keyring;
  readonly clock: Clock;
  /** Whether `config.base_url` may replace the upstream address (`CONDUIT_ALLOW_UPSTREAM_OVERRIDE`). */
  readonly allowUpstreamOverride: boolean;
  /**
   * The creation-time check of a configured upstream address (the CRM kind's `instance_url`):
   * throws EgressDeniedError for a loopback, link-local or private one. Skipped when overrides are
   * allowed, since `base_url` could aim anywhere then.
   */
  readonly checkUpstreamUrl?: (url: string) => void;
  /**
   * Checks a new config of a connector against the credentials it keeps: a connector holding the
   * operator's OAuth client sends its secret to the config's token endpoint at every refresh, so
   * an application may not aim that config at another host (issue 28, finding 1). Throws
   * `ValidationError`.
   */
  readonly checkOAuthConfig?: (
    type: string,
    credentials: Readonly<Record<string, unknown>>,
    config: Readonly<Record<string, unknown>>,
  ) => void;
  readonly lifecycle?: ConnectorLifecycle;
}

/** Filters of a listing, as the query string gives them. */
export interface ConnectorListQuery {
  readonly externalUserId?: string | undefined;
  readonly connectorType?: string | undefined;
}

function notFound(): NotFoundError {
  return new NotFoundError('connector not found', {
    status: 404,
    code: 'not_found',
    details: [{ message: 'connector not found', error_code: 'not_found' }],
  });
}

function userMismatch(): PermissionError {
  const message = 'a scoped token can only act for its own external_user_id';
  return new PermissionError(message, {
    status: 403,
    code: 'user_mismatch',
    details: [{ field: 'external_user_id', message, error_code: 'user_mismatch' }],
  });
}

function applicationGone(): AuthenticationError {
  const message = 'the application of this token no longer exists';
  return new AuthenticationError(message, {
    status: 401,
    code: 'invalid_token',
    details: [{ message, error_code: 'invalid_token' }],
  });
}

/**
 * The 422 for a configured `instance_url` the egress policy refuses, naming `config.instance_url`
 * (the connect page's sign-in form answers it too, before any redirect).
 *
 * @example
 * ```ts
 * throw instanceUrlNotAllowed(error);
 * ```
 */
export function instanceUrlNotAllowed(error: EgressDeniedError): ValidationError {
  const message = `config.instance_url must be a public address: ${error.message}`;
  return new ValidationError(message, {
    status: 422,
    code: 'instance_url_not_allowed',
    details: [{ field: 'config.instance_url', message, error_code: 'instance_url_not_allowed' }],
  });
}

function baseUrlNotAllowed(): ValidationError {
  const message = 'this server does not allow config.base_url to replace the upstream address';
  return new ValidationError(message, {
    status: 422,
    code: 'base_url_not_allowed',
    details: [{ field: 'config.base_url', message, error_code: 'base_url_not_allowed' }],
  });
}

/**
 * Connectors, tenant by tenant: creation with per-kind validation and sealed credentials, the
 * caller-scoped reads (another tenant's connector is "not found", never "forbidden"), deletion with
 * the features' erase hooks, and what execution needs: loading a connector with its credentials
 * decrypted, and saving refreshed credentials or a `needs_reauth` status.
 *
 * @example
 * ```ts
 * const connector = await connectors.create(caller, body);
 * const loaded = await connectors.loadForCaller(caller, connector.id);
 * await connectors.saveCredentials(loaded.record, { ...loaded.credentials, access_token: fresh });
 * ```
 */
export class ConnectorService {
  /** The connector modules the server runs. */
  readonly registry: ConnectorRegistry;
  readonly #store: Store;
  readonly #keyring: Keyring;
  readonly #clock: Clock;
  readonly #allowUpstreamOverride: boolean;
  readonly #checkUpstreamUrl: ((url: string) => void) | undefined;
  readonly #checkOAuthConfig: ConnectorServiceOptions['checkOAuthConfig'];
  readonly #lifecycle: ConnectorLifecycle;
  readonly #refreshes: RefreshSerializer;

  constructor(options: ConnectorServiceOptions) {
    this.registry = options.registry;
    this.#refreshes = new RefreshSerializer(options.store.db);
    this.#store = options.store;
    this.#keyring = options.keyring;
    this.#clock = options.clock;
    this.#allowUpstreamOverride = options.allowUpstreamOverride;
    this.#checkUpstreamUrl = options.checkUpstreamUrl;
    this.#checkOAuthConfig = options.checkOAuthConfig;
    this.#lifecycle = options.lifecycle ?? { onCreated: async () => {}, deleteHooks: [] };
  }

  #requireType(name: unknown): ConnectorType {
    return this.registry.kindOf(name).type;
  }

  /**
   * Validates a create body (400 shape / unknown kind, 403 `user_mismatch`, 422 credentials, config
   * and `base_url_not_allowed`), seals the credentials and stores the connector.
   */
  async create(caller: Caller, body: unknown): Promise<ConnectorRecord> {
    const request = parseCreateConnectorRequest(body, {
      kinds: this.registry.kinds,
      allowUpstreamOverride: this.#allowUpstreamOverride,
    });
    if (caller.kind === 'scoped' && request.external_user_id !== caller.externalUserId) throw userMismatch();
    // A validly signed token may outlive its application (removed from the store): its connector
    // would break the foreign key, so the token is refused as the credential it no longer is.
    if (!(await this.#store.findApplication(caller.applicationId))) throw applicationGone();
    const instanceUrl = (request.config as { instance_url?: unknown }).instance_url;
    if (typeof instanceUrl === 'string' && !this.#allowUpstreamOverride) {
      try {
        this.#checkUpstreamUrl?.(instanceUrl);
      } catch (error) {
        if (error instanceof EgressDeniedError) throw instanceUrlNotAllowed(error);
        throw error;
      }
    }
    const id = randomUUID();
    const now = new Date(this.#clock.now()).toISOString();
    const record: ConnectorRecord = {
      id,
      applicationId: caller.applicationId,
      externalUserId: request.external_user_id,
      connectorType: request.connector_type,
      name: request.name,
      status: 'active',
      config: request.config as Record<string, unknown>,
      credentials: sealJson(this.#keyring, request.credentials, credentialsContext(id)),
      createdAt: now,
      updatedAt: now,
    };
    await this.#store.insertConnector(record);
    await this.#lifecycle.onCreated(record);
    return record;
  }

  /**
   * Re-authorization and edits (`PATCH /v1/integrations/connectors/{id}`): validates the body
   * (400), the credentials and config against the connector's kind (422, all faults together;
   * `base_url_not_allowed`), seals the new credentials and saves them with what else was given.
   * New credentials set the status back to `active`; synced data is kept. 404 when the connector
   * is not the caller's.
   */
  async update(caller: Caller, id: string, body: unknown): Promise<ConnectorRecord> {
    const request = parseBody(UpdateConnectorRequestSchema, body);
    const record = await this.get(caller, id);
    const type = this.#requireType(record.connectorType);
    const details: ValidationError['details'][number][] = [];
    let code: string | undefined;
    const check = <T>(parse: () => T): T | undefined => {
      try {
        return parse();
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        details.push(...error.details);
        code ??= error.code;
        return undefined;
      }
    };
    const credentials =
      request.credentials === undefined
        ? undefined
        : check(() => this.registry.kindOf(type).parseCredentials(request.credentials));
    const config =
      request.config === undefined
        ? undefined
        : check(() => this.registry.kindOf(type).parseConfig(request.config));
    if (request.config?.base_url !== undefined && !this.#allowUpstreamOverride) {
      details.push(...baseUrlNotAllowed().details);
      code ??= 'base_url_not_allowed';
    }
    if (code !== undefined) {
      throw new ValidationError(details.map((detail) => detail.message).join('; '), {
        code,
        status: 422,
        details,
      });
    }
    if (config !== undefined && this.#checkOAuthConfig !== undefined) {
      const kept =
        credentials ??
        (unsealJson(this.#keyring, record.credentials, credentialsContext(record.id)) as Record<
          string,
          unknown
        >);
      this.#checkOAuthConfig(type, kept as Record<string, unknown>, config as Record<string, unknown>);
    }
    const now = new Date(this.#clock.now());
    const changes = {
      name: request.name,
      config: config as Record<string, unknown> | undefined,
      credentials:
        credentials === undefined ? undefined : sealJson(this.#keyring, credentials, credentialsContext(id)),
      status: credentials === undefined ? undefined : ('active' as const),
    };
    if (!(await this.#store.updateConnector(id, changes, now))) throw notFound();
    const updated: ConnectorRecord = {
      ...record,
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.config === undefined ? {} : { config: changes.config }),
      ...(changes.credentials === undefined ? {} : { credentials: changes.credentials }),
      ...(changes.status === undefined ? {} : { status: changes.status }),
      updatedAt: now.toISOString(),
    };
    await this.#lifecycle.onUpdated?.(updated);
    return updated;
  }

  /** The caller's connectors, oldest first; a scoped token asking for another user gets 403. */
  async list(caller: Caller, query: ConnectorListQuery = {}): Promise<ConnectorRecord[]> {
    if (
      caller.kind === 'scoped' &&
      query.externalUserId !== undefined &&
      query.externalUserId !== caller.externalUserId
    ) {
      throw userMismatch();
    }
    const connectorType =
      query.connectorType === undefined ? undefined : this.#requireType(query.connectorType);
    return this.#store.listConnectors(ownerOf(caller), {
      externalUserId: query.externalUserId,
      connectorType,
    });
  }

  /** The connector, or 404 when it does not exist or is not the caller's. */
  async get(caller: Caller, id: string): Promise<ConnectorRecord> {
    const connector = await this.#store.findConnector(ownerOf(caller), id);
    if (!connector) throw notFound();
    return connector;
  }

  /** Deletes the connector with its credentials and (through the hooks) its synced data; 404 when not the caller's. */
  async delete(caller: Caller, id: string): Promise<ConnectorRecord> {
    const deleted = await this.#store.deleteConnector(ownerOf(caller), id, this.#lifecycle.deleteHooks);
    if (!deleted) throw notFound();
    return deleted;
  }

  /**
   * The caller's connector with its credentials decrypted and validated, and its upstream address:
   * what an executor needs. 404 when the connector is not the caller's; 422 `base_url_not_allowed`
   * when it carries a `base_url` the server no longer allows.
   */
  async loadForCaller(caller: Caller, id: string): Promise<LoadedConnector> {
    return this.#load(await this.get(caller, id));
  }

  /**
   * Validates, seals and saves new credentials of a connector (e.g. after an OAuth refresh rotated
   * the refresh token), with the status that goes with them: `active` unless told otherwise.
   *
   * @throws ValidationError 422 when the credentials do not fit the connector's kind; NotFoundError
   *   when the connector was deleted meanwhile
   */
  async saveCredentials(
    connector: ConnectorRecord,
    credentials: unknown,
    status: ConnectorStatus = 'active',
  ): Promise<void> {
    const valid = this.registry.kindOf(connector.connectorType).parseCredentials(credentials);
    const sealed = sealJson(this.#keyring, valid, credentialsContext(connector.id));
    const saved = await this.#store.updateConnectorCredentials(
      connector.id,
      sealed,
      status,
      new Date(this.#clock.now()),
    );
    if (!saved) throw notFound();
  }

  /**
   * Serializes the OAuth refreshes of a connector with every other holder of its refresh token
   * (sync, execute, other processes); see {@link RefreshSerializer}.
   */
  refreshCoordinator(connector: ConnectorRecord): RefreshCoordinator {
    return this.#refreshes.coordinatorFor(connector.id, async () => {
      const current = await this.#store.findConnector(
        { applicationId: connector.applicationId },
        connector.id,
      );
      return current === undefined
        ? undefined
        : (unsealJson(
            this.#keyring,
            current.credentials,
            credentialsContext(current.id),
          ) as StoredOAuthCredentials);
    });
  }

  /** Marks a connector `needs_reauth`: the upstream refused its credentials even after a refresh. */
  async markNeedsReauth(connector: ConnectorRecord): Promise<void> {
    await this.setStatus(connector, 'needs_reauth');
  }

  /** Sets a connector's status (e.g. back to `active` after a call succeeds, or `error`). */
  async setStatus(connector: ConnectorRecord, status: ConnectorStatus): Promise<void> {
    await this.#store.updateConnectorStatus(connector.id, status, new Date(this.#clock.now()));
  }

  #load(record: ConnectorRecord): LoadedConnector {
    const type = this.#requireType(record.connectorType);
    const config = this.registry.kindOf(type).parseConfig(record.config);
    if (config.base_url !== undefined && !this.#allowUpstreamOverride) throw baseUrlNotAllowed();
    const credentials = this.registry
      .kindOf(type)
      .parseCredentials(unsealJson(this.#keyring, record.credentials, credentialsContext(record.id)));
    return {
      record,
      type,
      credentials,
      config,
      baseUrl: this.registry.kindOf(type).baseUrl(config),
    } as LoadedConnector;
  }
}
