import { PlatformInputError } from '../errors/platform-input-error';

/**
 * PostgreSQL truncates identifiers beyond 63 bytes; destinations cut them there first.
 *
 * @example
 * ```ts
 * normalizeWarehouseName('x'.repeat(80), POSTGRES_IDENTIFIER_LIMIT).length; // 63
 * ```
 */
export const POSTGRES_IDENTIFIER_LIMIT = 63;

/**
 * Normalizes a stream name or namespace the way the platform's destinations name tables and
 * schemas: lower-case, every character outside `[a-z0-9]` becomes `_`, a leading digit gets a `_`
 * prefix, then an optional length limit. A name that normalizes to nothing but underscores cannot
 * name a table and fails with {@link PlatformInputError}.
 *
 * @example
 * ```ts
 * normalizeWarehouseName('Purchase Orders'); // 'purchase_orders'
 * normalizeWarehouseName('2024-data'); // '_2024_data'
 * ```
 */
export function normalizeWarehouseName(name: string, maxLength?: number): string {
  let normalized = name.toLowerCase().replace(/[^a-z0-9]/g, '_');
  if (/^[0-9]/.test(normalized)) normalized = `_${normalized}`;
  if (/^_*$/.test(normalized)) {
    throw new PlatformInputError(`Cannot turn "${name}" into a table or schema name.`, {
      field: 'streamName',
      inputValue: name,
    });
  }
  return maxLength === undefined ? normalized : normalized.slice(0, maxLength);
}
