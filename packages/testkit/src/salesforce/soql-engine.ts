import { formatFieldValue, recordAttributes } from './record-format';
import type { SalesforceDataset, SalesforceRecord } from './salesforce-dataset';
import { type SalesforceField, type SalesforceObject, SOBJECTS } from './sobject-schema';
import { SoqlError } from './soql-error';
import { parseSoql, type SoqlCondition, type SoqlFieldPath, type SoqlQuery } from './soql-parser';
import { firstAtOrAbove, firstInOrder, firstMatching, idLowerBound } from './soql-row-order';
import {
  type Comparable,
  category,
  checkOperand,
  checkOperandError,
  comparableOf,
  compare,
  likeMatcher,
  sortKey,
} from './soql-values';

const NO_SUCH_COLUMN_HINT =
  "If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.";
const NO_SUCH_RELATIONSHIP_HINT =
  "If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.";
const NO_SUCH_TYPE_HINT =
  "If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.";
const MAX_OFFSET = 2000;

/** A field path resolved against the schema: the final field and how to read its raw value. */
interface ResolvedPath {
  field: SalesforceField;
  /** The reference fields walked to get there (empty for a field of the queried object). */
  chain: SalesforceField[];
  read(record: SalesforceRecord): unknown;
}

/** Projection tree: fields of one object, and parent relationships with their own trees. */
type Projection = Array<
  | { kind: 'field'; field: SalesforceField }
  | { kind: 'parent'; reference: SalesforceField; children: Projection }
>;

/**
 * A query checked against the schema, ready to run over the dataset.
 *
 * @example
 * ```ts
 * const query = compileSoql(data, 'SELECT Id, Name FROM Account WHERE Industry = \'Energy\'');
 * const rows = query.run(false);
 * const json = rows.map((row) => query.project(row, '/services/data/v62.0'));
 * ```
 */
export interface CompiledSoql {
  object: SalesforceObject;
  countOnly: boolean;
  /** Matching records (ordered, OFFSET and LIMIT applied); deleted ones only with `includeDeleted`. */
  run(includeDeleted: boolean): SalesforceRecord[];
  /** A record's JSON as the query selects it. */
  project(record: SalesforceRecord, versionPath: string): Record<string, unknown>;
}

function noSuchColumn(soql: string, path: SoqlFieldPath, column: string, entity: string): SoqlError {
  return new SoqlError(
    'INVALID_FIELD',
    `No such column '${column}' on entity '${entity}'. ${NO_SUCH_COLUMN_HINT}`,
    soql,
    path.offset,
  );
}

function resolvePath(
  data: SalesforceDataset,
  object: SalesforceObject,
  path: SoqlFieldPath,
  soql: string,
): ResolvedPath {
  let objects = [object];
  const chain: SalesforceField[] = [];
  const parts = path.parts;
  for (let i = 0; i < parts.length - 1; i += 1) {
    const name = (parts[i] as string).toLowerCase();
    const reference = objects
      .map((candidate) => candidate.relationships.get(name))
      .find((found) => found !== undefined);
    if (reference === undefined) {
      throw new SoqlError(
        'INVALID_FIELD',
        `Didn't understand relationship '${parts[i]}' in field path. ${NO_SUCH_RELATIONSHIP_HINT}`,
        soql,
        path.offset,
      );
    }
    chain.push(reference);
    objects = (reference.referenceTo ?? [])
      .map((target) => SOBJECTS.get(target.toLowerCase()))
      .filter((found) => found !== undefined);
  }
  const last = parts[parts.length - 1] as string;
  const field = objects
    .map((candidate) => candidate.byName.get(last.toLowerCase()))
    .find((found) => found !== undefined);
  if (field === undefined) {
    throw noSuchColumn(soql, path, parts.length > 1 ? parts.join('.') : last, (objects[0] ?? object).name);
  }
  const direct =
    field.type === 'address'
      ? (record: SalesforceRecord) => formatFieldValue(field, record, '', '', () => false)
      : (record: SalesforceRecord) => record[field.name];
  const read =
    chain.length === 0
      ? direct
      : (record: SalesforceRecord) => {
          let current: SalesforceRecord | undefined = record;
          for (const reference of chain) {
            const id: unknown = current[reference.name];
            current = typeof id === 'string' ? data.byId.get(id) : undefined;
            if (current === undefined) return null;
          }
          return direct(current);
        };
  return { field, chain, read };
}

type Predicate = (record: SalesforceRecord) => boolean;

