import { PlatformMissingResourceError } from '../errors/platform-missing-resource-error';
import { CachedDataset } from './cached-dataset';
import type { SqlEngine } from './sql-engine';
import { SqlTable } from './sql-table';
import type { WarehouseReader } from './warehouse-reader';

/**
 * How a connection names what it writes, as the destination applies it.
 *
 * @example
 * ```ts
 * const naming: SqlCacheNaming = { tablePrefix: 'raw_', namespaceDefinition: 'destination', streamNamespaces: new Map() };
 * ```
 */
export interface SqlCacheNaming {
  /** The connection's table prefix (`prefix`). */
  tablePrefix: string;
  /** Extra affixes of the `SyncResult` (default empty). */
  tableNamePrefix?: string;
  tableNameSuffix?: string;
  /** `destination` (default), `source` or `custom_format`. */
  namespaceDefinition?: string | undefined;
  /** With `custom_format`: the format, where `${SOURCE_NAMESPACE}` stands for the stream's namespace. */
  namespaceFormat?: string | undefined;
  /** Each selected stream's own namespace, if it has one. */
  streamNamespaces: ReadonlyMap<string, string | undefined>;
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: the platform's literal placeholder.
const sourceNamespaceToken = '${SOURCE_NAMESPACE}';

/**
 * The results of a connection's syncs in its destination: table and schema names as the
 * destination writes them (`<prefix><stream>`, normalized; the namespace the connection
 * resolves to, else the destination's default schema), a shared engine, and table and dataset
 * handles. Close it (or the engine) when done.
 *
 * @example
 * ```ts
 * const cache = await result.getSqlCache();
 * try {
 *   console.log(cache.getSqlTableName('users'));
 *   for await (const row of await cache.getDataset('users')) console.log(row);
 * } finally {
 *   await cache.close();
 * }
 * ```
 */
export class SqlCache {
  readonly #reader: WarehouseReader;
  readonly #naming: SqlCacheNaming;
  #engine: Promise<SqlEngine> | undefined;

  constructor(reader: WarehouseReader, naming: SqlCacheNaming) {
    this.#reader = reader;
    this.#naming = naming;
  }

  /** `postgres`, `duckdb`, `motherduck`, … */
  get kind(): string {
    return this.#reader.kind;
  }

  /** The database the destination writes to. */
  getSqlDatabaseName(): string {
    return this.#reader.databaseName;
  }

  /** The schema a stream's table is in; without a stream, the destination's default schema. */
  getSqlSchemaName(streamName?: string): string {
    const fallback = this.#reader.defaultSchema;
    if (streamName === undefined) return fallback;
    const definition = this.#naming.namespaceDefinition ?? 'destination';
    const own = this.#naming.streamNamespaces.get(streamName);
    if (definition === 'source') return own ? this.#reader.normalizeIdentifier(own) : fallback;
    if (definition === 'custom_format' || definition === 'customformat') {
      const resolved = (this.#naming.namespaceFormat ?? '')
        .replaceAll(sourceNamespaceToken, own ?? '')
        .trim();
      return resolved === '' ? fallback : this.#reader.normalizeIdentifier(resolved);
    }
    return fallback;
  }

  /** The table a stream is written to. */
  getSqlTableName(streamName: string): string {
    const { tableNamePrefix = '', tablePrefix, tableNameSuffix = '' } = this.#naming;
    return this.#reader.normalizeIdentifier(
      `${tableNamePrefix}${tablePrefix}${streamName}${tableNameSuffix}`,
    );
  }

  /** The cache's engine, opened on first use and shared by its tables and datasets. */
  getEngine(): Promise<SqlEngine> {
    if (!this.#engine) {
      const opening = this.#reader.openEngine();
      this.#engine = opening;
      // A failed open is not cached: the next call tries again.
      opening.catch(() => {
        if (this.#engine === opening) this.#engine = undefined;
      });
    }
    return this.#engine;
  }

  /** The table of a stream; {@link PlatformMissingResourceError} when no sync has written it. */
  async getSqlTable(streamName: string): Promise<SqlTable> {
    const engine = await this.getEngine();
    const location = {
      name: this.getSqlTableName(streamName),
      schema: this.getSqlSchemaName(streamName),
      databaseName: this.getSqlDatabaseName(),
    };
    const found = await engine.query(
      'SELECT 1 AS found FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2',
      [location.schema, location.name],
    );
    if (found.length === 0) {
      throw new PlatformMissingResourceError(
        `No table ${location.schema}.${location.name} for stream "${streamName}" in ${this.kind} database ${location.databaseName}.`,
        { resourceType: 'table', resourceId: `${location.schema}.${location.name}` },
      );
    }
    return new SqlTable(engine, location);
  }

  /** A stream's records as an iterable dataset. */
  async getDataset(streamName: string): Promise<CachedDataset> {
    return new CachedDataset(streamName, await this.getSqlTable(streamName));
  }

  /** Closes the engine, if one was opened; the cache can open a new one later. */
  async close(): Promise<void> {
    const engine = this.#engine;
    this.#engine = undefined;
    if (engine) await (await engine.catch(() => undefined))?.close();
  }
}
