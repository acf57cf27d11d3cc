import { SOBJECT_SPECS, type SObjectSpec } from './sobject-specs';

/** SOAP/REST field types the simulator models (describe's `type`). */
export type SalesforceFieldType =
  | 'id'
  | 'string'
  | 'textarea'
  | 'picklist'
  | 'email'
  | 'phone'
  | 'url'
  | 'boolean'
  | 'int'
  | 'double'
  | 'currency'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'reference'
  | 'address'
  | 'base64';

/**
 * One field of an sObject. References name their target objects and the relationship name SOQL
 * uses to reach them (`AccountId` → `Account.Name`).
 *
 * @example
 * ```ts
 * const field: SalesforceField = { name: 'AccountId', type: 'reference', referenceTo: ['Account'], relationshipName: 'Account', custom: false };
 * ```
 */
export interface SalesforceField {
  name: string;
  type: SalesforceFieldType;
  custom: boolean;
  referenceTo?: string[];
  relationshipName?: string;
  /** For compound address fields: the prefix of their component fields (`Billing`). */
  addressPrefix?: string;
}

/**
 * One sObject: its name, key prefix, fields (in describe order) and capabilities.
 *
 * @example
 * ```ts
 * SOBJECTS.get('account')?.keyPrefix; // '001'
 * ```
 */
export interface SalesforceObject {
  name: string;
  label: string;
  labelPlural: string;
  keyPrefix: string;
  fields: SalesforceField[];
  /** Lower-cased field name → field. */
  byName: Map<string, SalesforceField>;
  /** Lower-cased relationship name → its reference field. */
  relationships: Map<string, SalesforceField>;
  /** Whether getUpdated/getDeleted work (describe's `replicateable`). */
  replicateable: boolean;
  searchable: boolean;
}

function parseField(spec: string): SalesforceField {
  const colon = spec.indexOf(':');
  const name = spec.slice(0, colon);
  const typePart = spec.slice(colon + 1);
  const custom = name.endsWith('__c');
  if (typePart.startsWith('reference>')) {
    const [targets = '', relationshipName = ''] = typePart.slice('reference>'.length).split('@');
    return { name, type: 'reference', custom, referenceTo: targets.split('|'), relationshipName };
  }
  if (typePart.startsWith('address')) {
    const prefix = typePart.split(':')[1] ?? '';
    return { name, type: 'address', custom, addressPrefix: prefix };
  }
  return { name, type: typePart as SalesforceFieldType, custom };
}

function buildObject(name: string, spec: SObjectSpec): SalesforceObject {
  const fields = spec.fields.map(parseField);
  const byName = new Map(fields.map((field) => [field.name.toLowerCase(), field]));
  const relationships = new Map(
    fields
      .filter((field) => field.relationshipName !== undefined)
      .map((field) => [(field.relationshipName as string).toLowerCase(), field]),
  );
  return {
    name,
    label: spec.label,
    labelPlural: spec.plural,
    keyPrefix: spec.prefix,
    fields,
    byName,
    relationships,
    replicateable: spec.replicateable ?? true,
    searchable: spec.replicateable ?? true,
  };
}

/**
 * Every sObject the simulator serves, keyed by lower-cased API name (SOQL names are
 * case-insensitive). Field lists follow the reference's FIELDS(STANDARD) subsets.
 *
 * @example
 * ```ts
 * SOBJECTS.get('contact')?.byName.get('email')?.type; // 'email'
 * ```
 */
export const SOBJECTS: ReadonlyMap<string, SalesforceObject> = new Map(
  Object.entries(SOBJECT_SPECS).map(([name, spec]) => [name.toLowerCase(), buildObject(name, spec)]),
);

/**
 * The sObject whose records carry the given key prefix (the first 3 characters of an id).
 *
 * @example
 * ```ts
 * objectForId('003Dn0000000001AAA')?.name; // 'Contact'
 * ```
 */
export function objectForId(id: string): SalesforceObject | undefined {
  const prefix = id.slice(0, 3);
  for (const object of SOBJECTS.values()) if (object.keyPrefix === prefix) return object;
  return undefined;
}