function compileCondition(
  data: SalesforceDataset,
  object: SalesforceObject,
  soql: string,
  condition: SoqlCondition,
): Predicate {
  switch (condition.kind) {
    case 'and': {
      const items = condition.items.map((item) => compileCondition(data, object, soql, item));
      return (record) => items.every((item) => item(record));
    }
    case 'or': {
      const items = condition.items.map((item) => compileCondition(data, object, soql, item));
      return (record) => items.some((item) => item(record));
    }
    case 'not': {
      const item = compileCondition(data, object, soql, condition.item);
      return (record) => !item(record);
    }
    case 'compare': {
      const path = resolvePath(data, object, condition.field, soql);
      const { kind } = category(path.field);
      const operand = checkOperand(soql, path.field, condition.value, () => data.now());
      // Ids take ranges (`Id >= '001…' AND Id < '001…'`, the Bulk API guide's PK chunking
      // queries), ordered as ORDER BY Id orders them; booleans only equality.
      if (kind === 'boolean') {
        if (condition.op !== '=' && condition.op !== '!=') {
          throw new SoqlError(
            'INVALID_QUERY_FILTER_OPERATOR',
            `invalid operator on ${kind} field`,
            soql,
            condition.field.offset,
          );
        }
      }
      const op = condition.op;
      return (record) => compare(op, comparableOf(kind, path.read(record)), operand);
    }
    case 'in': {
      const path = resolvePath(data, object, condition.field, soql);
      const { kind } = category(path.field);
      const operands = condition.values.map((value) =>
        checkOperand(soql, path.field, value, () => data.now()),
      );
      const negated = condition.negated;
      return (record) => {
        const left = comparableOf(kind, path.read(record));
        const found = operands.some((operand) => compare('=', left, operand));
        return negated ? !found : found;
      };
    }
    case 'like': {
      const path = resolvePath(data, object, condition.field, soql);
      const { kind } = category(path.field);
      if (kind !== 'string') {
        throw new SoqlError(
          'INVALID_QUERY_FILTER_OPERATOR',
          `invalid operator on ${category(path.field).label} field`,
          soql,
          condition.field.offset,
        );
      }
      if (condition.value.kind !== 'string') throw checkOperandError(soql, path.field, condition.value);
      const matcher = likeMatcher(condition.value.raw);
      return (record) => {
        const value = path.read(record);
        return typeof value === 'string' && matcher.test(value);
      };
    }
  }
}

function addToProjection(projection: Projection, chain: SalesforceField[], field: SalesforceField): boolean {
  let level = projection;
  for (const reference of chain) {
    let entry = level.find(
      (item): item is Extract<Projection[number], { kind: 'parent' }> =>
        item.kind === 'parent' && item.reference === reference,
    );
    if (entry === undefined) {
      entry = { kind: 'parent', reference, children: [] };
      level.push(entry);
    }
    level = entry.children;
  }
  if (level.some((item) => item.kind === 'field' && item.field === field)) return false;
  level.push({ kind: 'field', field });
  return true;
}

function projectRecord(
  data: SalesforceDataset,
  projection: Projection,
  record: SalesforceRecord,
  type: string,
  versionPath: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { attributes: recordAttributes(type, record.Id, versionPath) };
  const hasBlob = (id: string): boolean => data.blob(id) !== undefined;
  for (const item of projection) {
    if (item.kind === 'field') {
      out[item.field.name] = formatFieldValue(item.field, record, versionPath, type, hasBlob);
      continue;
    }
    const id = record[item.reference.name];
    const parent = typeof id === 'string' ? data.byId.get(id) : undefined;
    const name = item.reference.relationshipName as string;
    if (parent === undefined) {
      out[name] = null;
      continue;
    }
    const parentType = data.typeOf(parent.Id);
    const parentObject = data.object(parentType);
    // A polymorphic parent only has the fields its own type defines.
    const children = item.children.filter(
      (child) => child.kind === 'parent' || parentObject.byName.has(child.field.name.toLowerCase()),
    );
    out[name] = projectRecord(data, children, parent, parentType, versionPath);
  }
  return out;
}

/**
 * Ids sort case-sensitively, as base-62 numbers (`0-9`, `A-Z`, `a-z`: the order of their
 * characters), the order the Bulk API guide's PK chunking boundaries follow and `Id >` compares
 * in; two ids differing only in case are different records.
 */
interface KeyedRecord {
  readonly record: SalesforceRecord;
  readonly index: number;
  readonly keys: Comparable[];
}

/**
 * Parses and checks a SOQL query against the simulator's schema, with the real API's refusals:
 * unknown object → `INVALID_TYPE`, unknown field or relationship → `INVALID_FIELD`, ill-typed
 * literal → `INVALID_FIELD`, bad id literal → `INVALID_QUERY_FILTER_OPERATOR`, syntax →
 * `MALFORMED_QUERY`, OFFSET above 2000 → `NUMBER_OUTSIDE_VALID_RANGE`.
 *
 * @example
 * ```ts
 * const query = compileSoql(data, 'SELECT COUNT() FROM Contact');
 * query.countOnly; // true
 * ```
 */
