import { existsSync } from 'node:fs';
import { basename, extname, isAbsolute, join } from 'node:path';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformMissingResourceError } from '../errors/platform-missing-resource-error';
import { PlatformSecretNotFoundError } from '../errors/platform-secret-not-found-error';
import { loadOptionalDriver } from './load-optional-driver';
import { normalizeWarehouseName } from './normalize-warehouse-name';
import { quoteSqlIdentifier, type SqlEngine, type SqlRow, type SqlStreamOptions } from './sql-engine';
import {
  isMaskedSecret,
  type WarehouseDestination,
  type WarehouseReader,
  type WarehouseReaderContext,
} from './warehouse-reader';

/** The part of `@duckdb/node-api`'s result this reader uses. */
interface DuckResultLike {
  yieldRowObjectJs(): AsyncIterableIterator<Record<string, unknown>[]>;
}

/** The part of `@duckdb/node-api`'s connection this reader uses. */
interface DuckConnectionLike {
  runAndReadAll(sql: string, values?: unknown[]): Promise<{ getRowObjectsJS(): Record<string, unknown>[] }>;
  stream(sql: string, values?: unknown[]): Promise<DuckResultLike>;
  closeSync(): void;
}

interface DuckInstanceLike {
  connect(): Promise<DuckConnectionLike>;
  closeSync(): void;
}

type DuckModule = {
  DuckDBInstance: { create(path?: string, options?: Record<string, string>): Promise<DuckInstanceLike> };
};

/**
 * Where and how a DuckDB destination's data is opened.
 *
 * @example
 * ```ts
 * const target: DuckDbTarget = { path: 'md:lake', options: { motherduck_token: token }, databaseName: 'lake', motherDuck: true };
 * ```
 */
