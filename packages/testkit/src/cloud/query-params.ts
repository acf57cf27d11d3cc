import { badRequest } from './problem-responses';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a UUID in canonical text form.
 *
 * @example
 * ```ts
 * isUuid('9924bcd0-99be-453d-ba47-c2c9766f7da5'); // true
 * ```
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * An array query parameter, accepting both repeated (`?ids=a&ids=b`, what the SDK sends) and
 * comma-separated (`?ids=a,b`, the spec's example) forms.
 *
 * @example
 * ```ts
 * queryList(new URLSearchParams('workspaceIds=a,b&workspaceIds=c'), 'workspaceIds'); // ['a', 'b', 'c']
 * ```
 */
export function queryList(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/**
 * A list of UUIDs; anything else answers 400.
 *
 * @example
 * ```ts
 * queryUuidList(query, 'workspaceIds');
 * ```
 */
export function queryUuidList(query: URLSearchParams, name: string): string[] {
  const values = queryList(query, name);
  const bad = values.find((value) => !isUuid(value));
  if (bad !== undefined) throw badRequest(`Invalid UUID in ${name}: ${bad}`);
  return values;
}

/**
 * A boolean query parameter (`true`/`false`); anything else answers 400.
 *
 * @example
 * ```ts
 * queryBoolean(new URLSearchParams('includeDeleted=true'), 'includeDeleted', false); // true
 * ```
 */
export function queryBoolean(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badRequest(`Invalid boolean for ${name}: ${value}`);
}

/**
 * An integer query parameter within bounds; anything else answers 400.
 *
 * @example
 * ```ts
 * queryInteger(new URLSearchParams('limit=5'), 'limit', { fallback: 20, min: 1, max: 100 }); // 5
 * ```
 */
export function queryInteger(
  query: URLSearchParams,
  name: string,
  bounds: { fallback: number; min: number; max?: number },
): number {
  const value = query.get(name);
  if (value === null || value === '') return bounds.fallback;
  if (!/^-?\d+$/.test(value)) throw badRequest(`Invalid integer for ${name}: ${value}`);
  const number = Number.parseInt(value, 10);
  if (number < bounds.min || (bounds.max !== undefined && number > bounds.max)) {
    throw badRequest(
      `${name} must be ${bounds.max === undefined ? `at least ${bounds.min}` : `between ${bounds.min} and ${bounds.max}`}; got ${number}`,
    );
  }
  return number;
}

/**
 * A date-time query parameter, as ISO text or epoch milliseconds (the spec's examples use both).
 *
 * @example
 * ```ts
 * queryInstant(new URLSearchParams('createdAtStart=1687450500000'), 'createdAtStart'); // 1687450500000
 * ```
 */
export function queryInstant(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  const epoch = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (Number.isNaN(epoch)) throw badRequest(`Invalid date-time for ${name}: ${value}`);
  return epoch;
}
