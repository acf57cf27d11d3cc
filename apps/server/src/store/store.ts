import type { MigrationReport } from './apply-migrations';
import type { Migration } from './migrations/migration';
import type { SqlDatabase, SqlDialect, SqlExecutor } from './sql-database';

/** `active`, `needs_reauth` (upstream refused the credentials after a refresh) or `error`. */
export type ConnectorStatus = 'active' | 'needs_reauth' | 'error';

/** A value encrypted with AES-256-GCM: ciphertext with its tag appended, the key's id, the nonce. */
export interface SealedValue {
  readonly ciphertext: Buffer;
  readonly keyId: string;
  readonly nonce: Buffer;
}

/** A slow hash of an application secret, with what is needed to recompute it. */
export interface SecretHash {
  readonly hash: Buffer;
  readonly salt: Buffer;
  /** The algorithm and its cost parameters, e.g. `scrypt:N=16384,r=8,p=1`. */
  readonly params: string;
}

/** A registered application (the `platform_client_id` of a caller). */
export interface ApplicationRecord {
  readonly id: string;
  readonly clientId: string;
  readonly secret: SecretHash;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Display name given through the admin API; null for the bootstrap application. */
  readonly name?: string | null | undefined;
  /** When the application was revoked, or null while it is active. */
  readonly revokedAt?: string | null | undefined;
  /** 1 for the first secret, one more at each rotation; application tokens carry it. Default 1. */
  readonly secretGeneration?: number | undefined;
}

/** A connector as stored: credentials stay sealed until a caller decrypts them. */
export interface ConnectorRecord {
  readonly id: string;
  readonly applicationId: string;
  readonly externalUserId: string;
  readonly connectorType: string;
  readonly name: string;
  readonly status: ConnectorStatus;
  readonly config: Readonly<Record<string, unknown>>;
  readonly credentials: SealedValue;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What a connector update changes; absent fields are kept. */
export interface ConnectorChanges {
  readonly name?: string | undefined;
  readonly config?: Readonly<Record<string, unknown>> | undefined;
  readonly credentials?: SealedValue | undefined;
  readonly status?: ConnectorStatus | undefined;
}

/**
 * Whose connectors a query may see: an application, narrowed to one external user for scoped
 * tokens. Every connector query takes one, so tenant isolation cannot be forgotten.
 */
export interface ConnectorOwner {
  readonly applicationId: string;
  readonly externalUserId?: string | undefined;
}

/** Optional filters of a connector listing. */
export interface ConnectorFilter {
  readonly externalUserId?: string | undefined;
  readonly connectorType?: string | undefined;
}

/** A setting's value: plain text, or sealed when it is a secret (the generated token secret). */
export type StoredSetting =
  | { readonly kind: 'plain'; readonly value: string }
  | { readonly kind: 'sealed'; readonly sealed: SealedValue };

/** Runs inside the transaction that deletes a connector, before the row goes (erase synced data here). */
export type ConnectorDeleteHook = (tx: SqlExecutor, connector: ConnectorRecord) => Promise<void>;

/**
 * Everything the server keeps, behind one asynchronous interface with two backings: an embedded
 * SQLite file and a shared PostgreSQL database (`openStore` picks). Domain methods cover the core
 * tables; `db` gives later features (sync state, synced records, search) direct SQL over tables they
 * add with their own migrations.
 *
 * @example
 * ```ts
 * const store = await openStore({ dataDir: './.conduit' });
 * const connector = await store.findConnector({ applicationId }, connectorId);
 * await store.close();
 * ```
 */
export interface Store {
  readonly dialect: SqlDialect;
  /** Raw SQL access for features that own their tables. Statements use `$1` placeholders. */
  readonly db: SqlDatabase;

  /** Applies pending migrations (`MIGRATIONS` plus any extra ones given at open). Idempotent. */
  migrate(extra?: readonly Migration[]): Promise<MigrationReport>;
  /** Throws `StoreUnavailableError` when the store cannot answer. */
  ping(): Promise<void>;
  /**
   * Rewrites the heartbeat row: throws when the store answers but cannot write (a full disk, a
   * read-only file, replica or role). `/readyz` calls it after `ping`.
   */
  heartbeat(now: Date): Promise<void>;
  /** Whether the store was never migrated (no `schema_migrations`): a new database, or a lost one. */
  isEmpty(): Promise<boolean>;
  /** Closes the connections. Idempotent. */
  close(): Promise<void>;

