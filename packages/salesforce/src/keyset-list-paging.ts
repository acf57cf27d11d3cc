import { type CustomPageContext, type CustomPaging, PageLimitExceededError } from '@conduit/connector-kit';
import { CursorExpiredError, type ListEnvelope } from '@conduit/protocol';
import type { SObjectList } from './definition/sobject-lists';
import {
  listSoqlParts,
  MAX_BATCH,
  MIN_BATCH,
  nextRecordsUrlOf,
  SELECT_FIELDS_KEY,
  soqlListPaging,
} from './soql-list-paging';
import { soqlDateTime, soqlString } from './soql-literal';

/** One column of a list's sort key and how its values become SOQL literals. */
interface KeyColumn {
  readonly field: string;
  literal(value: unknown): string | undefined;
}

const ID_PATTERN = /^[a-zA-Z0-9]{18}$/;

const idColumn: KeyColumn = {
  field: 'Id',
  literal: (value) => (typeof value === 'string' && ID_PATTERN.test(value) ? soqlString(value) : undefined),
};
const modstampColumn: KeyColumn = {
  field: 'SystemModstamp',
  literal: (value) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? soqlDateTime(value, 'offset') : undefined,
};
const numberColumn = (field: string): KeyColumn => ({
  field,
  literal: (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined),
});

/** Offsets this pager hands out start so; anything else is a `nextRecordsUrl` of an earlier version. */
const TOKEN_PREFIX = 'k1.';

interface KeysetToken {
  /** The list's params (filters, `modified_since`, `include_deleted`) the walk started with. */
  readonly p: Record<string, unknown>;
  /** The sort key of the last record handed out. */
  readonly k: unknown[];
}

function badOffset(): CursorExpiredError {
  return new CursorExpiredError('The offset is not a page of this listing; restart it from the first page.', {
    status: 400,
    details: [
      { field: 'params.offset', message: 'not an offset of this listing', error_code: 'invalid_param' },
    ],
  });
}