export interface DuckDbTarget {
  /** A local file path, or `md:<database>` for MotherDuck. */
  path: string;
  /** Options for `DuckDBInstance.create` (`access_mode`, `motherduck_token`). */
  options: Record<string, string>;
  databaseName: string;
  motherDuck: boolean;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * True for a `destination_path` that addresses MotherDuck (`md:…` or `motherduck:…`).
 *
 * @example
 * ```ts
 * isMotherDuckPath('md:analytics'); // true
 * ```
 */
export function isMotherDuckPath(path: string): boolean {
  return /^(md|motherduck):/i.test(path);
}

/**
 * Resolves where a DuckDB or MotherDuck destination's data lives. Local files: `/local/…` is
 * the self-managed installation's local root (default `/tmp/airbyte_local`), other absolute paths
 * are used as they are, relative ones are taken from the local root; the file is opened read-only.
 * MotherDuck (`md:<database>`, or a `motherduck` destination): the token is the configuration's
 * `motherduck_api_key` when the API shows it, else the workspace's secret resolver, else the
 * `MOTHERDUCK_TOKEN` environment variable; without one, {@link PlatformSecretNotFoundError}.
 *
 * @example
 * ```ts
 * await duckDbTarget({ ...destination, configuration: { destination_path: '/local/out.duckdb' } }, context);
 * // { path: '/tmp/airbyte_local/out.duckdb', options: { access_mode: 'READ_ONLY' }, databaseName: 'out', motherDuck: false }
 * ```
 */
export async function duckDbTarget(
  destination: WarehouseDestination,
  context: WarehouseReaderContext,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<DuckDbTarget> {
  const rawPath = text(destination.configuration.destination_path);
  const motherDuck =
    destination.destinationType === 'motherduck' || (rawPath !== undefined && isMotherDuckPath(rawPath));
  if (motherDuck) {
    const database = (rawPath ?? 'md:').replace(/^(md|motherduck):/i, '').split('?')[0] ?? '';
    const stored = destination.configuration.motherduck_api_key;
    const token =
      (typeof stored === 'string' && stored !== '' && !isMaskedSecret(stored) ? stored : undefined) ??
      (await context.resolveSecret('motherduck_api_key')) ??
      text(env.MOTHERDUCK_TOKEN);
    if (token === undefined) {
      throw new PlatformSecretNotFoundError(
        `Reading MotherDuck destination ${destination.destinationId} needs its token, which the API masks.`,
        {
          secretName: 'motherduck_api_key',
          sources: ['destination configuration', 'warehouseSecrets resolver', 'MOTHERDUCK_TOKEN'],
          guidance: 'Give the workspace a warehouseSecrets resolver, or set MOTHERDUCK_TOKEN.',
        },
      );
    }
    return {
      path: `md:${database}`,
      options: { motherduck_token: token },
      databaseName: database === '' ? 'my_db' : database,
      motherDuck: true,
    };
  }
  if (rawPath === undefined) {
    throw new PlatformInputError(
      `The DuckDB destination ${destination.destinationId} has no destination_path.`,
      {
        field: 'configuration.destination_path',
      },
    );
  }
  const path = rawPath.startsWith('/local/')
    ? join(context.duckdbLocalRoot, rawPath.slice('/local/'.length))
    : isAbsolute(rawPath)
      ? rawPath
      : join(context.duckdbLocalRoot, rawPath);
  return {
    path,
    // Read-only, so the reader never holds the write lock the destination needs for the next sync.
    options: { access_mode: 'READ_ONLY' },
    databaseName: basename(path, extname(path)),
    motherDuck: false,
  };
}

/**
 * Reads back from a DuckDB destination (a local file) or a MotherDuck one (`md:` path plus
 * token); see {@link duckDbTarget} for how the location and token are found. Tables live in the
 * destination's `schema` (default `main`). Streams read DuckDB's result chunks one at a time, so
 * memory stays constant. `@duckdb/node-api` is an optional peer dependency, imported on first use.
 *
 * @example
 * ```ts
 * const registry = new WarehouseReaderRegistry().register('duckdb', duckDbWarehouseReader);
 * ```
 */
export async function duckDbWarehouseReader(
  destination: WarehouseDestination,
  context: WarehouseReaderContext,
): Promise<WarehouseReader> {
  const target = await duckDbTarget(destination, context);
  const normalize = (name: string) => normalizeWarehouseName(name);
  return {
    kind: target.motherDuck ? 'motherduck' : 'duckdb',
    databaseName: target.databaseName,
    defaultSchema: normalize(text(destination.configuration.schema) ?? 'main'),
    normalizeIdentifier: normalize,
    openEngine: async () => {
      if (!target.motherDuck && !existsSync(target.path)) {
        throw new PlatformMissingResourceError(
          `The DuckDB file ${target.path} of destination ${destination.destinationId} does not exist (no sync has written it yet?).`,
          { resourceType: 'duckdb_file', resourceId: target.path },
        );
      }
      const duckdb = (await loadOptionalDriver(
        '@duckdb/node-api',
        () => import('@duckdb/node-api'),
      )) as unknown as DuckModule;
      const instance = await duckdb.DuckDBInstance.create(target.path, target.options);
      try {
        return duckDbEngine(instance, await instance.connect());
      } catch (error) {
        instance.closeSync();
        throw error;
      }
    },
  };
}

function duckDbEngine(instance: DuckInstanceLike, connection: DuckConnectionLike): SqlEngine {
  let closed = false;
  return {
    dialect: 'duckdb',
    quoteIdentifier: quoteSqlIdentifier,
    async query<Row extends SqlRow = SqlRow>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const reader = await connection.runAndReadAll(sql, [...params]);
      return reader.getRowObjectsJS() as Row[];
    },
    stream<Row extends SqlRow = SqlRow>(
      sql: string,
      params: readonly unknown[] = [],
      options: SqlStreamOptions = {},
    ): AsyncIterable<Row> {
      return {
        async *[Symbol.asyncIterator]() {
          const result = await connection.stream(sql, [...params]);
          // DuckDB hands out fixed-size chunks (2,048 rows); only one is held at a time.
          for await (const rows of result.yieldRowObjectJs()) {
            options.signal?.throwIfAborted();
            for (const row of rows) yield row as Row;
          }
        },
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      connection.closeSync();
      instance.closeSync();
    },
  };
}
