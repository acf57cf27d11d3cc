import { createHash } from 'node:crypto';
import { invalidAttribute, ZENDESK_ERRORS, ZendeskHttpError } from './zendesk-http-error';

/** A sort key: compared element by element; the last element is always the id (a tie-breaker). */
export type SortKey = ReadonlyArray<number | string>;

/** What a list handler knows about its request. */
export interface ListRequest {
  /** The request URL as the client sent it (absolute, on the simulator origin). */
  url: URL;
  /** `page[size]` above this is refused with 400 (or clamped when `clampPageSize`). */
  maxPageSize: number;
  clampPageSize: boolean;
}

/** How one endpoint paginates (`shared/reference/support-desk-upstream.md` §4). */
export interface ListOptions<T> {
  /** The JSON key of the record array. */
  key: string;
  render(row: T): unknown;
  sortKey(row: T): SortKey;
  cursor: boolean;
  offset: boolean;
  /** Offset page size when `per_page` is absent. Default 100. */
  defaultPerPage?: number;
}

const PAGE_PARAMS = new Set(['page', 'per_page', 'page[size]', 'page[after]', 'page[before]']);

function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as number | string;
    const y = b[i] as number | string;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Binds a cursor to everything in the query except the paging params. */
function queryBinding(url: URL): string {
  const kept = [...url.searchParams].filter(([name]) => !PAGE_PARAMS.has(name)).sort();
  return createHash('sha256')
    .update(`${url.pathname.replace(/\.json$/, '')}?${JSON.stringify(kept)}`)
    .digest('base64url')
    .slice(0, 12);
}

function encodeCursor(key: SortKey, binding: string): string {
  return Buffer.from(JSON.stringify({ k: key, b: binding })).toString('base64url');
}

function decodeCursor(token: string, binding: string, param: string): SortKey {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      k?: unknown;
      b?: unknown;
    };
    if (Array.isArray(parsed.k) && parsed.b === binding) return parsed.k as SortKey;
  } catch {
    // Falls through to the refusal below.
  }
  throw invalidAttribute(`${param} is not a valid cursor for this request`);
}

/** First index whose key is greater than `key` (rows sorted ascending by their keys). */
function firstAfter<T>(rows: readonly T[], sortKey: (row: T) => SortKey, key: SortKey): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareKeys(sortKey(rows[mid] as T), key) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function positiveInt(url: URL, name: string): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw invalidAttribute(
      `You passed an invalid value for the ${name} attribute. Invalid parameter: ${name} must be an integer`,
    );
  }
  return Number(raw);
}

function withParams(url: URL, set: Record<string, string>, drop: readonly string[]): string {
  const next = new URL(url);
  for (const name of drop) next.searchParams.delete(name);
  for (const [name, value] of Object.entries(set)) next.searchParams.set(name, value);
  return next.toString();
}

/** True when the request asks for cursor pagination. */
export function wantsCursor(url: URL): boolean {
  return ['page[size]', 'page[after]', 'page[before]'].some((name) => url.searchParams.has(name));
}

/**
 * One page of `rows` (already filtered and sorted by `sortKey`) in the endpoint's pagination:
 * cursor (`page[size]`, `page[after]`, `page[before]` → `meta` + `links`), offset (`page`,
 * `per_page` → `next_page`, `previous_page`, `count`, refused past page 100 or record 10,000), or
 * everything at once for endpoints that paginate in neither way.
 *
 * @example
 * ```ts
 * return paginate(request, data.groups, { key: 'groups', render, sortKey: (g) => [g.id], cursor: true, offset: true });
 * ```
 */
export function paginate<T>(
  request: ListRequest,
  rows: readonly T[],
  options: ListOptions<T>,
): Record<string, unknown> {
  const { url } = request;
  if (options.cursor && wantsCursor(url)) {
    let size = positiveInt(url, 'page[size]') ?? 100;
    if (size > request.maxPageSize) {
      if (!request.clampPageSize)
        throw invalidAttribute(`page[size] must be less than or equal to ${request.maxPageSize}`);
      size = request.maxPageSize;
    }
    const binding = queryBinding(url);
    const after = url.searchParams.get('page[after]');
    const before = url.searchParams.get('page[before]');
    let start = 0;
    let end: number;
    if (before !== null) {
      end = firstAfter(rows, options.sortKey, decodeCursor(before, binding, 'page[before]'));
      // `firstAfter` lands past the cursor row itself; step back over it.
      while (
        end > 0 &&
        compareKeys(options.sortKey(rows[end - 1] as T), decodeCursor(before, binding, 'page[before]')) >= 0
      )
        end -= 1;
      start = Math.max(0, end - size);
    } else {
      if (after !== null)
        start = firstAfter(rows, options.sortKey, decodeCursor(after, binding, 'page[after]'));
      end = Math.min(rows.length, start + size);
    }
    const page = rows.slice(start, end);
    const hasMore = before !== null ? start > 0 : end < rows.length;
    const first = page[0];
    const last = page.at(-1);
    const afterCursor = last === undefined ? null : encodeCursor(options.sortKey(last), binding);
    const beforeCursor =
      first === undefined || start === 0 ? null : encodeCursor(options.sortKey(first), binding);
    const drop = ['page[after]', 'page[before]'];
    return {
      [options.key]: page.map((row) => options.render(row)),
      meta: { has_more: hasMore, after_cursor: afterCursor, before_cursor: beforeCursor },
      links: {
        next:
          end < rows.length && afterCursor !== null
            ? withParams(url, { 'page[size]': String(size), 'page[after]': afterCursor }, drop)
            : null,
        prev:
          beforeCursor === null
            ? null
            : withParams(url, { 'page[size]': String(size), 'page[before]': beforeCursor }, drop),
      },
    };
  }
  if (!options.offset) {
    return {
      [options.key]: rows.map((row) => options.render(row)),
      next_page: null,
      previous_page: null,
      count: rows.length,
    };
  }
  const page = positiveInt(url, 'page') ?? 1;
  // Zendesk caps per_page at 100 without complaint.
  const perPage = Math.min(100, positiveInt(url, 'per_page') ?? options.defaultPerPage ?? 100);
  if (page > 100 || page * perPage > 10_000) throw new ZendeskHttpError(400, ZENDESK_ERRORS.offsetLimit);
  const start = (page - 1) * perPage;
  const slice = rows.slice(start, start + perPage);
  return {
    [options.key]: slice.map((row) => options.render(row)),
    next_page:
      start + perPage < rows.length
        ? withParams(url, { page: String(page + 1), per_page: String(perPage) }, [])
        : null,
    previous_page:
      page > 1 ? withParams(url, { page: String(page - 1), per_page: String(perPage) }, []) : null,
    count: rows.length,
  };
}
