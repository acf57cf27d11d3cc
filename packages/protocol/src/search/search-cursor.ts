import { ValidationError } from '../errors/client-errors';
import { ConduitError } from '../errors/conduit-error';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { canonicalJson } from './canonical-json';
import { fnv1a64 } from './fnv1a64';
import type { ParsedSearch } from './search-ast';
import { SEARCH_LIMITS } from './search-limits';

/**
 * What a search cursor carries: where the previous page ended, and which query it belongs to.
 *
 * @example
 * ```ts
 * const { position }: SearchCursorPayload = decodeSearchCursor(cursor, searchQueryHash(search));
 * ```
 */
export interface SearchCursorPayload {
  /** The sort values (and tie-breaking id) of the last hit returned: JSON values only. */
  position: unknown[];
  /** `searchQueryHash` of the query the page answered. */
  queryHash: string;
}

const CURSOR_VERSION = 1;

/**
 * A stable hash of a parsed query: its filter, sort and projected fields, not its limit or cursor
 * (a caller may change the page size while paging), and of the `scope` it runs over (the
 * connector and entity, say), so that a cursor reused on another entity or connector is refused
 * instead of silently skipping records there. Equal queries over the same scope give equal
 * hashes, whatever the key order they were written in.
 *
 * @example
 * ```ts
 * const hash = searchQueryHash(parseSearchParams(params, fields), `${connectorId}/tasks`); // e.g. '9f1c2e7a0b3d4c5e'
 * ```
 */
export function searchQueryHash(
  parsed: Pick<ParsedSearch, 'filter' | 'sort' | 'fields'>,
  scope = '',
): string {
  return fnv1a64(
    `conduit.search.v${CURSOR_VERSION}:${canonicalJson({ scope, filter: parsed.filter, sort: parsed.sort, fields: parsed.fields })}`,
  );
}

/**
 * Encodes the position after a page as an opaque `next_cursor`, bound to its query. The cursor
 * is not a security boundary (the query is the caller's own); it only lets the server refuse a
 * cursor sent with another query.
 *
 * @example
 * ```ts
 * const next_cursor = encodeSearchCursor({ position: [lastHit.due_on, lastHit.id], queryHash: searchQueryHash(search) });
 * ```
 */
export function encodeSearchCursor(payload: SearchCursorPayload): string {
  let json: string;
  try {
    json = JSON.stringify({ v: CURSOR_VERSION, q: payload.queryHash, p: payload.position });
  } catch (cause) {
    throw new ConduitError('a search cursor position must hold JSON values only', {
      code: 'invalid_cursor_position',
      cause,
    });
  }
  const cursor = encodeBase64Url(json);
  if (cursor.length > SEARCH_LIMITS.maxCursorLength) {
    throw new ConduitError(
      `a search cursor position must encode to at most ${SEARCH_LIMITS.maxCursorLength} characters`,
      { code: 'invalid_cursor_position' },
    );
  }
  return cursor;
}

function invalidCursor(message: string): ValidationError {
  return new ValidationError(message, {
    code: 'invalid_cursor',
    status: 400,
    details: [{ field: 'cursor', message, error_code: 'invalid_cursor' }],
  });
}

/**
 * Reads a cursor made by {@link encodeSearchCursor} and checks that it belongs to the query whose
 * hash is given. Throws a `ValidationError` with code `invalid_cursor` (status 400, field
 * `cursor`) for anything else.
 *
 * @example
 * ```ts
 * const search = parseSearchParams(params, fields);
 * const start = search.cursor === null ? null : decodeSearchCursor(search.cursor, searchQueryHash(search)).position;
 * ```
 */
export function decodeSearchCursor(cursor: string, expectedQueryHash: string): SearchCursorPayload {
  const garbage = 'cursor is not a next_cursor of this search; start again without a cursor';
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > SEARCH_LIMITS.maxCursorLength) {
    throw invalidCursor(garbage);
  }
  const json = decodeBase64Url(cursor);
  if (json === undefined) throw invalidCursor(garbage);
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    throw invalidCursor(garbage);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw invalidCursor(garbage);
  const { v, q, p } = payload as Record<string, unknown>;
  if (v !== CURSOR_VERSION || typeof q !== 'string' || !Array.isArray(p)) throw invalidCursor(garbage);
  if (q !== expectedQueryHash) {
    throw invalidCursor(
      'cursor belongs to another search (its connector, entity, filter, sort or fields differ); start again without a cursor',
    );
  }
  return { position: p, queryHash: q };
}
