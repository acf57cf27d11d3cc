/**
 * Row values as bytes. SQLite hands back `Uint8Array`, `pg` hands back `Buffer`; both become a
 * `Buffer` viewing the same memory.
 *
 * @example
 * ```ts
 * const nonce = toBuffer(row.credentials_nonce);
 * ```
 */
export function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError(`expected a binary column value, got ${typeof value}`);
}

/**
 * A timestamp column as an ISO-8601 string. SQLite stores the ISO text itself; PostgreSQL's
 * `timestamptz` arrives as a `Date`.
 *
 * @example
 * ```ts
 * toIsoTimestamp(new Date(0)); // '1970-01-01T00:00:00.000Z'
 * ```
 */
export function toIsoTimestamp(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return new Date(value).toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  throw new TypeError(`expected a timestamp column value, got ${typeof value}`);
}

/**
 * An integer column as a number. `pg` returns `bigint` columns and `COUNT(*)` as strings.
 *
 * @example
 * ```ts
 * toNumber('42'); // 42
 * ```
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  throw new TypeError(`expected a numeric column value, got ${typeof value}`);
}

/**
 * A JSON column as a value. SQLite keeps JSON as text; PostgreSQL's `jsonb` arrives parsed.
 *
 * @example
 * ```ts
 * toJsonValue('{"subdomain":"acme"}'); // { subdomain: 'acme' }
 * ```
 */
export function toJsonValue(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
