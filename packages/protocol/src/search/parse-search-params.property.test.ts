import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchFieldType } from '../connector-definition';
import { ValidationError } from '../errors/client-errors';
import { parseSearchParams } from './parse-search-params';
import type { SearchFilter, SearchScalar } from './search-ast';
import { SEARCH_OPERATORS } from './search-operators';
import { SearchParamsSchema } from './search-params-schema';

const FIELDS: Readonly<Record<string, SearchFieldType>> = {
  a: 'integer',
  b: 'string',
  c: 'boolean',
  o: 'object',
  l: 'array',
};

/** Calls the parser and fails the property on anything thrown but a well-formed ValidationError. */
function parseOrValidationError(params: unknown): 'parsed' | 'refused' {
  try {
    parseSearchParams(params, FIELDS);
    return 'parsed';
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ValidationError;
    expect(validation.status).toBe(400);
    expect(validation.details.length).toBeGreaterThan(0);
    for (const detail of validation.details) {
      expect(typeof detail.message).toBe('string');
      expect(['invalid_query', 'invalid_param', 'missing_param', 'invalid_cursor']).toContain(
        detail.error_code,
      );
    }
    return 'refused';
  }
}

// Keys and values chosen so random structures often look like queries and reach deep code paths.
const keyArbitrary = fc.oneof(
  fc.constantFrom(...SEARCH_OPERATORS, 'a', 'b', 'c', 'o', 'l', 'o.gid', 'l.gid', 'a.x', 'filter', 'sort'),
  fc.string({ maxLength: 6 }),
);

const { queryish } = fc.letrec((tie) => ({
  queryish: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'queryish' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(keyArbitrary, tie('queryish'), { maxKeys: 4 }),
    fc.array(tie('queryish'), { maxLength: 4 }),
  ),
}));

const paramsArbitrary = fc.record(
  {
    query: fc.oneof(queryish, fc.record({ filter: queryish, sort: queryish }, { requiredKeys: [] })),
    limit: fc.oneof(fc.integer({ min: -5, max: 20_000 }), fc.jsonValue({ maxDepth: 1 })),
    cursor: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })),
    fields: queryish,
  },
  { requiredKeys: [] },
);

