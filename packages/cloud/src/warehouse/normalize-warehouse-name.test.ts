import { describe, expect, it } from 'vitest';
import { PlatformInputError } from '../errors/platform-input-error';
import { normalizeWarehouseName, POSTGRES_IDENTIFIER_LIMIT } from './normalize-warehouse-name';

describe('normalizeWarehouseName', () => {
  it('lower-cases and replaces everything outside [a-z0-9] with _', () => {
    expect(normalizeWarehouseName('Purchase Orders')).toBe('purchase_orders');
    expect(normalizeWarehouseName('raw-Users.v2')).toBe('raw_users_v2');
    expect(normalizeWarehouseName('Über')).toBe('_ber');
  });

  it('prefixes a leading digit and truncates when asked', () => {
    expect(normalizeWarehouseName('2024-data')).toBe('_2024_data');
    expect(normalizeWarehouseName('x'.repeat(80), POSTGRES_IDENTIFIER_LIMIT)).toHaveLength(63);
  });

  it('refuses names that normalize to nothing', () => {
    expect(() => normalizeWarehouseName('---')).toThrow(PlatformInputError);
    expect(() => normalizeWarehouseName('')).toThrow(PlatformInputError);
  });
});
