import { type CustomPageContext, type CustomPaging, PageLimitExceededError } from '@conduit/connector-kit';
import { ApiError, CursorExpiredError, type ListEnvelope, ValidationError } from '@conduit/protocol';
import type { SObjectList } from './definition/sobject-lists';
import { soqlDateTime, soqlString } from './soql-literal';

/** Query key a sync's `fieldsQuery` uses to replace the SELECT list. */
export const SELECT_FIELDS_KEY = 'soql_fields';
/** Salesforce's batch sizes: `Sforce-Query-Options: batchSize` takes 200 to 2,000. */
export const MIN_BATCH = 200;
export const MAX_BATCH = 2000;
/** The upstream's own default batch. */
export const DEFAULT_BATCH = 2000;

/** The errors a caller's own SOQL gets from Salesforce (400s about the query itself). */
const QUERY_ERROR_CODES = new Set([
  'MALFORMED_QUERY',
  'INVALID_FIELD',
  'INVALID_TYPE',
  'INVALID_QUERY_FILTER_OPERATOR',
  'NUMBER_OUTSIDE_VALID_RANGE',
  'INVALID_QUERY_LOCATOR_RANGE',
  'QUERY_TOO_COMPLICATED',
]);

/** The pieces of an entity's list SOQL: SELECT list, object, conditions, default order. */
export interface ListSoqlParts {
  fields: string;
  from: string;
  conditions: string[];
  orderBy: string;
}

/**
 * The pieces of an entity's list SOQL for the given filter params: every value an escaped literal
 * (strings quoted, ids checked, booleans as `true`/`false`), AND-ed after the entity's own
 * condition; `modified_since` narrows to `SystemModstamp >=` that instant.
 *
 * @example
 * ```ts
 * listSoqlParts(SOBJECT_LISTS.contacts, { email: "a'b@x.com" }).conditions; // ["Email = 'a\\'b@x.com'"]
 * ```
 */
export function listSoqlParts(list: SObjectList, query: Readonly<Record<string, unknown>>): ListSoqlParts {
  const conditions = list.where === undefined ? [] : [list.where];
  for (const [param, filter] of Object.entries(list.filters)) {
    const value = query[param];
    if (value === undefined || value === null) continue;
    const text = String(value);
    conditions.push(
      `${filter.field} = ${filter.kind === 'boolean' ? (text === 'true' ? 'true' : 'false') : soqlString(text)}`,
    );
  }
  const since = query.modified_since;
  if (typeof since === 'string')
    // `>=`: Salesforce stamps to the second, so a change in the same second as `since` still counts.
    conditions.push(`SystemModstamp >= ${soqlDateTime(since, 'modified_since')}`);
  const fields =
    typeof query[SELECT_FIELDS_KEY] === 'string' ? (query[SELECT_FIELDS_KEY] as string) : list.fields;
  // A sync reads in modification order so an interrupted run resumes where it stopped.
  const orderBy = typeof since === 'string' ? 'SystemModstamp ASC, Id ASC' : list.orderBy;
  return { fields, from: list.sobject, conditions, orderBy };
}

/**
 * The SOQL of an entity's list for the given filter params, in the list's default order
 * (see {@link listSoqlParts}); the list action pages it by keyset (`keysetListPaging`).
 *
 * @example
 * ```ts
 * buildListSoql(SOBJECT_LISTS.contacts, { email: "a'b@x.com" });
 * // "SELECT FIELDS(STANDARD) FROM Contact WHERE Email = 'a\\'b@x.com' ORDER BY Id ASC"
 * ```
 */
export function buildListSoql(list: SObjectList, query: Readonly<Record<string, unknown>>): string {
  const { fields, from, conditions, orderBy } = listSoqlParts(list, query);
  const where = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
  return `SELECT ${fields} FROM ${from}${where} ORDER BY ${orderBy}`;
}

