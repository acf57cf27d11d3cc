import { applyMigrations, type MigrationReport } from './apply-migrations';
import { MIGRATIONS } from './migrations/index';
import type { Migration } from './migrations/migration';
import type { SqlDatabase, SqlDialect, SqlValue } from './sql-database';
import { toBuffer, toIsoTimestamp, toJsonValue } from './sql-values';
import type {
  ApplicationRecord,
  ConnectorChanges,
  ConnectorDeleteHook,
  ConnectorFilter,
  ConnectorOwner,
  ConnectorRecord,
  ConnectorStatus,
  SealedValue,
  SecretHash,
  Store,
  StoredSetting,
} from './store';

const CONNECTOR_COLUMNS = `id, application_id, external_user_id, connector_type, name, status, config,
  credentials_ciphertext, credentials_key_id, credentials_nonce, created_at, updated_at`;

const APPLICATION_COLUMNS =
  'id, client_id, secret_hash, secret_salt, secret_params, created_at, updated_at, name, revoked_at, secret_generation';

type Row = Record<string, unknown>;

function connectorFromRow(row: Row): ConnectorRecord {
  return {
    id: String(row.id),
    applicationId: String(row.application_id),
    externalUserId: String(row.external_user_id),
    connectorType: String(row.connector_type),
    name: String(row.name),
    status: String(row.status) as ConnectorStatus,
    config: toJsonValue(row.config) as Record<string, unknown>,
    credentials: {
      ciphertext: toBuffer(row.credentials_ciphertext),
      keyId: String(row.credentials_key_id),
      nonce: toBuffer(row.credentials_nonce),
    },
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}

function applicationFromRow(row: Row): ApplicationRecord {
  return {
    id: String(row.id),
    clientId: String(row.client_id),
    secret: {
      hash: toBuffer(row.secret_hash),
      salt: toBuffer(row.secret_salt),
      params: String(row.secret_params),
    },
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
    name: row.name === null || row.name === undefined ? null : String(row.name),
    revokedAt:
      row.revoked_at === null || row.revoked_at === undefined ? null : toIsoTimestamp(row.revoked_at),
    secretGeneration: Number(row.secret_generation ?? 1),
  };
}

function settingFromRow(row: Row): StoredSetting {
  if (row.ciphertext !== null && row.ciphertext !== undefined) {
    return {
      kind: 'sealed',
      sealed: { ciphertext: toBuffer(row.ciphertext), keyId: String(row.key_id), nonce: toBuffer(row.nonce) },
    };
  }
  return { kind: 'plain', value: String(row.value) };
}

/** Appends the owner's conditions (and filters) to a WHERE clause, numbering placeholders on. */
function ownerConditions(owner: ConnectorOwner, filter: ConnectorFilter, params: SqlValue[]): string {
  const conditions: string[] = [];
  params.push(owner.applicationId);
  conditions.push(`application_id = $${params.length}`);
  for (const externalUserId of [owner.externalUserId, filter.externalUserId]) {
    if (externalUserId === undefined) continue;
    params.push(externalUserId);
    conditions.push(`external_user_id = $${params.length}`);
  }
  if (filter.connectorType !== undefined) {
    params.push(filter.connectorType);
    conditions.push(`connector_type = $${params.length}`);
  }
  return conditions.join(' AND ');
}

/**
 * The `Store` over SQL: one implementation for both backings, since the statements are portable
 * (`ON CONFLICT`, `RETURNING`, `$n` placeholders); only the migrations differ per dialect.
 *
 * @example
 * ```ts
 * const store = new SqlStore(await SqliteDatabase.open(':memory:'));
 * await store.migrate();
 * ```
 */
export class SqlStore implements Store {
  readonly db: SqlDatabase;
  readonly #migrations: readonly Migration[];

  constructor(db: SqlDatabase, migrations: readonly Migration[] = MIGRATIONS) {
    this.db = db;
    this.#migrations = migrations;
  }

  get dialect(): SqlDialect {
    return this.db.dialect;
  }

  migrate(extra: readonly Migration[] = []): Promise<MigrationReport> {
    const all = [...this.#migrations, ...extra].sort((a, b) => a.version - b.version);
    return applyMigrations(this.db, all);
  }

  ping(): Promise<void> {
    return this.db.ping();
  }

  async isEmpty(): Promise<boolean> {
    const rows =
      this.dialect === 'sqlite'
        ? await this.db.query(
            "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
          )
        : // to_regclass follows the search_path, so it looks in the configured schema.
          await this.db.query("SELECT 1 AS found WHERE to_regclass('schema_migrations') IS NOT NULL");
    return rows.length === 0;
  }

  async heartbeat(now: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO store_heartbeat (id, beat_at) VALUES (1, $1)
       ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at`,
      [now.toISOString()],
    );
  }

  close(): Promise<void> {
    return this.db.close();
  }

  async getSetting(key: string): Promise<StoredSetting | undefined> {
    const [row] = await this.db.query(
      'SELECT value, ciphertext, key_id, nonce FROM settings WHERE key = $1',
      [key],
    );
    return row ? settingFromRow(row) : undefined;
  }

  async putSettingIfAbsent(key: string, value: StoredSetting, now: Date): Promise<StoredSetting> {
    const sealed = value.kind === 'sealed' ? value.sealed : undefined;
    await this.db.execute(
      `INSERT INTO settings (key, value, ciphertext, key_id, nonce, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING`,
      [
        key,
        value.kind === 'plain' ? value.value : null,
        sealed?.ciphertext ?? null,
        sealed?.keyId ?? null,
        sealed?.nonce ?? null,
        now.toISOString(),
      ],
    );
    const stored = await this.getSetting(key);
    if (!stored) throw new Error(`setting ${key} vanished right after it was written`);
    return stored;
  }

  async listSealedSettings(): Promise<{ key: string; sealed: SealedValue }[]> {
    const rows = await this.db.query(
      'SELECT key, value, ciphertext, key_id, nonce FROM settings WHERE ciphertext IS NOT NULL ORDER BY key',
    );
    return rows.flatMap((row) => {
      const setting = settingFromRow(row);
      return setting.kind === 'sealed' ? [{ key: String(row.key), sealed: setting.sealed }] : [];
    });
  }

  async replaceSealedSetting(key: string, from: SealedValue, to: SealedValue): Promise<boolean> {
    const changed = await this.db.execute(
      `UPDATE settings SET ciphertext = $2, key_id = $3, nonce = $4
       WHERE key = $1 AND key_id = $5 AND nonce = $6`,
      [key, to.ciphertext, to.keyId, to.nonce, from.keyId, from.nonce],
    );
    return changed > 0;
  }

  async findApplicationByClientId(clientId: string): Promise<ApplicationRecord | undefined> {
    const [row] = await this.db.query(
      `SELECT ${APPLICATION_COLUMNS} FROM applications WHERE client_id = $1`,
      [clientId],
    );
    return row ? applicationFromRow(row) : undefined;
  }

  async findApplication(id: string): Promise<ApplicationRecord | undefined> {
    const [row] = await this.db.query(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = $1`, [id]);
    return row ? applicationFromRow(row) : undefined;
  }

  async insertApplication(
    application: ApplicationRecord,
  ): Promise<{ application: ApplicationRecord; created: boolean }> {
    const inserted = await this.db.query(
      `INSERT INTO applications (${APPLICATION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (client_id) DO NOTHING RETURNING id`,
      [
        application.id,
        application.clientId,
        application.secret.hash,
        application.secret.salt,
        application.secret.params,
        application.createdAt,
        application.updatedAt,
        application.name ?? null,
        application.revokedAt ?? null,
        application.secretGeneration ?? 1,
      ],
    );
    if (inserted.length > 0) return { application, created: true };
    const existing = await this.findApplicationByClientId(application.clientId);
    if (!existing) throw new Error(`application ${application.clientId} neither inserted nor found`);
    return { application: existing, created: false };
  }

  async updateApplicationSecret(id: string, secret: SecretHash, now: Date, rotated = false): Promise<void> {
    await this.db.execute(
      `UPDATE applications SET secret_hash = $2, secret_salt = $3, secret_params = $4, updated_at = $5${
        rotated ? ', secret_generation = secret_generation + 1' : ''
      } WHERE id = $1`,
      [id, secret.hash, secret.salt, secret.params, now.toISOString()],
    );
  }

  async listApplications(): Promise<ApplicationRecord[]> {
    const rows = await this.db.query(
      `SELECT ${APPLICATION_COLUMNS} FROM applications ORDER BY created_at, id`,
    );
    return rows.map(applicationFromRow);
  }

  async revokeApplication(id: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const changed = await this.db.execute(
      'UPDATE applications SET revoked_at = $2, updated_at = $2 WHERE id = $1 AND revoked_at IS NULL',
      [id, at],
    );
    return changed > 0;
  }

  async isApplicationActive(id: string): Promise<boolean> {
    const rows = await this.db.query<{ revoked: unknown }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM applications WHERE id = $1',
      [id],
    );
    const row = rows[0];
    // SQLite answers 0/1, PostgreSQL a boolean.
    return row !== undefined && !row.revoked;
  }

  async insertConnector(connector: ConnectorRecord): Promise<void> {
    await this.db.execute(
      `INSERT INTO connectors (${CONNECTOR_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        connector.id,
        connector.applicationId,
        connector.externalUserId,
        connector.connectorType,
        connector.name,
        connector.status,
        JSON.stringify(connector.config),
        connector.credentials.ciphertext,
        connector.credentials.keyId,
        connector.credentials.nonce,
        connector.createdAt,
        connector.updatedAt,
      ],
    );
  }

  async findConnector(owner: ConnectorOwner, id: string): Promise<ConnectorRecord | undefined> {
    const params: SqlValue[] = [id];
    const where = ownerConditions(owner, {}, params);
    const [row] = await this.db.query(
      `SELECT ${CONNECTOR_COLUMNS} FROM connectors WHERE id = $1 AND ${where}`,
      params,
    );
    return row ? connectorFromRow(row) : undefined;
  }

  async listConnectors(owner: ConnectorOwner, filter: ConnectorFilter = {}): Promise<ConnectorRecord[]> {
    const params: SqlValue[] = [];
    const where = ownerConditions(owner, filter, params);
    const rows = await this.db.query(
      `SELECT ${CONNECTOR_COLUMNS} FROM connectors WHERE ${where} ORDER BY created_at, id`,
      params,
    );
    return rows.map(connectorFromRow);
  }

  async deleteConnector(
    owner: ConnectorOwner,
    id: string,
    hooks: readonly ConnectorDeleteHook[] = [],
  ): Promise<ConnectorRecord | undefined> {
    const deleted = await this.db.transaction(async (tx) => {
      const params: SqlValue[] = [id];
      const where = ownerConditions(owner, {}, params);
      const [row] = await tx.query(
        `SELECT ${CONNECTOR_COLUMNS} FROM connectors WHERE id = $1 AND ${where}`,
        params,
      );
      if (!row) return undefined;
      const connector = connectorFromRow(row);
      for (const hook of hooks) await hook(tx, connector);
      const deleted = await tx.execute(`DELETE FROM connectors WHERE id = $1 AND ${where}`, params);
      // Zero means a concurrent delete won; report "not found" like it never existed for this call.
      return deleted > 0 ? connector : undefined;
    });
    if (deleted !== undefined && this.dialect === 'sqlite') {
      // secure_delete zeroes the freed pages, but the write-ahead log still holds the rows as they
      // were until a checkpoint: copy it into the file now and truncate it, so the erased
      // credentials and records are gone from disk when the delete answers.
      await this.db.query('PRAGMA wal_checkpoint(TRUNCATE)');
    }
    return deleted;
  }

  async updateConnectorCredentials(
    id: string,
    credentials: SealedValue,
    status: ConnectorStatus,
    now: Date,
  ): Promise<boolean> {
    const changed = await this.db.execute(
      `UPDATE connectors SET credentials_ciphertext = $2, credentials_key_id = $3, credentials_nonce = $4,
         status = $5, updated_at = $6 WHERE id = $1`,
      [id, credentials.ciphertext, credentials.keyId, credentials.nonce, status, now.toISOString()],
    );
    return changed > 0;
  }

  async updateConnector(id: string, changes: ConnectorChanges, now: Date): Promise<boolean> {
    const params: SqlValue[] = [id, now.toISOString()];
    const sets = ['updated_at = $2'];
    const set = (column: string, value: SqlValue) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (changes.name !== undefined) set('name', changes.name);
    if (changes.config !== undefined) set('config', JSON.stringify(changes.config));
    if (changes.credentials !== undefined) {
      set('credentials_ciphertext', changes.credentials.ciphertext);
      set('credentials_key_id', changes.credentials.keyId);
      set('credentials_nonce', changes.credentials.nonce);
    }
    if (changes.status !== undefined) set('status', changes.status);
    const changed = await this.db.execute(`UPDATE connectors SET ${sets.join(', ')} WHERE id = $1`, params);
    return changed > 0;
  }

  async updateConnectorStatus(id: string, status: ConnectorStatus, now: Date): Promise<boolean> {
    const changed = await this.db.execute(
      'UPDATE connectors SET status = $2, updated_at = $3 WHERE id = $1 AND status <> $2',
      [id, status, now.toISOString()],
    );
    return changed > 0;
  }

  async listConnectorCredentials(options: {
    exceptKeyId: string;
    afterId?: string | undefined;
    limit: number;
  }): Promise<{ id: string; credentials: SealedValue }[]> {
    const rows = await this.db.query(
      `SELECT id, credentials_ciphertext, credentials_key_id, credentials_nonce FROM connectors
       WHERE credentials_key_id <> $1 AND id > $2 ORDER BY id LIMIT $3`,
      [options.exceptKeyId, options.afterId ?? '', options.limit],
    );
    return rows.map((row) => ({
      id: String(row.id),
      credentials: {
        ciphertext: toBuffer(row.credentials_ciphertext),
        keyId: String(row.credentials_key_id),
        nonce: toBuffer(row.credentials_nonce),
      },
    }));
  }

  async replaceConnectorCredentials(id: string, from: SealedValue, to: SealedValue): Promise<boolean> {
    const changed = await this.db.execute(
      `UPDATE connectors SET credentials_ciphertext = $2, credentials_key_id = $3, credentials_nonce = $4
       WHERE id = $1 AND credentials_key_id = $5 AND credentials_nonce = $6`,
      [id, to.ciphertext, to.keyId, to.nonce, from.keyId, from.nonce],
    );
    return changed > 0;
  }

  async hitRateLimit(bucket: string, windowStart: number, amount = 1): Promise<number> {
    const [row] = await this.db.query<{ hits: unknown }>(
      `INSERT INTO rate_limit_windows (bucket, window_start, hits) VALUES ($1, $2, $3)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_windows.hits + $3
       RETURNING hits`,
      [bucket, windowStart, amount],
    );
    const hits = Number(row?.hits ?? amount);
    if (hits === amount) {
      // The first hit of a new window clears this bucket's old windows, so the table stays small.
      await this.db.execute('DELETE FROM rate_limit_windows WHERE bucket = $1 AND window_start < $2', [
        bucket,
        windowStart,
      ]);
    }
    return hits;
  }
}
