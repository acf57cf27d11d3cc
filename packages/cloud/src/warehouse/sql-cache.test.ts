import { describe, expect, it } from 'vitest';
import { normalizeWarehouseName } from './normalize-warehouse-name';
import { SqlCache, type SqlCacheNaming } from './sql-cache';
import type { SqlEngine } from './sql-engine';
import type { WarehouseReader } from './warehouse-reader';

const reader = (
  openEngine: () => Promise<SqlEngine> = () => Promise.reject(new Error('no engine')),
): WarehouseReader => ({
  kind: 'test',
  databaseName: 'db',
  defaultSchema: 'main',
  normalizeIdentifier: (name) => normalizeWarehouseName(name),
  openEngine,
});

const naming = (overrides: Partial<SqlCacheNaming> = {}): SqlCacheNaming => ({
  tablePrefix: '',
  streamNamespaces: new Map([
    ['users', 'Sales'],
    ['orders', undefined],
  ]),
  ...overrides,
});

describe('SqlCache naming', () => {
  it("names tables <prefix><stream>, normalized, with the result's affixes", () => {
    expect(new SqlCache(reader(), naming()).getSqlTableName('Users')).toBe('users');
    expect(new SqlCache(reader(), naming({ tablePrefix: 'Raw-' })).getSqlTableName('Users')).toBe(
      'raw_users',
    );
    expect(
      new SqlCache(
        reader(),
        naming({ tablePrefix: 'raw_', tableNamePrefix: 'x_', tableNameSuffix: '_v1' }),
      ).getSqlTableName('users'),
    ).toBe('x_raw_users_v1');
  });

  it('resolves schemas from the namespace definition', () => {
    const destination = new SqlCache(reader(), naming());
    expect(destination.getSqlSchemaName()).toBe('main');
    expect(destination.getSqlSchemaName('users')).toBe('main');
    const source = new SqlCache(reader(), naming({ namespaceDefinition: 'source' }));
    expect(source.getSqlSchemaName('users')).toBe('sales');
    expect(source.getSqlSchemaName('orders')).toBe('main');
    const custom = new SqlCache(
      reader(),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the platform's literal placeholder.
      naming({ namespaceDefinition: 'custom_format', namespaceFormat: 'lake_${SOURCE_NAMESPACE}' }),
    );
    expect(custom.getSqlSchemaName('users')).toBe('lake_sales');
    expect(custom.getSqlSchemaName('orders')).toBe('lake_');
    expect(
      new SqlCache(reader(), naming({ namespaceDefinition: 'custom_format' })).getSqlSchemaName('users'),
    ).toBe('main');
    expect(destination.getSqlDatabaseName()).toBe('db');
    expect(destination.kind).toBe('test');
  });

  it('does not cache a failed engine open', async () => {
    let opens = 0;
    const cache = new SqlCache(
      reader(async () => {
        opens += 1;
        throw new Error(`open ${opens} failed`);
      }),
      naming(),
    );
    await expect(cache.getEngine()).rejects.toThrow('open 1 failed');
    await expect(cache.getEngine()).rejects.toThrow('open 2 failed');
    await cache.close();
  });
});
