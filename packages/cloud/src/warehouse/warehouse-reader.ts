import type { SqlEngine } from './sql-engine';

/**
 * The destination a reader is built for: what `GET /destinations/{id}` says about it.
 * `configuration` is as the API returns it, so secrets in it are masked (`**********`).
 *
 * @example
 * ```ts
 * const destination: WarehouseDestination = { destinationId, name: 'warehouse', destinationType: 'postgres', configuration };
 * ```
 */
export interface WarehouseDestination {
  destinationId: string;
  name: string;
  /** The connector's short name, e.g. `postgres`, `duckdb`, `motherduck`. */
  destinationType: string;
  configuration: Record<string, unknown>;
}

/**
 * What a {@link WarehouseSecretResolver} is asked for.
 *
 * @example
 * ```ts
 * const request: WarehouseSecretRequest = { destinationId, destinationType: 'postgres', field: 'password' };
 * ```
 */
export interface WarehouseSecretRequest {
  destinationId: string;
  destinationType: string;
  /** The configuration field the API masked, e.g. `password` or `motherduck_api_key`. */
  field: string;
}

/**
 * Supplies a warehouse credential the platform API masks in responses. Return `undefined` when
 * you have none; the reader then falls back to the driver's own defaults where there are any
 * (`PGPASSWORD`, `.pgpass`, trust authentication) or fails naming the secret.
 *
 * @example
 * ```ts
 * const secrets: WarehouseSecretResolver = ({ destinationType, field }) =>
 *   destinationType === 'postgres' && field === 'password' ? vault.read('warehouse-password') : undefined;
 * ```
 */
export type WarehouseSecretResolver = (
  request: WarehouseSecretRequest,
) => string | undefined | Promise<string | undefined>;

/**
 * What a reader factory gets besides the destination.
 *
 * @example
 * ```ts
 * const password = await context.resolveSecret('password');
 * ```
 */
export interface WarehouseReaderContext {
  /** Resolves a masked credential of this destination (see {@link WarehouseSecretResolver}). */
  resolveSecret(field: string): Promise<string | undefined>;
  /** Where a self-managed installation keeps `/local/…` files (DuckDB). */
  duckdbLocalRoot: string;
}

/**
 * Reads what the platform wrote to one destination: its naming rules, its default schema and a
 * way to open an {@link SqlEngine}. Implement it (and register a factory in a
 * `WarehouseReaderRegistry`) to read back from more destination kinds.
 *
 * @example
 * ```ts
 * const reader = await postgresWarehouseReader(destination, context);
 * reader.normalizeIdentifier('Purchase Orders'); // 'purchase_orders'
 * ```
 */
export interface WarehouseReader {
  /** `postgres`, `duckdb`, `motherduck`, … */
  readonly kind: string;
  /** The database (PostgreSQL database, DuckDB catalog, MotherDuck database). */
  readonly databaseName: string;
  /** The destination's default schema, already normalized. */
  readonly defaultSchema: string;
  /** Turns a stream name or namespace into the identifier the destination writes. */
  normalizeIdentifier(name: string): string;
  /** Opens a new engine; the caller closes it. */
  openEngine(): Promise<SqlEngine>;
}

/**
 * Builds a reader for one destination. Throw a `PlatformError` when the configuration cannot be
 * read back (a missing secret, an unsupported mode).
 *
 * @example
 * ```ts
 * registry.register('postgres', postgresWarehouseReader);
 * ```
 */
export type WarehouseReaderFactory = (
  destination: WarehouseDestination,
  context: WarehouseReaderContext,
) => WarehouseReader | Promise<WarehouseReader>;

/**
 * True for a configuration value the API masked: the platform replaces secrets with asterisks.
 *
 * @example
 * ```ts
 * isMaskedSecret('**********'); // true
 * ```
 */
export function isMaskedSecret(value: unknown): boolean {
  return typeof value === 'string' && value.includes('****');
}
