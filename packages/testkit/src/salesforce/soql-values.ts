import { normalizeId } from './salesforce-ids';
import type { SalesforceField } from './sobject-schema';
import { SoqlError } from './soql-error';
import type { SoqlValue } from './soql-parser';

// What SOQL values mean: a field's comparison category, date literals (`TODAY`, `LAST_N_DAYS:n`…),
// operands checked against a field's type, the comparison operators and LIKE, and sort keys.

const DAY = 86_400_000;

export type Comparable = string | number | boolean | null;

/** Value category a field compares as, and the type name Salesforce's messages use. */
export function category(field: SalesforceField): {
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
export type Operand = { kind: 'value'; value: Comparable } | { kind: 'range'; from: number; to: number };

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
export function comparableOf(kind: ReturnType<typeof category>['kind'], value: unknown): Comparable {
  if (value === null || value === undefined) return null;
  if (kind === 'string') return String(value).toLowerCase();
  if (kind === 'date') return Date.parse(`${String(value)}T00:00:00Z`);
  return value as Comparable;
}

export function checkOperand(
  soql: string,
  field: SalesforceField,
  value: SoqlValue,
  now: () => number,
): Operand {
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

export function compare(op: string, left: Comparable, right: Operand): boolean {
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
export function likeMatcher(raw: string): RegExp {
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

export function checkOperandError(soql: string, field: SalesforceField, value: SoqlValue): SoqlError {
  return new SoqlError(
    'INVALID_FIELD',
    `value of filter criterion for field '${field.name}' must be of type string and should be enclosed in quotes`,
    soql,
    value.offset,
  );
}

export function sortKey(kind: ReturnType<typeof category>['kind'], value: unknown): Comparable {
  return comparableOf(kind, value);
}

/** A row with its sort keys and its place in the table (the tie-breaker). */
