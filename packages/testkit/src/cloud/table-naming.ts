import { ValidationError } from '@conduit/protocol';

/** PostgreSQL silently truncates identifiers beyond 63 bytes, so names are cut there first. */
export const postgresIdentifierLimit = 63;

/**
 * Normalizes a stream or field name into a warehouse identifier with the platform's lower-case
 * rules: lowercase, every character outside `[a-z0-9]` becomes `_`, a leading digit gets a `_`
 * prefix, and a name of only underscores is refused. An optional limit truncates the result.
 *
 * @example
 * ```ts
 * normalizeIdentifier('Purchase Orders'); // 'purchase_orders'
 * normalizeIdentifier('2024-data'); // '_2024_data'
 * ```
 */
export function normalizeIdentifier(name: string, maxLength?: number): string {
  let normalized = name.toLowerCase().replace(/[^a-z0-9]/g, '_');
  if (/^[0-9]/.test(normalized)) normalized = `_${normalized}`;
  if (/^_*$/.test(normalized)) {
    throw new ValidationError(`Cannot normalize '${name}' into a table or column name`, {
      details: [{ field: 'name', message: 'normalizes to an empty name', error_code: 'invalid_param' }],
    });
  }
  return maxLength === undefined ? normalized : normalized.slice(0, maxLength);
}

/**
 * The destination table of a stream: the connection's prefix joined to the stream name, then
 * normalized (the platform writes final tables as `<prefix><stream>`).
 *
 * @example
 * ```ts
 * destinationTableName('raw_', 'Users'); // 'raw_users'
 * ```
 */
export function destinationTableName(prefix: string, streamName: string, maxLength?: number): string {
  return normalizeIdentifier(`${prefix}${streamName}`, maxLength);
}
