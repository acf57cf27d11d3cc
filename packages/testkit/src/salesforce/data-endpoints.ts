import type { IncomingHttpHeaders } from 'node:http';
import { type DataContext, type DataReply, json } from './data-reply';
import { describe, objectSummary, reportSummary, runReport } from './metadata-endpoints';
import { formatFieldValue, formatSalesforceDateTime, recordAttributes } from './record-format';
import type { SalesforceRecord } from './salesforce-dataset';
import { RESOURCE_NOT_FOUND, recordNotFound, SalesforceHttpError } from './salesforce-http-error';
import { normalizeId } from './salesforce-ids';
import { type SalesforceObject, SOBJECTS } from './sobject-schema';
import { type CompiledSoql, compileSoql } from './soql-engine';
import { SoqlError } from './soql-error';
import { runSosl } from './sosl-engine';

export type { DataContext, DataReply } from './data-reply';

const DEFAULT_BATCH = 2000;
const DAY = 86_400_000;
const REPLICATION_DAYS = { updated: 30, deleted: 15 } as const;
const MAX_REPLICATION_IDS = 600_000;

function batchSizeOf(headers: IncomingHttpHeaders): number | undefined {
  const header = headers['sforce-query-options'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  for (const part of value.split(',')) {
    const [key, raw] = part.split('=').map((piece) => piece.trim());
    if (key?.toLowerCase() === 'batchsize' && raw !== undefined && /^\d+$/.test(raw)) {
      // Documented bounds: at least 200, at most 2,000.
      return Math.min(2000, Math.max(200, Number(raw)));
    }
  }
  return undefined;
}

function queryPage(
  ctx: DataContext,
  query: CompiledSoql,
  rows: SalesforceRecord[],
  start: number,
  batchSize: number,
  locator: string | undefined,
): DataReply {
  const end = Math.min(rows.length, start + batchSize);
  const records = new Array(end - start);
  for (let i = start; i < end; i += 1)
    records[i - start] = query.project(rows[i] as SalesforceRecord, ctx.versionPath);
  const done = end >= rows.length;
  let nextRecordsUrl: string | undefined;
  if (!done) {
    const id = locator ?? ctx.locators.open(rows, query, ctx.now, batchSize);
    nextRecordsUrl = `${ctx.versionPath}/query/${id}-${end}`;
  }
  return json(
    done
      ? { totalSize: rows.length, done, records }
      : { totalSize: rows.length, done, nextRecordsUrl, records },
  );
}

function runQuery(ctx: DataContext, includeDeleted: boolean): DataReply {
  const soql = ctx.query.get('q');
  if (soql === null || soql.trim() === '') {
    throw new SalesforceHttpError(400, 'MALFORMED_QUERY', 'A query string has to be specified');
  }
  let query: CompiledSoql;
  try {
    query = compileSoql(ctx.data, soql);
  } catch (error) {
    if (error instanceof SoqlError) throw new SalesforceHttpError(400, error.errorCode, error.message);
    throw error;
  }
  const rows = query.run(includeDeleted);
  if (query.countOnly) return json({ totalSize: rows.length, done: true, records: [] });
  const batch = Math.min(ctx.batchCeiling, batchSizeOf(ctx.headers) ?? DEFAULT_BATCH);
  return queryPage(ctx, query, rows, 0, batch, undefined);
}

function queryMore(ctx: DataContext, token: string): DataReply {
  const dash = token.lastIndexOf('-');
  const id = dash === -1 ? token : token.slice(0, dash);
  const offset = dash === -1 ? 0 : Number(token.slice(dash + 1));
  const locator = ctx.locators.read(id, ctx.now);
  if (locator === undefined || !Number.isInteger(offset) || offset < 0 || offset >= locator.rows.length) {
    throw new SalesforceHttpError(400, 'INVALID_QUERY_LOCATOR', 'invalid query locator');
  }
  return queryPage(
    ctx,
    locator.query,
    locator.rows,
    offset,
    Math.min(ctx.batchCeiling, batchSizeOf(ctx.headers) ?? locator.batchSize),
    id,
  );
}

function objectOrNotFound(type: string): SalesforceObject {
  const object = SOBJECTS.get(type.toLowerCase());
  if (object === undefined) throw new SalesforceHttpError(404, 'NOT_FOUND', RESOURCE_NOT_FOUND);
  return object;
}

function fullRecord(
  ctx: DataContext,
  object: SalesforceObject,
  record: SalesforceRecord,
  only?: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    attributes: recordAttributes(object.name, record.Id, ctx.versionPath),
  };
  const hasBlob = (id: string): boolean => ctx.data.blob(id) !== undefined;
  const fields =
    only === undefined ? object.fields : only.map((name) => object.byName.get(name.toLowerCase())!);
  for (const field of fields)
    out[field.name] = formatFieldValue(field, record, ctx.versionPath, object.name, hasBlob);
  return out;
}