/** A next-page offset is followed only on the API's origin and under `/services/data/`. */
export function nextRecordsUrlOf(offset: string, baseUrl: string): string {
  const root = new URL(baseUrl);
  let next: URL;
  try {
    next = new URL(offset, root);
  } catch {
    next = new URL('https://invalid.invalid/');
  }
  if (next.origin !== root.origin || !next.pathname.startsWith('/services/data/')) {
    throw new CursorExpiredError(
      'The offset is not a page of this listing; restart it from the first page.',
      {
        status: 400,
        details: [
          {
            field: 'params.offset',
            message: 'not a nextRecordsUrl of this API',
            error_code: 'invalid_param',
          },
        ],
      },
    );
  }
  return next.toString();
}

/**
 * A 400 Salesforce gave about a caller's own query (one of `codes`) as an `invalid_param` naming
 * `q`, with Salesforce's message; any other error as it is.
 *
 * @example
 * ```ts
 * throw callersQueryError(error, SEARCH_ERROR_CODES);
 * ```
 */
export function callersQueryError(error: unknown, codes: ReadonlySet<string> = QUERY_ERROR_CODES): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const body = error.responseBody;
  const first = Array.isArray(body)
    ? (body[0] as { errorCode?: unknown; message?: unknown } | undefined)
    : undefined;
  if (typeof first?.errorCode !== 'string' || !codes.has(first.errorCode)) return error;
  const message = typeof first.message === 'string' ? first.message.trim() : error.message;
  return new ValidationError(`q: Salesforce refused the query (${first.errorCode}): ${message}`, {
    code: 'invalid_param',
    status: 400,
    details: [{ field: 'params.q', message, error_code: 'invalid_param' }],
  });
}

/** Offsets that carry a position inside a batch start so; any other offset is a `nextRecordsUrl`. */
const CURSOR_PREFIX = 'q1.';

/**
 * Where the next page starts: `skip` records into the batch at `url` (a `nextRecordsUrl`), or,
 * without `url`, into the first query's result (one batch, which has no locator to come back to).
 */
interface SoqlCursor {
  readonly url?: string;
  readonly skip: number;
}

function encodeCursor(cursor: SoqlCursor): string {
  if (cursor.url !== undefined && cursor.skip === 0) return cursor.url;
  return CURSOR_PREFIX + Buffer.from(JSON.stringify({ u: cursor.url, s: cursor.skip })).toString('base64url');
}

