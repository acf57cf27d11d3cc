import { describe, expect, it } from 'vitest';
import { duckDbWarehouseReader } from './duckdb-warehouse-reader';
import { postgresWarehouseReader } from './postgres-warehouse-reader';
import type { WarehouseReaderFactory } from './warehouse-reader';
import { isMaskedSecret } from './warehouse-reader';
import { WarehouseReaderRegistry } from './warehouse-reader-registry';

describe('WarehouseReaderRegistry', () => {
  it('knows PostgreSQL, DuckDB and MotherDuck by default', () => {
    const registry = WarehouseReaderRegistry.withDefaults();
    expect(registry.destinationTypes).toEqual(['duckdb', 'motherduck', 'postgres']);
    expect(registry.get('postgres')).toBe(postgresWarehouseReader);
    expect(registry.get('motherduck')).toBe(duckDbWarehouseReader);
    expect(registry.get('bigquery')).toBeUndefined();
  });

  it('takes more readers', () => {
    const custom: WarehouseReaderFactory = () => {
      throw new Error('unused');
    };
    const registry = new WarehouseReaderRegistry().register('clickhouse', custom);
    expect(registry.get('clickhouse')).toBe(custom);
    expect(registry.destinationTypes).toEqual(['clickhouse']);
  });

  it('recognises masked secrets', () => {
    expect(isMaskedSecret('**********')).toBe(true);
    expect(isMaskedSecret('hunter2')).toBe(false);
    expect(isMaskedSecret(undefined)).toBe(false);
  });
});
