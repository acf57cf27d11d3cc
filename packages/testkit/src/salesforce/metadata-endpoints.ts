import { type DataContext, type DataReply, json } from './data-reply';
import { formatFieldValue } from './record-format';
import type { SalesforceRecord } from './salesforce-dataset';
import { RESOURCE_NOT_FOUND, SalesforceHttpError } from './salesforce-http-error';
import { type SalesforceObject, SOBJECTS } from './sobject-schema';
import { compileSoql } from './soql-engine';

// What the API says about itself and runs besides queries: sObject summaries and describes, and
// analytics reports (crm-upstream.md §2).

const MAX_REPORT_ROWS = 2000;

function objectUrls(ctx: DataContext, object: SalesforceObject): Record<string, string> {
  const base = `${ctx.versionPath}/sobjects/${object.name}`;
  return { sobject: base, describe: `${base}/describe`, rowTemplate: `${base}/{ID}` };
}

export function objectSummary(ctx: DataContext, object: SalesforceObject): Record<string, unknown> {
  const replicable = object.replicateable;
  return {
    activateable: false,
    createable: false,
    custom: false,
    customSetting: false,
    deletable: false,
    deprecatedAndHidden: false,
    feedEnabled: false,
    keyPrefix: object.keyPrefix,
    label: object.label,
    labelPlural: object.labelPlural,
    layoutable: true,
    mergeable: false,
    mruEnabled: true,
    name: object.name,
    queryable: true,
    replicateable: replicable,
    retrieveable: true,
    searchable: object.searchable,
    triggerable: false,
    undeletable: false,
    updateable: false,
    urls: objectUrls(ctx, object),
  };
}

/** The compound address a component field belongs to (`BillingCity` → `BillingAddress`). */
function compoundOf(object: SalesforceObject, name: string): string | null {
  for (const candidate of object.fields) {
    if (candidate.type !== 'address' || candidate.name === name) continue;
    const prefix = candidate.addressPrefix ?? '';
    const rest = name.slice(prefix.length);
    if (
      name.startsWith(prefix) &&
      [
        'Street',
        'City',
        'State',
        'PostalCode',
        'Country',
        'Latitude',
        'Longitude',
        'GeocodeAccuracy',
      ].includes(rest)
    ) {
      return candidate.name;
    }
  }
  return null;
}

export function describe(ctx: DataContext, object: SalesforceObject): Record<string, unknown> {
  return {
    ...objectSummary(ctx, object),
    fields: object.fields.map((field) => ({
      name: field.name,
      label: field.name.replace(/__c$/, '').replace(/([a-z])([A-Z])/g, '$1 $2'),
      type: field.type,
      custom: field.custom,
      nillable: field.name !== 'Id' && field.type !== 'boolean',
      filterable: field.type !== 'address' && field.type !== 'base64',
      sortable: field.type !== 'address' && field.type !== 'base64',
      referenceTo: field.referenceTo ?? [],
      relationshipName: field.relationshipName ?? null,
      compoundFieldName: compoundOf(object, field.name),
    })),
  };
}

export function reportSummary(ctx: DataContext, report: SalesforceRecord): Record<string, unknown> {
  const url = `${ctx.versionPath}/analytics/reports/${report.Id}`;
  return {
    id: report.Id,
    name: report.Name,
    url,
    describeUrl: `${url}/describe`,
    instancesUrl: `${url}/instances`,
  };
}

export function runReport(ctx: DataContext, report: SalesforceRecord): DataReply {
  const definition = ctx.data.reports.get(report.Id);
  if (definition === undefined) throw new SalesforceHttpError(404, 'NOT_FOUND', RESOURCE_NOT_FOUND);
  const soql = `SELECT ${definition.columns.join(', ')} FROM ${definition.object}${definition.where === undefined ? '' : ` WHERE ${definition.where}`}`;
  const query = compileSoql(ctx.data, soql);
  const rows = query.run(false);
  const includeDetails = ctx.query.get('includeDetails') !== 'false';
  const shown = rows.slice(0, MAX_REPORT_ROWS);
  const object = SOBJECTS.get(definition.object.toLowerCase()) as SalesforceObject;
  const cell = (record: SalesforceRecord, column: string): { label: string; value: unknown } => {
    const field = object.byName.get(column.toLowerCase());
    const value =
      field === undefined ? null : formatFieldValue(field, record, ctx.versionPath, object.name, () => false);
    return { label: value === null ? '-' : String(value), value };
  };
  const detailRows = shown.map((record) => ({
    dataCells: definition.columns.map((column) => cell(record, column)),
  }));
  const factMap: Record<string, unknown> = {
    'T!T': {
      aggregates: [{ label: String(rows.length), value: rows.length }],
      ...(includeDetails ? { rows: detailRows } : {}),
    },
  };
  const groupings: Array<{ key: string; label: string; value: unknown }> = [];
  if (definition.groupBy !== undefined) {
    const groups = new Map<string, SalesforceRecord[]>();
    for (const record of shown) {
      const key = String(record[definition.groupBy] ?? '-');
      groups.set(key, [...(groups.get(key) ?? []), record]);
    }
    [...groups.entries()].forEach(([label, members], index) => {
      groupings.push({ key: String(index), label, value: label });
      factMap[`${index}!T`] = {
        aggregates: [{ label: String(members.length), value: members.length }],
        ...(includeDetails
          ? {
              rows: members.map((record) => ({
                dataCells: definition.columns.map((column) => cell(record, column)),
              })),
            }
          : {}),
      };
    });
  }
  return json({
    attributes: {
      type: 'Report',
      reportId: report.Id,
      reportName: report.Name,
      describeUrl: `${ctx.versionPath}/analytics/reports/${report.Id}/describe`,
    },
    allData: rows.length <= MAX_REPORT_ROWS,
    hasDetailRows: includeDetails,
    factMap,
    groupingsAcross: { groupings: [] },
    groupingsDown: { groupings },
    reportMetadata: {
      id: report.Id,
      name: report.Name,
      reportFormat: definition.groupBy === undefined ? 'TABULAR' : 'SUMMARY',
      reportType: { type: definition.object, label: object.labelPlural },
      detailColumns: definition.columns.map(
        (column) => `${definition.object.toUpperCase()}.${column.toUpperCase()}`,
      ),
    },
    reportExtendedMetadata: {},
  });
}

/**
 * Routes one authenticated GET under `/services/data/vNN.0`: query and queryAll (with
 * locators), SOSL search, sObject describe, rows, blobs, getUpdated/getDeleted, limits, analytics reports.
 * Throws {@link SalesforceHttpError} for the error arrays.
 *
 * @example
 * ```ts
 * const reply = routeDataRequest('/query', ctx); // { kind: 'json', status: 200, body: { totalSize, done, records } }
 * ```
 */
