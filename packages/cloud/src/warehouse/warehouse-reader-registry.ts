import { duckDbWarehouseReader } from './duckdb-warehouse-reader';
import { postgresWarehouseReader } from './postgres-warehouse-reader';
import type { WarehouseReaderFactory } from './warehouse-reader';

/**
 * Which {@link WarehouseReaderFactory} reads back which destination type (the connector short
 * name the API reports as `destinationType`). {@link WarehouseReaderRegistry.withDefaults} knows
 * `postgres`, `duckdb` and `motherduck`; register more to read other warehouses.
 *
 * @example
 * ```ts
 * const readers = WarehouseReaderRegistry.withDefaults().register('clickhouse', clickhouseReader);
 * const workspace = new CloudWorkspace({ workspaceId, bearerToken, warehouseReaders: readers });
 * ```
 */
export class WarehouseReaderRegistry {
  readonly #factories = new Map<string, WarehouseReaderFactory>();

  /** A registry with the built-in readers: PostgreSQL, DuckDB and MotherDuck. */
  static withDefaults(): WarehouseReaderRegistry {
    return new WarehouseReaderRegistry()
      .register('postgres', postgresWarehouseReader)
      .register('duckdb', duckDbWarehouseReader)
      .register('motherduck', duckDbWarehouseReader);
  }

  /** Adds (or replaces) the reader of a destination type; returns the registry for chaining. */
  register(destinationType: string, factory: WarehouseReaderFactory): this {
    this.#factories.set(destinationType, factory);
    return this;
  }

  /** The reader factory of a destination type, if one is registered. */
  get(destinationType: string): WarehouseReaderFactory | undefined {
    return this.#factories.get(destinationType);
  }

  /** The destination types that can be read back. */
  get destinationTypes(): string[] {
    return [...this.#factories.keys()].sort();
  }
}
