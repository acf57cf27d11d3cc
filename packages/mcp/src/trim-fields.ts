/**
 * A record with only the named top-level fields, so a list spends the model's context on what
 * it asked for. A record that is not an object is returned as it is.
 *
 * @example
 * ```ts
 * trimFields({ gid: '1', name: 'Plan', notes: '…' }, ['gid', 'name']); // { gid: '1', name: 'Plan' }
 * ```
 */
export function trimFields(record: unknown, fields: readonly string[] | undefined): unknown {
  if (fields === undefined || typeof record !== 'object' || record === null || Array.isArray(record)) {
    return record;
  }
  const source = record as Record<string, unknown>;
  const trimmed: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(source, field)) trimmed[field] = source[field];
  return trimmed;
}
