import { AsanaHttpError } from './asana-http-error';
import type { ListSource } from './list-source';
import { OFFSET_MESSAGES, type OffsetCodec, queryFingerprint } from './offset-token';
import type { JsonRecord } from './record-context';

/** The request a list endpoint answers. */
export interface ListRequest {
  /** Path relative to `/api/1.0`, e.g. `/projects/1/tasks`. */
  apiPath: string;
  query: URLSearchParams;
  /** Absolute base, e.g. `http://127.0.0.1:1234/api/1.0`. */
  baseUrl: string;
  now: number;
  offsets: OffsetCodec;
  /** Largest unpaginated result before "The result is too large". */
  maxUnpaginated: number;
}

/**
 * Asana's answer to an unpaginated query over too many objects.
 *
 * @example
 * ```ts
 * expect(body.errors[0].message).toBe(ASANA_RESULT_TOO_LARGE);
 * ```
 */
export const RESULT_TOO_LARGE =
  'The result is too large. You should use pagination (may require specifying a workspace)!';

/**
 * Reads `limit`: absent is undefined; anything but an integer in 1..100 is a 400, as the spec's
 * `minimum: 1, maximum: 100` demands.
 *
 * @example
 * ```ts
 * readLimit(new URLSearchParams('limit=50')); // 50
 * ```
 */
export function readLimit(query: URLSearchParams, maximum = 100): number | undefined {
  const raw = query.get('limit');
  if (raw === null) return undefined;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > maximum) {
    throw new AsanaHttpError(400, `limit: Must be an integer between 1 and ${maximum}, got ${raw}`);
  }
  return value;
}

/**
 * Serves one page of a paginated list endpoint, with Asana's rules: `next_page` only when `limit`
 * was sent (null on the last page), offsets bound to the query and expiring, and without `limit`
 * everything up to `maxUnpaginated` items, else 400 "The result is too large…".
 *
 * @example
 * ```ts
 * const body = paginate(request, arraySource(rows, select), (row) => projectCompact(row));
 * ```
 */
export function paginate<T>(
  request: ListRequest,
  source: ListSource<T>,
  render: (item: T) => JsonRecord,
): JsonRecord {
  const limit = readLimit(request.query);
  const fingerprint = queryFingerprint(request.apiPath, request.query);
  let start = 0;
  const offset = request.query.get('offset');
  if (offset !== null && offset !== '') {
    const verdict = request.offsets.verify(offset, fingerprint, request.now);
    if (!verdict.ok) throw new AsanaHttpError(400, OFFSET_MESSAGES[verdict.reason]);
    start = verdict.position;
  }
  const items: T[] = [];
  let next: number | undefined;
  const cap = limit ?? request.maxUnpaginated;
  source.scan(start, (item, position) => {
    if (items.length < cap) {
      items.push(item);
      return true;
    }
    next = position;
    return false;
  });
  if (limit === undefined) {
    if (next !== undefined) throw new AsanaHttpError(400, RESULT_TOO_LARGE);
    return { data: items.map(render) };
  }
  if (next === undefined) return { data: items.map(render), next_page: null };
  const token = request.offsets.issue(next, fingerprint, request.now);
  const query = new URLSearchParams(request.query);
  query.delete('offset');
  query.append('offset', token);
  const path = `${request.apiPath}?${query.toString()}`;
  return {
    data: items.map(render),
    next_page: { offset: token, path, uri: `${request.baseUrl}${path}` },
  };
}

/**
 * Serves a list that never paginates (workspace and team users): no `next_page`, silently capped.
 *
 * @example
 * ```ts
 * const body = unpaginated(arraySource(users, (u) => u), 2000, userCompact);
 * ```
 */
export function unpaginated<T>(
  source: ListSource<T>,
  cap: number,
  render: (item: T) => JsonRecord,
): JsonRecord {
  const items: T[] = [];
  source.scan(0, (item) => {
    items.push(item);
    return items.length < cap;
  });
  return { data: items.map(render) };
}
