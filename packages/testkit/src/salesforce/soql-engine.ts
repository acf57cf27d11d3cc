import { formatFieldValue, recordAttributes } from './record-format';
import type { SalesforceDataset, SalesforceRecord } from './salesforce-dataset';
import { normalizeId } from './salesforce-ids';
import { type SalesforceField, type SalesforceObject, SOBJECTS } from './sobject-schema';
import { SoqlError } from './soql-error';
import {
  parseSoql,
  type SoqlCondition,
  type SoqlFieldPath,
  type SoqlQuery,
  type SoqlValue,
} from './soql-parser';
import { firstAtOrAbove, firstInOrder, firstMatching, idLowerBound } from './soql-row-order';

const NO_SUCH_COLUMN_HINT =
  "If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.";
const NO_SUCH_RELATIONSHIP_HINT =
  "If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.";
const NO_SUCH_TYPE_HINT =
  "If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.";
const MAX_OFFSET = 2000;
const DAY = 86_400_000;

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

type Comparable = string | number | boolean | null;

/** Value category a field compares as, and the type name Salesforce's messages use. */
function category(field: SalesforceField): {
  kind: 'string' | 'id' | 'number' | 'boolean' | 'date' | 'datetime' | 'none';
  label: string;
} {
  switch (field.type) {
    case 'id':
    case 'reference':
      return { kind: 'id', label: 'id' };
    case 'boolean':
      return { kind: 'boolean', label: 'boolean' };
    case 'int':
      return { kind: 'number', label: 'integer' };
    case 'double':
    case 'currency':
    case 'percent':
      return { kind: 'number', label: field.type === 'double' ? 'double' : field.type };
    case 'date':
      return { kind: 'date', label: 'date' };
    case 'datetime':
      return { kind: 'datetime', label: 'dateTime' };
    case 'address':
    case 'base64':
      return { kind: 'none', label: field.type };
    default:
      return { kind: 'string', label: 'string' };
  }
}

/** A literal checked against its field: a single comparable value, or a [from, to) range for date functions. */
type Operand = { kind: 'value'; value: Comparable } | { kind: 'range'; from: number; to: number };

function startOfDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

function dateLiteralRange(
  value: Extract<SoqlValue, { kind: 'dateLiteral' }>,
  now: number,
): { from: number; to: number } {
  const today = startOfDay(now);
  const n = value.n ?? 0;
  const date = new Date(today);
  const monthStart = (offset: number): number =>
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
  const yearStart = (offset: number): number => Date.UTC(date.getUTCFullYear() + offset, 0, 1);
  // Weeks start on Sunday, as in the default locale.
  const weekStart = today - date.getUTCDay() * DAY;
  switch (value.name) {
    case 'YESTERDAY':
      return { from: today - DAY, to: today };
    case 'TODAY':
      return { from: today, to: today + DAY };
    case 'TOMORROW':
      return { from: today + DAY, to: today + 2 * DAY };
    case 'LAST_WEEK':
      return { from: weekStart - 7 * DAY, to: weekStart };
    case 'THIS_WEEK':
      return { from: weekStart, to: weekStart + 7 * DAY };
    case 'NEXT_WEEK':
      return { from: weekStart + 7 * DAY, to: weekStart + 14 * DAY };
    case 'LAST_MONTH':
      return { from: monthStart(-1), to: monthStart(0) };
    case 'THIS_MONTH':
      return { from: monthStart(0), to: monthStart(1) };
    case 'NEXT_MONTH':
      return { from: monthStart(1), to: monthStart(2) };
    case 'LAST_90_DAYS':
      return { from: today - 90 * DAY, to: today + DAY };
    case 'NEXT_90_DAYS':
      return { from: today + DAY, to: today + 91 * DAY };
    case 'THIS_YEAR':
      return { from: yearStart(0), to: yearStart(1) };
    case 'LAST_YEAR':
      return { from: yearStart(-1), to: yearStart(0) };
    case 'NEXT_YEAR':
      return { from: yearStart(1), to: yearStart(2) };
    case 'LAST_N_DAYS':
      return { from: today - n * DAY, to: today + DAY };
    case 'NEXT_N_DAYS':
      return { from: today + DAY, to: today + (n + 1) * DAY };
    case 'LAST_N_WEEKS':
      return { from: weekStart - n * 7 * DAY, to: weekStart };
    case 'NEXT_N_WEEKS':
      return { from: weekStart + 7 * DAY, to: weekStart + (n + 1) * 7 * DAY };
    case 'LAST_N_MONTHS':
      return { from: monthStart(-n), to: monthStart(0) };
    default:
      return { from: monthStart(1), to: monthStart(n + 1) };
  }
}