function encodeToken(token: KeysetToken): string {
  return TOKEN_PREFIX + Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(offset: string): { params: Record<string, unknown>; keys: unknown[] } {
  let token: unknown;
  try {
    token = JSON.parse(Buffer.from(offset.slice(TOKEN_PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw badOffset();
  }
  const { p, k } = (token ?? {}) as Partial<KeysetToken>;
  if (typeof p !== 'object' || p === null || Array.isArray(p) || !Array.isArray(k)) throw badOffset();
  // The SELECT list is the sync's to set on every page, never an offset's: a forged token holds
  // only params that `listSoqlParts` turns into escaped literals.
  const { [SELECT_FIELDS_KEY]: _fields, ...params } = p;
  return { params, keys: k };
}

/** The SOQL literals of a token's key, or a `CursorExpiredError` when they do not fit the key. */
function keyLiterals(columns: readonly KeyColumn[], keys: readonly unknown[]): string[] {
  if (keys.length !== columns.length) throw badOffset();
  const literals = columns.map((column, index) => column.literal(keys[index]));
  if (literals.some((literal) => literal === undefined)) throw badOffset();
  return literals as string[];
}

/** `(A > a) OR (A = a AND B > b)`…: the rows strictly after a key in `ORDER BY A, B` ascending. */
function afterKey(columns: readonly KeyColumn[], after: readonly string[]): string {
  const terms = columns.map((column, index) => {
    const equal = columns.slice(0, index).map((prior, at) => `${prior.field} = ${after[at]}`);
    return [...equal, `${column.field} > ${after[index]}`].join(' AND ');
  });
  return terms.length === 1 ? (terms[0] as string) : `(${terms.map((term) => `(${term})`).join(' OR ')})`;
}

/** The sort key of a list: its own order's columns and `Id`, unique, to break ties. */
function keyColumnsOf(list: SObjectList, query: Readonly<Record<string, unknown>>): readonly KeyColumn[] {
  if (typeof query.modified_since === 'string') return [modstampColumn, idColumn];
  if (list.sortKey !== undefined) return [numberColumn(list.sortKey), idColumn];
  return [idColumn];
}

/**
 * Paging of an entity's SOQL list by keyset: each page is its own query, `WHERE <filters> AND
 * <sort key> > <last key handed out> ORDER BY <sort key> LIMIT <limit + 1>`, so a page holds
 * exactly the caller's `limit` (1 to 2,000) but the last, and the extra row says whether another
 * follows (no empty last page).
 *
 * Why not `nextRecordsUrl`: Salesforce batches a query by 200 to 2,000 and "may return fewer"
 * (`Sforce-Query-Options: batchSize` is "not guaranteed": the team's CRM reference,
 * crm-upstream.md §4.1, from the REST guide's Query and Query Options pages), so a batch can
 * never be a page of exactly `limit`, and nothing there says a locator is a snapshot
 * (re-running a query for pages inside a batch skipped and repeated records that changed, which
 * is why 37e22bb was reverted). SOQL's `LIMIT` is exact, `Id` takes ranges (the Bulk API guide's
 * PK chunking queries, `WHERE Id >= '001…' AND Id < '001…'`), and the sort key makes every page
 * independent of the others: `Id` is unique and never changes, so a record edited during the
 * walk keeps its place (never skipped, never repeated), a deleted one is simply not there, an
 * inserted one shows up if its key is still ahead. Lists therefore come in `Id` order (opportunity
 * stages by `SortOrder, Id`); with `modified_since` (the sync's incremental read) by
 * `SystemModstamp, Id`, which the reference recommends for replication (§4.1, §4.3): there a
 * record edited mid-walk comes again, later, in its new state — what a sync must see. Should
 * Salesforce still cut one `LIMIT`ed result into batches, the page follows that query's own
 * `nextRecordsUrl` until it holds `limit` records.
 *
 * `meta.next_page.offset` is an opaque token of the walk's params and the last key; an offset of
 * the earlier `nextRecordsUrl` form is still followed as one.
 *
 * @example
 * ```ts
 * upstream: { path: '/query', recordsAt: 'records', paging: keysetListPaging(SOBJECT_LISTS.contacts) }
 * ```
 */
export function keysetListPaging(list: SObjectList): CustomPaging {
  const legacy = soqlListPaging((query) => {
    const parts = listSoqlParts(list, query);
    return `SELECT ${parts.fields} FROM ${parts.from}${whereOf(parts.conditions)} ORDER BY ${parts.orderBy}`;
  });
  return {
    type: 'custom',
    async readPage(context: CustomPageContext): Promise<ListEnvelope> {
      if (context.offset !== undefined && !context.offset.startsWith(TOKEN_PREFIX))
        return legacy.readPage(context);
      const decoded = context.offset === undefined ? undefined : decodeToken(context.offset);
      const query = decoded === undefined ? context.query : { ...context.query, ...decoded.params };
      const columns = keyColumnsOf(list, query);
      const parts = listSoqlParts(list, query);
      const conditions =
        decoded === undefined
          ? parts.conditions
          : [...parts.conditions, afterKey(columns, keyLiterals(columns, decoded.keys))];
      const limit = Math.min(MAX_BATCH, context.limit);
      // One row more than the page tells whether another page follows; at 2,000 that row would
      // take a second batch, so there the last full page is followed by an empty one instead.
      const fetch = limit < MAX_BATCH ? limit + 1 : limit;
      const soql = `SELECT ${withKeyFields(parts.fields, columns)} FROM ${parts.from}${whereOf(conditions)} ORDER BY ${columns.map((column) => `${column.field} ASC`).join(', ')} LIMIT ${fetch}`;
      const headers = { 'Sforce-Query-Options': `batchSize=${Math.max(MIN_BATCH, fetch)}` };
      const signal = context.signal === undefined ? {} : { signal: context.signal };
      const all = String(query.include_deleted) === 'true';
      let body = await context.transport.json({
        path: all ? '/queryAll' : '/query',
        query: { q: soql },
        headers,
        ...signal,
      });
      // One batch is the usual case: its arrays are the page's, copied only when Salesforce split it.
      let records: unknown[] = [];
      let raw: Record<string, unknown>[] = [];
      for (;;) {
        const parsed = context.parseRecords(body);
        records = records.length === 0 ? parsed : records.concat(parsed);
        const page = body as { done?: unknown; nextRecordsUrl?: unknown; records?: unknown };
        if (Array.isArray(page.records)) {
          const batch = page.records as Record<string, unknown>[];
          raw = raw.length === 0 ? batch : raw.concat(batch);
        }
        if (records.length > fetch)
          throw new PageLimitExceededError(fetch, records.length, { what: 'query' });
        if (page.done !== false || typeof page.nextRecordsUrl !== 'string' || records.length >= fetch) break;
        body = await context.transport.json({
          url: nextRecordsUrlOf(page.nextRecordsUrl, context.baseUrl),
          headers,
          ...signal,
        });
      }
      const more = fetch > limit ? records.length > limit : records.length === limit;
      const last = raw[Math.min(limit, raw.length) - 1];
      const next =
        more && last !== undefined
          ? { offset: encodeToken({ p: paramsOf(query), k: columns.map((column) => last[column.field]) }) }
          : null;
      return {
        records: records.length > limit ? records.slice(0, limit) : records,
        meta: { next_page: next },
      };
    },
  };
}

function paramsOf(query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { [SELECT_FIELDS_KEY]: _fields, ...params } = query;
  return params;
}

function whereOf(conditions: readonly string[]): string {
  return conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
}

/** The SELECT list with the key's fields, which an explicit list may lack (FIELDS(STANDARD) has them). */
function withKeyFields(fields: string, columns: readonly KeyColumn[]): string {
  if (/^FIELDS\(/i.test(fields.trim())) return fields;
  const named = new Set(fields.split(',').map((field) => field.trim().toLowerCase()));
  const missing = columns
    .filter((column) => !named.has(column.field.toLowerCase()))
    .map((column) => column.field);
  return missing.length === 0 ? fields : `${fields}, ${missing.join(', ')}`;
}