describe('parseSearchParams properties', () => {
  it('never throws anything but a ValidationError, whatever JSON it gets', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (params) => {
        parseOrValidationError(params);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but a ValidationError for query-like structures', () => {
    fc.assert(
      fc.property(paramsArbitrary, (params) => {
        parseOrValidationError(params);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts nothing that the wire schema refuses', () => {
    fc.assert(
      fc.property(paramsArbitrary, (params) => {
        if (parseOrValidationError(params) === 'parsed') {
          expect(SearchParamsSchema.safeParse(params).success).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

// Well-typed conditions over the scalar fields, to compare the meaning of a query before and
// after normalization.
type Row = Partial<Record<'a' | 'b' | 'c', SearchScalar>>;

const fieldValue = {
  a: fc.integer({ min: -3, max: 3 }),
  b: fc.constantFrom('x', 'y', 'z'),
  c: fc.boolean(),
};
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const nonEmpty = <T extends object>(arbitrary: fc.Arbitrary<T>) =>
  arbitrary.filter((value) => Object.keys(value).length > 0);

const equalityMap = nonEmpty(
  fc.record(
    { a: nullable(fieldValue.a), b: nullable(fieldValue.b), c: nullable(fieldValue.c) },
    { requiredKeys: [] },
  ),
);
const orderMap = nonEmpty(fc.record({ a: fieldValue.a, b: fieldValue.b }, { requiredKeys: [] }));
const inMap = nonEmpty(
  fc.record(
    { a: fc.array(nullable(fieldValue.a), { maxLength: 3 }), b: fc.array(fieldValue.b, { maxLength: 3 }) },
    { requiredKeys: [] },
  ),
);

// Depth and branching are kept small so a generated filter stays under the size limits.
const { condition } = fc.letrec((tie) => {
  const children = fc.array(tie('condition'), { minLength: 1, maxLength: 3 });
  return {
    condition: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'condition' },
      nonEmpty(
        fc.record(
          { eq: equalityMap, neq: equalityMap, gt: orderMap, lte: orderMap, in: inMap },
          { requiredKeys: [] },
        ),
      ),
      fc.record({ and: children }),
      fc.record({ or: children }),
      fc.record({ not: tie('condition') }),
      // Several operators in one object, logical and not.
      fc.record({ or: children, eq: equalityMap, not: tie('condition') }, { requiredKeys: ['or'] }),
    ),
  };
});

const rowArbitrary: fc.Arbitrary<Row> = fc.record(
  { a: nullable(fieldValue.a), b: nullable(fieldValue.b), c: nullable(fieldValue.c) },
  { requiredKeys: [] },
);

function equals(row: Row, field: string, value: unknown): boolean {
  const actual = row[field as keyof Row];
  return value === null ? actual === null || actual === undefined : actual === value;
}

function orders(row: Row, field: string, value: unknown, holds: (difference: number) => boolean): boolean {
  const actual = row[field as keyof Row];
  if (actual === null || actual === undefined || typeof actual !== typeof value) return false;
  return holds(actual < (value as typeof actual) ? -1 : actual > (value as typeof actual) ? 1 : 0);
}

/** The meaning of a condition as written, straight from the contract. */
function evaluateWritten(condition: Record<string, unknown>, row: Row): boolean {
  return Object.entries(condition).every(([operator, operand]) => {
    const entries = () => Object.entries(operand as Record<string, unknown>);
    switch (operator) {
      case 'eq':
        return entries().every(([field, value]) => equals(row, field, value));
      case 'neq':
        return entries().every(([field, value]) => !equals(row, field, value));
      case 'gt':
        return entries().every(([field, value]) => orders(row, field, value, (d) => d > 0));
      case 'lte':
        return entries().every(([field, value]) => orders(row, field, value, (d) => d <= 0));
      case 'in':
        return entries().every(([field, values]) =>
          (values as unknown[]).some((value) => equals(row, field, value)),
        );
      case 'and':
        return (operand as Record<string, unknown>[]).every((inner) => evaluateWritten(inner, row));
      case 'or':
        return (operand as Record<string, unknown>[]).some((inner) => evaluateWritten(inner, row));
      case 'not':
        return !evaluateWritten(operand as Record<string, unknown>, row);
      default:
        throw new Error(`unexpected operator ${operator}`);
    }
  });
}

/** The meaning of the normalized tree, as an in-memory evaluator walks it. */
function evaluateParsed(filter: SearchFilter, row: Row): boolean {
  switch (filter.kind) {
    case 'and':
      return filter.conditions.every((inner) => evaluateParsed(inner, row));
    case 'or':
      return filter.conditions.some((inner) => evaluateParsed(inner, row));
    case 'not':
      return !evaluateParsed(filter.condition, row);
    case 'in':
      return filter.values.some((value) => equals(row, filter.field, value));
    case 'text':
      throw new Error('no text conditions are generated');
    case 'compare':
      switch (filter.op) {
        case 'eq':
          return equals(row, filter.field, filter.value);
        case 'neq':
          return !equals(row, filter.field, filter.value);
        case 'gt':
          return orders(row, filter.field, filter.value, (d) => d > 0);
        case 'gte':
          return orders(row, filter.field, filter.value, (d) => d >= 0);
        case 'lt':
          return orders(row, filter.field, filter.value, (d) => d < 0);
        case 'lte':
          return orders(row, filter.field, filter.value, (d) => d <= 0);
      }
  }
}

function hasNestedSameKind(filter: SearchFilter): boolean {
  if (filter.kind === 'not') return hasNestedSameKind(filter.condition);
  if (filter.kind !== 'and' && filter.kind !== 'or') return false;
  return (
    filter.conditions.length < 2 ||
    filter.conditions.some((inner) => inner.kind === filter.kind || hasNestedSameKind(inner))
  );
}

describe('normalization', () => {
  it('accepts every well-typed condition, and the wire schema agrees', () => {
    fc.assert(
      fc.property(condition, (filter) => {
        const params = { query: { filter } };
        expect(parseOrValidationError(params)).toBe('parsed');
        expect(SearchParamsSchema.safeParse(params).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the meaning of the condition as written', () => {
    fc.assert(
      fc.property(condition, fc.array(rowArbitrary, { minLength: 1, maxLength: 8 }), (filter, rows) => {
        const parsed = parseSearchParams({ query: { filter } }, FIELDS).filter!;
        for (const row of rows) expect(evaluateParsed(parsed, row)).toBe(evaluateWritten(filter, row));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves no single-element and/or and no and directly inside and (or inside or)', () => {
    fc.assert(
      fc.property(condition, (filter) => {
        expect(hasNestedSameKind(parseSearchParams({ query: { filter } }, FIELDS).filter!)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