  getSetting(key: string): Promise<StoredSetting | undefined>;
  /** Stores `value` unless the key exists, and returns what is stored now (race-free across processes). */
  putSettingIfAbsent(key: string, value: StoredSetting, now: Date): Promise<StoredSetting>;
  /** Every sealed setting, for key rotation. */
  listSealedSettings(): Promise<{ key: string; sealed: SealedValue }[]>;
  /** Replaces a sealed setting only if it still holds `from`; false when it changed meanwhile. */
  replaceSealedSetting(key: string, from: SealedValue, to: SealedValue): Promise<boolean>;

  findApplicationByClientId(clientId: string): Promise<ApplicationRecord | undefined>;
  findApplication(id: string): Promise<ApplicationRecord | undefined>;
  /** Inserts unless the client id exists; returns the stored application and whether it was new. */
  insertApplication(
    application: ApplicationRecord,
  ): Promise<{ application: ApplicationRecord; created: boolean }>;
  /**
   * Stores a new hash of the secret. `rotated`: it is a new secret (the generation goes up, so
   * application tokens issued for the old one can no longer mint scoped tokens); without it, the
   * same secret hashed again (new cost parameters).
   */
  updateApplicationSecret(id: string, secret: SecretHash, now: Date, rotated?: boolean): Promise<void>;
  /** Every application, oldest first. */
  listApplications(): Promise<ApplicationRecord[]>;
  /** Marks the application revoked; false when it does not exist or was revoked already. */
  revokeApplication(id: string, now: Date): Promise<boolean>;
  /**
   * True when the application exists and is not revoked. Authenticated requests ask it through
   * `ApplicationStatusCache`, so a revocation reaches every process sharing the store within a second.
   */
  isApplicationActive(id: string): Promise<boolean>;

  insertConnector(connector: ConnectorRecord): Promise<void>;
  /** The connector, or undefined when it does not exist or belongs to someone else. */
  findConnector(owner: ConnectorOwner, id: string): Promise<ConnectorRecord | undefined>;
  /** The owner's connectors, oldest first. */
  listConnectors(owner: ConnectorOwner, filter?: ConnectorFilter): Promise<ConnectorRecord[]>;
  /**
   * Deletes the owner's connector (and, through `hooks`, its synced data) in one transaction.
   * Returns what was deleted, or undefined when there was nothing visible to delete.
   */
  deleteConnector(
    owner: ConnectorOwner,
    id: string,
    hooks?: readonly ConnectorDeleteHook[],
  ): Promise<ConnectorRecord | undefined>;
  /** Saves new credentials (an OAuth refresh) and the status that goes with them. */
  updateConnectorCredentials(
    id: string,
    credentials: SealedValue,
    status: ConnectorStatus,
    now: Date,
  ): Promise<boolean>;
  updateConnectorStatus(id: string, status: ConnectorStatus, now: Date): Promise<boolean>;
  /**
   * Changes what is given of a connector's name, config, credentials and status (a re-authorization);
   * false when the connector no longer exists.
   */
  updateConnector(id: string, changes: ConnectorChanges, now: Date): Promise<boolean>;
  /** Connectors whose credentials are not sealed with `exceptKeyId`, by id, for key rotation. */
  listConnectorCredentials(options: {
    exceptKeyId: string;
    afterId?: string | undefined;
    limit: number;
  }): Promise<{ id: string; credentials: SealedValue }[]>;
  /** Replaces sealed credentials only if they are still `from`; false when they changed meanwhile. */
  replaceConnectorCredentials(id: string, from: SealedValue, to: SealedValue): Promise<boolean>;

  /**
   * Counts `amount` (default 1) requests in a fixed rate-limit window, atomically, and returns the
   * window's count including them.
   */
  hitRateLimit(bucket: string, windowStart: number, amount?: number): Promise<number>;
}