export function compileSoql(data: SalesforceDataset, soql: string): CompiledSoql {
  const parsed: SoqlQuery = parseSoql(soql);
  const object = SOBJECTS.get(parsed.from.name.toLowerCase());
  if (object === undefined) {
    throw new SoqlError(
      'INVALID_TYPE',
      `sObject type '${parsed.from.name}' is not supported. ${NO_SUCH_TYPE_HINT}`,
      soql,
      parsed.from.offset,
    );
  }
  const countOnly = parsed.select.some((item) => item.kind === 'count');
  if (countOnly && parsed.select.length > 1) {
    const item = parsed.select.find((candidate) => candidate.kind !== 'count');
    throw new SoqlError(
      'MALFORMED_QUERY',
      'COUNT() must be the only element in the SELECT list',
      soql,
      item?.kind === 'field' ? item.path.offset : 0,
    );
  }
  const projection: Projection = [];
  for (const item of parsed.select) {
    if (item.kind === 'count') continue;
    if (item.kind === 'fields') {
      if (item.which !== 'STANDARD' && (parsed.limit === undefined || parsed.limit > 200)) {
        throw new SoqlError(
          'MALFORMED_QUERY',
          'The SOQL FIELDS function must have a LIMIT of at most 200',
          soql,
          item.offset,
        );
      }
      for (const field of object.fields) {
        const wanted = item.which === 'ALL' || (item.which === 'CUSTOM') === field.custom;
        if (wanted) addToProjection(projection, [], field);
      }
      continue;
    }
    const path = resolvePath(data, object, item.path, soql);
    if (!addToProjection(projection, path.chain, path.field)) {
      throw new SoqlError(
        'MALFORMED_QUERY',
        `duplicate field selected: ${item.path.parts.join('.')}`,
        soql,
        item.path.offset,
      );
    }
  }
  if (parsed.offset !== undefined && parsed.offset > MAX_OFFSET) {
    throw new SoqlError('NUMBER_OUTSIDE_VALID_RANGE', `Maximum SOQL offset allowed is ${MAX_OFFSET}`);
  }
  const predicate =
    parsed.where === undefined ? undefined : compileCondition(data, object, soql, parsed.where);
  const order = parsed.orderBy.map((item) => {
    const path = resolvePath(data, object, item.field, soql);
    const { kind } = category(path.field);
    if (kind === 'none') {
      throw new SoqlError(
        'INVALID_FIELD',
        `field '${path.field.name}' can not be sorted in a query call`,
        soql,
        item.field.offset,
      );
    }
    return { path, kind, descending: item.descending, nullsLast: item.nullsLast };
  });
  const compareKeyed = (a: KeyedRecord, b: KeyedRecord): number => {
    for (let i = 0; i < order.length; i += 1) {
      const item = order[i] as (typeof order)[number];
      const x = a.keys[i] as Comparable;
      const y = b.keys[i] as Comparable;
      if (x === y) continue;
      if (x === null) return item.nullsLast ? 1 : -1;
      if (y === null) return item.nullsLast ? -1 : 1;
      const sign = x < y ? -1 : 1;
      return item.descending ? -sign : sign;
    }
    // Ties keep the table's order, as a stable sort would.
    return a.index - b.index;
  };
  // `ORDER BY Id ASC` alone (a keyset page): ids are fixed-width base-62, so their case-sensitive
  // order is the string order, and a table kept in that order needs no sort.
  const byIdOnly =
    order.length === 1 &&
    order[0]?.path.field.name === 'Id' &&
    order[0].path.chain.length === 0 &&
    !order[0].descending;
  const idFloor = parsed.where === undefined ? undefined : idLowerBound(parsed.where);
  const run = (includeDeleted: boolean): SalesforceRecord[] => {
    const start = parsed.offset ?? 0;
    const end = parsed.limit === undefined ? undefined : start + parsed.limit;
    if (byIdOnly && end !== undefined) {
      if (data.inIdOrder(object.name)) {
        const table = data.records(object.name, true);
        const from = idFloor === undefined ? 0 : firstAtOrAbove(table, idFloor);
        return firstMatching(table, from, includeDeleted, predicate, end).slice(start, end);
      }
    }
    let rows = data.records(object.name, includeDeleted);
    if (predicate !== undefined) rows = rows.filter(predicate);
    if (order.length > 0) {
      const keyed = rows.map(
        (record, index): KeyedRecord => ({
          record,
          index,
          keys: order.map((item) => sortKey(item.kind, item.path.read(record))),
        }),
      );
      // `ORDER BY … LIMIT k` keeps only the first k (a keyset page of 2,001 over 100,000 rows
      // need not sort them all), in the same order a whole sort gives.
      const sorted =
        end !== undefined && end < keyed.length / 4
          ? firstInOrder(keyed, end, compareKeyed)
          : keyed.sort(compareKeyed);
      rows = sorted.map((entry) => entry.record);
    }
    // Always a copy: a query locator keeps it while the table grows.
    return rows.slice(start, end);
  };
  return {
    object,
    countOnly,
    run,
    project: (record, versionPath) => projectRecord(data, projection, record, object.name, versionPath),
  };
}