function decodeCursor(offset: string): SoqlCursor {
  if (!offset.startsWith(CURSOR_PREFIX)) return { url: offset, skip: 0 };
  let token: { u?: unknown; s?: unknown } | undefined;
  try {
    token = JSON.parse(Buffer.from(offset.slice(CURSOR_PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    token = undefined;
  }
  const skip = token?.s;
  if (
    typeof skip !== 'number' ||
    !Number.isSafeInteger(skip) ||
    skip < 0 ||
    (token?.u !== undefined && typeof token.u !== 'string')
  ) {
    throw new CursorExpiredError(
      'The offset is not a page of this listing; restart it from the first page.',
      {
        status: 400,
        details: [
          { field: 'params.offset', message: 'not an offset of this listing', error_code: 'invalid_param' },
        ],
      },
    );
  }
  return typeof token?.u === 'string' ? { url: token.u, skip } : { skip };
}

/**
 * The cursor `taken` records further into the batch a page stopped in. A locator's URL ends in
 * its offset (`/query/01gRO0000016PIAYA2-500`, the REST guide's example: crm-upstream.md §4.1), so
 * where it does, the rest of the batch is asked for from there instead of being read again; the
 * first batch has no URL of its own, but its `nextRecordsUrl` names the locator (`…-<batch size>`).
 */
function cursorAfter(
  cursor: SoqlCursor,
  taken: number,
  batchLength: number,
  next: string | undefined,
): SoqlCursor {
  const position = cursor.skip + taken;
  const parts = (url: string) => {
    const match = /-(\d+)$/.exec(url);
    return match === null ? undefined : { locator: url.slice(0, match.index), offset: Number(match[1]) };
  };
  if (cursor.url !== undefined) {
    const batch = parts(cursor.url);
    return batch === undefined
      ? { url: cursor.url, skip: position }
      : { url: `${batch.locator}-${batch.offset + position}`, skip: 0 };
  }
  const following = next === undefined ? undefined : parts(next);
  if (following !== undefined && following.offset === batchLength) {
    return { url: `${following.locator}-${position}`, skip: 0 };
  }
  // The whole result came in one batch, which Salesforce keeps no cursor for: the next page runs
  // the query again and skips what was handed out.
  return { skip: position };
}

/**
 * Paging of SOQL lists, each page exactly the caller's `limit` (1 to 2,000) but the last: the
 * first page runs `/query` (or `/queryAll` with `include_deleted`) with the SOQL `build` makes of
 * the params, with `Sforce-Query-Options: batchSize` at the page size (at least 200, Salesforce's
 * smallest batch); a page takes what it needs from successive batches through `nextRecordsUrl`,
 * and where it stops inside a batch its offset says where in that batch the next one starts.
 * Salesforce's cursor keeps the result, so later pages see it as the first did; only a result of
 * one batch (at most the batch size) has no cursor, and its later pages run the query again. A
 * caller's own SOQL (`callerSoql`, or the queries it says are the caller's) that Salesforce
 * refuses is an `invalid_param` naming `q`, with Salesforce's message.
 *
 * @example
 * ```ts
 * upstream: { path: '/query', recordsAt: 'records', paging: soqlListPaging((query) => String(query.q), true) }
 * ```
 */
export function soqlListPaging(
  build: (query: Readonly<Record<string, unknown>>) => string,
  callerSoql: boolean | ((query: Readonly<Record<string, unknown>>) => boolean) = false,
): CustomPaging {
  const isCallers = typeof callerSoql === 'function' ? callerSoql : () => callerSoql;
  return {
    type: 'custom',
    async readPage(context: CustomPageContext): Promise<ListEnvelope> {
      const want = Math.min(MAX_BATCH, Math.max(1, context.limit));
      const batchSize = Math.max(MIN_BATCH, want);
      const headers = { 'Sforce-Query-Options': `batchSize=${batchSize}` };
      const signal = context.signal === undefined ? {} : { signal: context.signal };
      const firstQuery = async (): Promise<unknown> => {
        const all = String(context.query.include_deleted) === 'true';
        try {
          return await context.transport.json({
            path: all ? '/queryAll' : '/query',
            query: { q: build(context.query) },
            headers,
            ...signal,
          });
        } catch (error) {
          throw isCallers(context.query) ? callersQueryError(error) : error;
        }
      };
      let cursor: SoqlCursor = context.offset === undefined ? { skip: 0 } : decodeCursor(context.offset);
      let records: unknown[] = [];
      for (;;) {
        const body =
          cursor.url === undefined
            ? await firstQuery()
            : await context.transport.json({
                url: nextRecordsUrlOf(cursor.url, context.baseUrl),
                headers,
                ...signal,
              });
        const batch = context.parseRecords(body);
        if (batch.length > batchSize)
          throw new PageLimitExceededError(batchSize, batch.length, { what: 'query' });
        const page = body as { done?: unknown; nextRecordsUrl?: unknown };
        const next =
          page.done === false && typeof page.nextRecordsUrl === 'string' ? page.nextRecordsUrl : undefined;
        const taken = batch.slice(cursor.skip, cursor.skip + want - records.length);
        records = records.length === 0 ? taken : records.concat(taken);
        if (cursor.skip + taken.length < batch.length) {
          const after = cursorAfter(cursor, taken.length, batch.length, next);
          return { records, meta: { next_page: { offset: encodeCursor(after) } } };
        }
        if (next === undefined) return { records, meta: { next_page: null } };
        if (records.length === want) return { records, meta: { next_page: { offset: next } } };
        cursor = { url: next, skip: 0 };
      }
    },
  };
}
