import type { SalesforceRecord } from './salesforce-dataset';
import type { SalesforceField } from './sobject-schema';

/**
 * A datetime as Salesforce writes it in JSON: `2024-05-20T20:49:32.000+0000`.
 *
 * @example
 * ```ts
 * formatSalesforceDateTime(Date.UTC(2024, 4, 20, 20, 49, 32)); // '2024-05-20T20:49:32.000+0000'
 * ```
 */
export function formatSalesforceDateTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}+0000`;
}

/**
 * The JSON value of one field of a record: datetimes formatted, compound addresses as objects
 * (null when empty), blob fields as the relative URL of their bytes, explicit nulls.
 *
 * @example
 * ```ts
 * formatFieldValue(field, record, '/services/data/v62.0', 'Contact'); // e.g. '2024-05-20T20:49:32.000+0000'
 * ```
 */
export function formatFieldValue(
  field: SalesforceField,
  record: SalesforceRecord,
  versionPath: string,
  type: string,
  hasBlob: (id: string) => boolean,
): unknown {
  switch (field.type) {
    case 'datetime': {
      const value = record[field.name];
      return typeof value === 'number' ? formatSalesforceDateTime(value) : null;
    }
    case 'address': {
      const p = field.addressPrefix ?? '';
      const parts = {
        city: record[`${p}City`] ?? null,
        country: record[`${p}Country`] ?? null,
        geocodeAccuracy: record[`${p}GeocodeAccuracy`] ?? null,
        latitude: record[`${p}Latitude`] ?? null,
        longitude: record[`${p}Longitude`] ?? null,
        postalCode: record[`${p}PostalCode`] ?? null,
        state: record[`${p}State`] ?? null,
        street: record[`${p}Street`] ?? null,
      };
      return Object.values(parts).every((value) => value === null) ? null : parts;
    }
    case 'base64':
      return hasBlob(record.Id) ? `${versionPath}/sobjects/${type}/${record.Id}/${field.name}` : null;
    default:
      return record[field.name] ?? null;
  }
}

/**
 * The `attributes` every record carries: its type and its URL under the request's version.
 *
 * @example
 * ```ts
 * recordAttributes('Account', '001…', '/services/data/v62.0'); // { type: 'Account', url: '/services/data/v62.0/sobjects/Account/001…' }
 * ```
 */
export function recordAttributes(
  type: string,
  id: string,
  versionPath: string,
): { type: string; url: string } {
  return { type, url: `${versionPath}/sobjects/${type}/${id}` };
}
