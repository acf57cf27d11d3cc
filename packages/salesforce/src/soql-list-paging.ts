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

/**
 * Paging of SOQL lists: the first page runs `/query` (or `/queryAll` with `include_deleted`)
 * with the SOQL `build` makes of the params, later pages follow `nextRecordsUrl` (given to the
 * caller as `meta.next_page.offset`), with the page size sent as `Sforce-Query-Options:
 * batchSize`. A caller's own SOQL (`callerSoql`, or the queries it says are the caller's) that Salesforce refuses is an `invalid_param`
 * naming `q`, with Salesforce's message.
 *
 * @example
 * ```ts
 * upstream: { path: '/query', recordsAt: 'records', paging: soqlListPaging((query) => buildListSoql(SOBJECT_LISTS.accounts, query)) }
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
      const limit = Math.min(MAX_BATCH, Math.max(MIN_BATCH, context.limit));
      const headers = { 'Sforce-Query-Options': `batchSize=${limit}` };
      const signal = context.signal === undefined ? {} : { signal: context.signal };
      let body: unknown;
      if (context.offset !== undefined) {
        body = await context.transport.json({
          url: nextRecordsUrlOf(context.offset, context.baseUrl),
          headers,
          ...signal,
        });
      } else {
        const soql = build(context.query);
        const all = String(context.query.include_deleted) === 'true';
        try {
          body = await context.transport.json({
            path: all ? '/queryAll' : '/query',
            query: { q: soql },
            headers,
            ...signal,
          });
        } catch (error) {
          throw isCallers(context.query) ? callersQueryError(error) : error;
        }
      }
      const records = context.parseRecords(body);
      if (records.length > limit) throw new PageLimitExceededError(limit, records.length, { what: 'query' });
      const page = body as { done?: unknown; nextRecordsUrl?: unknown };
      const next =
        page.done === false && typeof page.nextRecordsUrl === 'string'
          ? { offset: page.nextRecordsUrl }
          : null;
      return { records, meta: { next_page: next } };
    },
  };
}