/** Reads a record value into the form literals compare with. */
function comparableOf(kind: ReturnType<typeof category>['kind'], value: unknown): Comparable {
  if (value === null || value === undefined) return null;
  if (kind === 'string') return String(value).toLowerCase();
  if (kind === 'date') return Date.parse(`${String(value)}T00:00:00Z`);
  return value as Comparable;
}

function checkOperand(soql: string, field: SalesforceField, value: SoqlValue, now: () => number): Operand {
  const { kind, label } = category(field);
  const mismatch = (quoted: boolean): SoqlError =>
    new SoqlError(
      'INVALID_FIELD',
      `value of filter criterion for field '${field.name}' must be of type ${label} and should ${quoted ? '' : 'not '}be enclosed in quotes`,
      soql,
      value.offset,
    );
  if (value.kind === 'null') return { kind: 'value', value: null };
  switch (kind) {
    case 'string':
      if (value.kind !== 'string') throw mismatch(true);
      return { kind: 'value', value: value.value.toLowerCase() };
    case 'id': {
      if (value.kind !== 'string') throw mismatch(true);
      const id = normalizeId(value.value);
      if (id === undefined) {
        throw new SoqlError(
          'INVALID_QUERY_FILTER_OPERATOR',
          `invalid ID field: ${value.value}`,
          soql,
          value.offset,
        );
      }
      return { kind: 'value', value: id };
    }
    case 'number':
      if (value.kind !== 'number') throw mismatch(false);
      if (field.type === 'int' && !Number.isInteger(value.value)) throw mismatch(false);
      return { kind: 'value', value: value.value };
    case 'boolean':
      if (value.kind !== 'boolean') throw mismatch(false);
      return { kind: 'value', value: value.value };
    case 'date':
      if (value.kind === 'date') return { kind: 'value', value: Date.parse(`${value.value}T00:00:00Z`) };
      if (value.kind === 'dateLiteral') return { kind: 'range', ...dateLiteralRange(value, now()) };
      throw mismatch(false);
    case 'datetime':
      if (value.kind === 'datetime') return { kind: 'value', value: value.value };
      if (value.kind === 'dateLiteral') return { kind: 'range', ...dateLiteralRange(value, now()) };
      throw mismatch(false);
    default:
      throw new SoqlError(
        'INVALID_FIELD',
        `field '${field.name}' can not be filtered in a query call`,
        soql,
        value.offset,
      );
  }
}

function compare(op: string, left: Comparable, right: Operand): boolean {
  if (right.kind === 'range') {
    if (left === null) return op === '!=';
    const x = left as number;
    switch (op) {
      case '=':
        return x >= right.from && x < right.to;
      case '!=':
        return !(x >= right.from && x < right.to);
      case '<':
        return x < right.from;
      case '<=':
        return x < right.to;
      case '>':
        return x >= right.to;
      default:
        return x >= right.from;
    }
  }
  const value = right.value;
  if (value === null) return op === '=' ? left === null : op === '!=' ? left !== null : false;
  if (left === null) return op === '!=';
  switch (op) {
    case '=':
      return left === value;
    case '!=':
      return left !== value;
    case '<':
      return left < value;
    case '<=':
      return left <= value;
    case '>':
      return left > value;
    default:
      return left >= value;
  }
}

/** A LIKE pattern as a matcher: `%` any run, `_` one character, `\%` and `\_` literal; case-insensitive. */
function likeMatcher(raw: string): RegExp {
  let source = '';
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw[i] as string;
    if (c === '\\' && i + 1 < raw.length) {
      const next = raw[i + 1] as string;
      const literal = next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
      source += literal.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
      i += 1;
    } else if (c === '%') source += '[\\s\\S]*';
    else if (c === '_') source += '[\\s\\S]';
    else source += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i');
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

function checkOperandError(soql: string, field: SalesforceField, value: SoqlValue): SoqlError {
  return new SoqlError(
    'INVALID_FIELD',
    `value of filter criterion for field '${field.name}' must be of type string and should be enclosed in quotes`,
    soql,
    value.offset,
  );
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
function sortKey(kind: ReturnType<typeof category>['kind'], value: unknown): Comparable {
  return comparableOf(kind, value);
}

/** A row with its sort keys and its place in the table (the tie-breaker). */
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