function liveRecord(ctx: DataContext, object: SalesforceObject, rawId: string): SalesforceRecord {
  const id = normalizeId(rawId);
  const record = id === undefined ? undefined : ctx.data.get(id);
  if (record === undefined || ctx.data.typeOf(record.Id) !== object.name) {
    throw new SalesforceHttpError(404, 'NOT_FOUND', recordNotFound(rawId));
  }
  return record;
}

function getRecord(ctx: DataContext, object: SalesforceObject, rawId: string): DataReply {
  const fieldsParam = ctx.query.get('fields');
  let only: string[] | undefined;
  if (fieldsParam !== null) {
    only = fieldsParam
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    for (const name of only) {
      if (!object.byName.has(name.toLowerCase())) {
        throw new SalesforceHttpError(
          400,
          'INVALID_FIELD',
          `No such column '${name}' on entity '${object.name}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
        );
      }
    }
  }
  return json(fullRecord(ctx, object, liveRecord(ctx, object, rawId), only));
}

const MIME_BY_FILE_TYPE: Record<string, string> = {
  PDF: 'application/pdf',
  PNG: 'image/png',
  JPG: 'image/jpeg',
  CSV: 'text/csv',
  TEXT: 'text/plain',
};

function getBlob(ctx: DataContext, object: SalesforceObject, rawId: string, fieldName: string): DataReply {
  const field = object.byName.get(fieldName.toLowerCase());
  if (field === undefined || field.type !== 'base64')
    throw new SalesforceHttpError(404, 'NOT_FOUND', RESOURCE_NOT_FOUND);
  const record = liveRecord(ctx, object, rawId);
  const blob = ctx.data.blob(record.Id);
  if (blob === undefined) throw new SalesforceHttpError(404, 'NOT_FOUND', RESOURCE_NOT_FOUND);
  const contentType =
    typeof record.ContentType === 'string'
      ? record.ContentType
      : (MIME_BY_FILE_TYPE[String(record.FileType)] ?? 'application/octetstream');
  return { kind: 'blob', blob, contentType };
}

/** `start`/`end` of getUpdated/getDeleted, seconds truncated (Salesforce works to the minute). */
function replicationWindow(ctx: DataContext, kind: 'updated' | 'deleted'): { start: number; end: number } {
  const startText = ctx.query.get('start');
  const endText = ctx.query.get('end');
  if (startText === null || endText === null) {
    throw new SalesforceHttpError(
      400,
      'MISSING_ARGUMENT',
      `${startText === null ? 'start' : 'end'}: the start and end parameters are required`,
    );
  }
  const start = Date.parse(startText);
  const end = Date.parse(endText);
  if (Number.isNaN(start) || Number.isNaN(end)) {
    throw new SalesforceHttpError(
      400,
      'INVALID_REPLICATION_DATE',
      `Cannot parse date: ${Number.isNaN(start) ? startText : endText}`,
    );
  }
  const minute = (ms: number): number => Math.floor(ms / 60_000) * 60_000;
  const days = REPLICATION_DAYS[kind];
  if (start < ctx.now - days * DAY) {
    throw new SalesforceHttpError(
      400,
      'INVALID_REPLICATION_DATE',
      `startDate cannot be more than ${days} days ago`,
    );
  }
  if (end < start) throw new SalesforceHttpError(400, 'INVALID_REPLICATION_DATE', 'EndDate before StartDate');
  return { start: minute(start), end: minute(Math.min(end, ctx.now)) };
}

function getUpdated(ctx: DataContext, object: SalesforceObject): DataReply {
  if (!object.replicateable)
    throw new SalesforceHttpError(
      400,
      'INVALID_TYPE',
      `sObject type '${object.name}' is not supported for replication`,
    );
  const { start, end } = replicationWindow(ctx, 'updated');
  const ids: string[] = [];
  for (const record of ctx.data.records(object.name)) {
    const stamp = record.SystemModstamp as number;
    if (stamp >= start && stamp < end) ids.push(record.Id);
  }
  if (ids.length > MAX_REPLICATION_IDS)
    throw new SalesforceHttpError(400, 'EXCEEDED_ID_LIMIT', 'record limit reached. narrow the date range');
  return json({ ids, latestDateCovered: formatSalesforceDateTime(end) });
}

function getDeleted(ctx: DataContext, object: SalesforceObject): DataReply {
  if (!object.replicateable)
    throw new SalesforceHttpError(
      400,
      'INVALID_TYPE',
      `sObject type '${object.name}' is not supported for replication`,
    );
  const { start, end } = replicationWindow(ctx, 'deleted');
  const deleted = ctx.data.deletedBetween(object.name, start, end - 1);
  if (deleted.length > MAX_REPLICATION_IDS)
    throw new SalesforceHttpError(400, 'EXCEEDED_ID_LIMIT', 'record limit reached. narrow the date range');
  const earliest = ctx.data.earliestDeletion(object.name) ?? start;
  return json({
    deletedRecords: deleted.map((entry) => ({
      id: entry.id,
      deletedDate: formatSalesforceDateTime(entry.deletedDate),
    })),
    earliestDateAvailable: formatSalesforceDateTime(Math.min(earliest, start)),
    latestDateCovered: formatSalesforceDateTime(end),
  });
}

export function routeDataRequest(path: string, ctx: DataContext): DataReply {
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeURIComponent);
  const [head, second, third, fourth, fifth] = segments;
  if (segments.length === 0) {
    const base = ctx.versionPath;
    return json({
      limits: `${base}/limits`,
      query: `${base}/query`,
      queryAll: `${base}/queryAll`,
      sobjects: `${base}/sobjects`,
      search: `${base}/search`,
      parameterizedSearch: `${base}/parameterizedSearch`,
      analytics: `${base}/analytics`,
    });
  }
  switch (head) {
    case 'limits':
      if (segments.length !== 1) break;
      return json({
        DailyApiRequests: { Max: ctx.usage.max, Remaining: Math.max(0, ctx.usage.max - ctx.usage.used) },
        ConcurrentSyncReportRuns: { Max: 20, Remaining: 20 },
        DataStorageMB: { Max: 1024, Remaining: 1000 },
        FileStorageMB: { Max: 2048, Remaining: 2040 },
      });
    case 'search': {
      if (segments.length !== 1) break;
      const sosl = ctx.query.get('q');
      if (sosl === null || sosl.trim() === '')
        throw new SalesforceHttpError(400, 'MALFORMED_SEARCH', 'A search string has to be specified');
      return json(runSosl(ctx.data, sosl, ctx.versionPath));
    }
    case 'query':
    case 'queryAll':
      if (segments.length === 1) return runQuery(ctx, head === 'queryAll');
      if (segments.length === 2) return queryMore(ctx, second as string);
      break;
    case 'sobjects': {
      if (segments.length === 1) {
        return json({
          encoding: 'UTF-8',
          maxBatchSize: 200,
          sobjects: [...SOBJECTS.values()].map((object) => objectSummary(ctx, object)),
        });
      }
      const object = objectOrNotFound(second as string);
      if (segments.length === 2) return json({ objectDescribe: objectSummary(ctx, object), recentItems: [] });
      if (segments.length === 3 && third === 'describe') return json(describe(ctx, object));
      if (segments.length === 3 && third === 'updated') return getUpdated(ctx, object);
      if (segments.length === 3 && third === 'deleted') return getDeleted(ctx, object);
      if (segments.length === 3) return getRecord(ctx, object, third as string);
      if (segments.length === 4) return getBlob(ctx, object, third as string, fourth as string);
      break;
    }
    case 'analytics': {
      if (second !== 'reports') break;
      const reports = ctx.data
        .records('Report')
        .slice()
        .sort((a, b) => (b.LastRunDate as number) - (a.LastRunDate as number));
      if (segments.length === 2)
        return json(reports.slice(0, 200).map((report) => reportSummary(ctx, report)));
      if (segments.length === 3 && fifth === undefined) {
        const id = normalizeId(third as string);
        const report = id === undefined ? undefined : ctx.data.get(id);
        if (report === undefined || ctx.data.typeOf(report.Id) !== 'Report') {
          throw new SalesforceHttpError(404, 'NOT_FOUND', RESOURCE_NOT_FOUND);
        }
        return runReport(ctx, report);
      }
      break;
    }
    default:
      break;
  }
  throw new SalesforceHttpError(404, 'NOT_FOUND', RESOURCE_NOT_FOUND);
}
