import { describe, expect, it } from 'vitest';
import { destinationTableName, normalizeIdentifier, postgresIdentifierLimit } from './table-naming';

describe('normalizeIdentifier', () => {
  it.each([
    ['users', 'users'],
    ['Purchase Orders', 'purchase_orders'],
    ['order-items.v2', 'order_items_v2'],
    ['2024 data', '_2024_data'],
    ['Ünïcode', '_n_code'],
  ])('normalizes %s to %s', (input, output) => {
    expect(normalizeIdentifier(input)).toBe(output);
  });

  it('refuses names made only of separators', () => {
    expect(() => normalizeIdentifier('---')).toThrow(/Cannot normalize/);
    expect(() => normalizeIdentifier('')).toThrow(/Cannot normalize/);
  });

  it('truncates to the PostgreSQL identifier limit', () => {
    expect(normalizeIdentifier('x'.repeat(80), postgresIdentifierLimit)).toHaveLength(63);
  });
});

describe('destinationTableName', () => {
  it('joins the prefix to the stream name before normalizing', () => {
    expect(destinationTableName('Raw-', 'Users')).toBe('raw_users');
    expect(destinationTableName('', 'users')).toBe('users');
  });
});
