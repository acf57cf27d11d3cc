import { describe, expect, it } from 'vitest';
import type { SearchFieldType } from '../connector-definition';
import { ValidationError } from '../errors/client-errors';
import { parseSearchParams } from './parse-search-params';
import type { SearchFilter } from './search-ast';
import { SEARCH_LIMITS } from './search-limits';

// A slice of the tasks entity's searchable fields (seed 001), covering every field type.
const FIELDS: Readonly<Record<string, SearchFieldType>> = {
  gid: 'string',
  name: 'string',
  notes: 'string',
  due_on: 'string',
  completed: 'boolean',
  num_likes: 'integer',
  actual_time_minutes: 'integer',
  score: 'number',
  assignee: 'object',
  projects: 'array',
  tags: 'array',
};

function filterOf(filter: unknown): SearchFilter | null {
  return parseSearchParams({ query: { filter } }, FIELDS).filter;
}

function failure(params: unknown, fields = FIELDS): ValidationError {
  try {
    parseSearchParams(params, fields);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

function filterFailure(filter: unknown): ValidationError {
  return failure({ query: { filter } });
}

/** The fields at fault, in order. */
function faultFields(error: ValidationError): (string | undefined)[] {
  return error.details.map((detail) => detail.field);
}

describe('parseSearchParams: comparison operators', () => {
  it.each(['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const)('%s compiles to a compare node', (op) => {
    expect(filterOf({ [op]: { due_on: '2026-05-01' } })).toEqual({
      kind: 'compare',
      op,
      field: 'due_on',
      path: ['due_on'],
      fieldType: 'string',
      value: '2026-05-01',
    });
  });

  it('compares each scalar type with a value of its type', () => {
    expect(filterOf({ eq: { completed: false } })).toMatchObject({ value: false, fieldType: 'boolean' });
    expect(filterOf({ gte: { num_likes: 3 } })).toMatchObject({ value: 3, fieldType: 'integer' });
    expect(filterOf({ lt: { score: 0.5 } })).toMatchObject({ value: 0.5, fieldType: 'number' });
    expect(filterOf({ neq: { name: 'x' } })).toMatchObject({ op: 'neq', value: 'x' });
  });

  it('allows null with eq and neq on any field, objects included', () => {
    expect(filterOf({ eq: { assignee: null } })).toMatchObject({ op: 'eq', field: 'assignee', value: null });
    expect(filterOf({ neq: { due_on: null } })).toMatchObject({ op: 'neq', value: null });
    expect(filterOf({ eq: { completed: null } })).toMatchObject({ value: null });
  });

  it('matches an element of an array field with eq', () => {
    expect(filterOf({ eq: { tags: 'urgent' } })).toMatchObject({
      field: 'tags',
      path: ['tags'],
      value: 'urgent',
    });
  });
});

describe('parseSearchParams: in and text operators', () => {
  it('in compiles to an in node', () => {
    expect(filterOf({ in: { gid: ['1', '2'] } })).toEqual({
      kind: 'in',
      field: 'gid',
      path: ['gid'],
      fieldType: 'string',
      values: ['1', '2'],
    });
    expect(filterOf({ in: { num_likes: [1, 2, null] } })).toMatchObject({ values: [1, 2, null] });
    expect(filterOf({ in: { gid: [] } })).toMatchObject({ kind: 'in', values: [] });
  });

  it.each(['like', 'fuzzy', 'keyword'] as const)('%s compiles to a text node', (op) => {
    expect(filterOf({ [op]: { name: 'launch plan' } })).toEqual({
      kind: 'text',
      op,
      field: 'name',
      path: ['name'],
      fieldType: 'string',
      value: 'launch plan',
    });
  });

  it('lets like patterns without letters through', () => {
    expect(filterOf({ like: { name: '%_%' } })).toMatchObject({ op: 'like', value: '%_%' });
  });
});

describe('parseSearchParams: combining conditions', () => {
  it('ANDs several fields in one operator map', () => {
    expect(filterOf({ eq: { completed: false, name: 'x' } })).toEqual({
      kind: 'and',
      conditions: [
        {
          kind: 'compare',
          op: 'eq',
          field: 'completed',
          path: ['completed'],
          fieldType: 'boolean',
          value: false,
        },
        { kind: 'compare', op: 'eq', field: 'name', path: ['name'], fieldType: 'string', value: 'x' },
      ],
    });
  });

  it('ANDs several operators in one condition object, in the order written', () => {
    const filter = filterOf({
      gte: { due_on: '2026-01-01' },
      eq: { completed: true },
      fuzzy: { name: 'plan' },
    });
    expect(filter).toMatchObject({
      kind: 'and',
      conditions: [{ op: 'gte' }, { op: 'eq' }, { kind: 'text', op: 'fuzzy' }],
    });
  });

  it('builds and, or and not', () => {
    expect(
      filterOf({
        or: [{ eq: { completed: true } }, { not: { lt: { num_likes: 2 } } }],
      }),
    ).toEqual({
      kind: 'or',
      conditions: [
        {
          kind: 'compare',
          op: 'eq',
          field: 'completed',
          path: ['completed'],
          fieldType: 'boolean',
          value: true,
        },
        {
          kind: 'not',
          condition: {
            kind: 'compare',
            op: 'lt',
            field: 'num_likes',
            path: ['num_likes'],
            fieldType: 'integer',
            value: 2,
          },
        },
      ],
    });
  });

  it('flattens and inside and, or inside or, and collapses single-element lists', () => {
    const filter = filterOf({
      and: [{ and: [{ eq: { gid: '1' } }, { eq: { gid: '2' } }] }, { eq: { name: 'a', notes: 'b' } }],
    });
    expect(filter).toMatchObject({
      kind: 'and',
      conditions: [{ value: '1' }, { value: '2' }, { value: 'a' }, { value: 'b' }],
    });
    expect(filterOf({ or: [{ or: [{ eq: { gid: '1' } }] }, { eq: { gid: '2' } }] })).toMatchObject({
      kind: 'or',
      conditions: [{ value: '1' }, { value: '2' }],
    });
    expect(filterOf({ and: [{ eq: { gid: '1' } }] })).toMatchObject({ kind: 'compare', value: '1' });
    // An or inside an and is a different operator: it stays.
    expect(
      filterOf({ and: [{ or: [{ eq: { gid: '1' } }, { eq: { gid: '2' } }] }, { eq: { name: 'n' } }] }),
    ).toMatchObject({ kind: 'and', conditions: [{ kind: 'or' }, { kind: 'compare' }] });
  });

  it('keeps a double negation as written', () => {
    expect(filterOf({ not: { not: { eq: { gid: '1' } } } })).toMatchObject({
      kind: 'not',
      condition: { kind: 'not', condition: { kind: 'compare' } },
    });
  });

  it('nests up to the depth limit, and no further', () => {
    let filter: unknown = { eq: { gid: '1' } };
    for (let level = 1; level < SEARCH_LIMITS.maxDepth; level += 1) filter = { not: filter };
    expect(filterOf(filter)).toMatchObject({ kind: 'not' });

    const tooDeep = filterFailure({ and: [filter] });
    expect(tooDeep.code).toBe('invalid_query');
    expect(tooDeep.details).toHaveLength(1);
    expect(tooDeep.details[0]!.message).toContain(`deeper than ${SEARCH_LIMITS.maxDepth}`);
    expect(tooDeep.details[0]!.field).toMatch(/^query\.filter\.and\[0\](\.not)+$/);
  });

  it('survives absurd nesting without exhausting the stack', () => {
    let filter: unknown = { eq: { gid: '1' } };
    for (let level = 0; level < 100_000; level += 1) filter = { or: [filter] };
    const error = filterFailure(filter);
    expect(error.details).toHaveLength(1);
  });

  it('bounds the number of conditions', () => {
    const many = Array.from({ length: SEARCH_LIMITS.maxConditions + 1 }, (_, index) => ({
      eq: { gid: String(index) },
    }));
    const error = filterFailure({ or: many });
    expect(error.details).toEqual([
      expect.objectContaining({ field: 'query.filter.or', error_code: 'invalid_query' }),
    ]);
    const wide = Object.fromEntries(
      Array.from({ length: SEARCH_LIMITS.maxConditions + 1 }, (_, i) => [`x${i}`, 1]),
    );
    expect(filterFailure({ eq: wide }).details).toHaveLength(1);
  });
});

describe('parseSearchParams: field paths', () => {
  it('follows dot paths into object fields', () => {
    expect(filterOf({ eq: { 'assignee.gid': '42' } })).toEqual({
      kind: 'compare',
      op: 'eq',
      field: 'assignee',
      path: ['assignee', 'gid'],
      fieldType: 'object',
      value: '42',
    });
  });

  it('follows dot paths into arrays of objects (any element)', () => {
    expect(filterOf({ in: { 'projects.gid': ['1', '2'] } })).toMatchObject({
      kind: 'in',
      field: 'projects',
      path: ['projects', 'gid'],
      fieldType: 'array',
    });
    expect(filterOf({ like: { 'projects.name': 'road%' } })).toMatchObject({
      kind: 'text',
      path: ['projects', 'name'],
    });
  });

  it('accepts any scalar for sub-fields, whose types are unknown, but still refuses objects', () => {
    expect(filterOf({ eq: { 'assignee.gid': 7 } })).toMatchObject({ value: 7 });
    expect(filterOf({ gt: { 'assignee.created_at': '2026' } })).toMatchObject({ op: 'gt' });
    expect(faultFields(filterFailure({ eq: { 'assignee.gid': { a: 1 } } }))).toEqual([
      'query.filter.eq.assignee.gid',
    ]);
    expect(faultFields(filterFailure({ gt: { 'assignee.x': true } }))).toEqual([
      'query.filter.gt.assignee.x',
    ]);
  });

  it('refuses dot paths into scalar fields', () => {
    const error = filterFailure({ eq: { 'completed.value': true } });
    expect(error.details).toEqual([
      {
        field: 'query.filter.eq.completed.value',
        message: '"completed" is a boolean field with no sub-fields, so "completed.value" names nothing',
        error_code: 'invalid_query',
      },
    ]);
  });

  it('refuses malformed paths, odd sub-field names and too many segments', () => {
    expect(faultFields(filterFailure({ eq: { 'assignee.': 'x' } }))).toEqual([
      'query.filter.eq["assignee."]',
    ]);
    expect(faultFields(filterFailure({ eq: { '.gid': 'x' } }))).toEqual(['query.filter.eq[".gid"]']);
    expect(faultFields(filterFailure({ eq: { 'assignee.a b': 'x' } }))).toEqual([
      'query.filter.eq["assignee.a b"]',
    ]);
    expect(filterFailure({ eq: { 'assignee.__proto__': 'x' } }).details[0]!.message).toContain('__proto__');
    const long = ['assignee', ...Array.from({ length: SEARCH_LIMITS.maxPathSegments }, () => 'a')].join('.');
    expect(filterFailure({ eq: { [long]: 'x' } }).details[0]!.message).toContain('at most');
  });

  it('refuses unknown fields, listing the searchable ones', () => {
    const error = filterFailure({ eq: { colour: 'red' } });
    expect(error.details).toEqual([
      {
        field: 'query.filter.eq.colour',
        message: `unknown field "colour"; searchable fields: ${Object.keys(FIELDS).join(', ')}`,
        error_code: 'invalid_query',
      },
    ]);
    expect(failure({ query: { filter: { eq: { gid: '1' } } } }, {}).details[0]!.message).toContain(
      'no searchable fields',
    );
  });

  it('refuses a field the sync cannot store by name, with why, wherever it is named', () => {
    const unsearchable = { download_url: 'a short-lived signed URL, never stored' };
    const refuse = (params: unknown) => {
      try {
        parseSearchParams(params, FIELDS, unsearchable);
      } catch (error) {
        if (error instanceof ValidationError) return error;
        throw error;
      }
      throw new Error('expected a ValidationError');
    };
    const message = '"download_url" cannot be searched: a short-lived signed URL, never stored';
    const filtered = refuse({ query: { filter: { like: { download_url: 'http%' } } } });
    expect(filtered.code).toBe('invalid_query');
    expect(filtered.details).toEqual([
      { field: 'query.filter.like.download_url', message, error_code: 'invalid_query' },
    ]);
    expect(refuse({ query: { sort: [{ download_url: 'asc' }] } }).details[0]!.message).toBe(message);
    expect(refuse({ query: {}, fields: ['download_url'] }).details[0]!.message).toBe(message);
    // Other fields are unaffected.
    expect(parseSearchParams({ query: { filter: { eq: { gid: '1' } } } }, FIELDS, unsearchable).limit).toBe(
      1000,
    );
  });

  it('does not mistake inherited properties for fields', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const filter = JSON.parse(`{"eq": {"${key}": "x"}}`);
      expect(filterFailure(filter).details[0]!.message).toContain(`unknown field "${key}"`);
    }
  });
});

describe('parseSearchParams: ill-typed values', () => {
  it.each([
    [{ gt: { completed: true } }, 'query.filter.gt.completed', /has no order/],
    [{ lte: { assignee: 'x' } }, 'query.filter.lte.assignee', /has no order/],
    [{ gte: { tags: 'x' } }, 'query.filter.gte.tags', /has no order/],
    [{ eq: { completed: 'yes' } }, 'query.filter.eq.completed', /needs true, false or null; got "yes"/],
    [{ eq: { num_likes: 1.5 } }, 'query.filter.eq.num_likes', /needs an integer or null; got 1.5/],
    [{ gt: { num_likes: '3' } }, 'query.filter.gt.num_likes', /needs an integer; got "3"/],
    [{ lt: { score: 'high' } }, 'query.filter.lt.score', /needs a number; got "high"/],
    [{ gt: { due_on: null } }, 'query.filter.gt.due_on', /needs a string; got null/],
    [{ eq: { name: 5 } }, 'query.filter.eq.name', /needs a string or null; got 5/],
    [{ eq: { assignee: { gid: '1' } } }, 'query.filter.eq.assignee', /can only test for null/],
    [{ eq: { name: { a: 1 } } }, 'query.filter.eq.name', /got an object/],
    [{ eq: { tags: ['a'] } }, 'query.filter.eq.tags', /got an array/],
    [{ in: { gid: 'x' } }, 'query.filter.in.gid', /in takes an array of values/],
    [{ in: { assignee: [null] } }, 'query.filter.in.assignee', /can only test for null/],
    [{ like: { num_likes: 'x' } }, 'query.filter.like.num_likes', /is not text/],
    [{ fuzzy: { completed: 'x' } }, 'query.filter.fuzzy.completed', /is not text/],
    [{ keyword: { tags: 'x' } }, 'query.filter.keyword.tags', /is not text/],
    [{ like: { name: 5 } }, 'query.filter.like.name', /needs a string; got 5/],
    [{ fuzzy: { name: null } }, 'query.filter.fuzzy.name', /needs a string; got null/],
    [{ like: { name: '' } }, 'query.filter.like.name', /non-empty/],
    [{ keyword: { name: ' ,; ' } }, 'query.filter.keyword.name', /at least one word/],
    [{ fuzzy: { name: '---' } }, 'query.filter.fuzzy.name', /at least one word/],
  ])('%j is refused at %s', (filter, field, message) => {
    const error = filterFailure(filter);
    expect(error.code).toBe('invalid_query');
    expect(error.status).toBe(400);
    expect(error.details).toHaveLength(1);
    expect(error.details[0]).toMatchObject({ field, error_code: 'invalid_query' });
    expect(error.details[0]!.message).toMatch(message);
  });

  it('names the element of an in list at fault', () => {
    expect(faultFields(filterFailure({ in: { num_likes: [1, 'two', 3, 4.5] } }))).toEqual([
      'query.filter.in.num_likes[1]',
      'query.filter.in.num_likes[3]',
    ]);
  });

  it('bounds in lists and string lengths', () => {
    const values = Array.from({ length: SEARCH_LIMITS.maxInValues + 1 }, (_, index) => String(index));
    expect(filterFailure({ in: { gid: values } }).details[0]!.message).toContain(
      `at most ${SEARCH_LIMITS.maxInValues}`,
    );
    const long = 'x'.repeat(SEARCH_LIMITS.maxStringLength + 1);
    expect(filterFailure({ eq: { name: long } }).details[0]!.message).toContain('at most');
    expect(filterFailure({ like: { name: long } }).details[0]!.message).toContain('at most');
  });

  it('refuses non-finite numbers given programmatically', () => {
    expect(faultFields(filterFailure({ gt: { score: Number.POSITIVE_INFINITY } }))).toEqual([
      'query.filter.gt.score',
    ]);
    expect(faultFields(filterFailure({ eq: { score: Number.NaN } }))).toEqual(['query.filter.eq.score']);
  });
});

describe('parseSearchParams: malformed conditions', () => {
  it.each([
    [{ foo: { gid: '1' } }, 'query.filter.foo', /unknown operator "foo"; operators: eq, neq/],
    [{ contains: { tags: 'x' } }, 'query.filter.contains', /unknown operator/],
    [{}, 'query.filter', /needs at least one operator/],
    [[], 'query.filter', /must be an object whose keys are operators.*; got an array/],
    ['eq', 'query.filter', /must be an object/],
    [{ eq: {} }, 'query.filter.eq', /names no field/],
    [{ eq: [] }, 'query.filter.eq', /takes an object mapping field paths/],
    [{ eq: 'gid' }, 'query.filter.eq', /takes an object mapping field paths/],
    [{ and: [] }, 'query.filter.and', /and needs at least one condition/],
    [{ or: [] }, 'query.filter.or', /or needs at least one condition/],
    [{ and: { eq: { gid: '1' } } }, 'query.filter.and', /and takes an array of conditions; got an object/],
    [{ not: [] }, 'query.filter.not', /must be an object/],
    [{ not: {} }, 'query.filter.not', /needs at least one operator/],
    [{ and: [{ eq: { gid: '1' } }, 7] }, 'query.filter.and[1]', /got 7/],
  ])('%j is refused at %s', (filter, field, message) => {
    const error = filterFailure(filter);
    expect(error.details).toHaveLength(1);
    expect(error.details[0]).toMatchObject({ field, error_code: 'invalid_query' });
    expect(error.details[0]!.message).toMatch(message);
  });

  it('hints at the operator form when a field is used as an operator', () => {
    expect(filterFailure({ completed: false }).details[0]!.message).toContain('{"eq": {"completed": ...}}');
  });

  it('names the exact JSON path of a fault deep in the tree', () => {
    const error = filterFailure({
      and: [{ eq: { gid: '1' } }, { eq: { completed: 'no' } }],
    });
    expect(faultFields(error)).toEqual(['query.filter.and[1].eq.completed']);

    const deep = filterFailure({
      or: [{ not: { and: [{ eq: { gid: '1' } }, { in: { 'projects.gid': [{}] } }] } }],
    });
    expect(faultFields(deep)).toEqual(['query.filter.or[0].not.and[1].in.projects.gid[0]']);
  });

  it('collects every fault, not just the first', () => {
    const error = filterFailure({
      and: [{ eq: { completed: 'yes' } }, { gt: { completed: true } }, { nope: 1 }, { eq: { missing: 1 } }],
      or: [],
      not: { like: { num_likes: 'x' } },
    });
    expect(faultFields(error)).toEqual([
      'query.filter.and[0].eq.completed',
      'query.filter.and[1].gt.completed',
      'query.filter.and[2].nope',
      'query.filter.and[3].eq.missing',
      'query.filter.or',
      'query.filter.not.like.num_likes',
    ]);
    expect(error.message).toMatch(
      /^invalid search: query\.filter\.and\[0\]\.eq\.completed: .*\(and 3 more\)$/,
    );
  });

  it('caps the faults reported and counts the rest in the message', () => {
    const bad = Object.fromEntries(Array.from({ length: 80 }, (_, index) => [`unknown${index}`, 1]));
    const error = filterFailure({ eq: bad });
    expect(error.details).toHaveLength(SEARCH_LIMITS.maxFaults);
    expect(error.message).toContain(`(and ${80 - 3} more)`);
  });
});

describe('parseSearchParams: sort', () => {
  it('normalizes sort elements to paths and directions, in priority order', () => {
    expect(
      parseSearchParams({ query: { sort: [{ due_on: 'asc' }, { 'assignee.name': 'desc' }] } }, FIELDS).sort,
    ).toEqual([
      { field: 'due_on', path: ['due_on'], fieldType: 'string', direction: 'asc' },
      { field: 'assignee', path: ['assignee', 'name'], fieldType: 'object', direction: 'desc' },
    ]);
  });

  it('is empty when absent or null', () => {
    expect(parseSearchParams({ query: {} }, FIELDS).sort).toEqual([]);
    expect(parseSearchParams({ query: { sort: null } }, FIELDS).sort).toEqual([]);
    expect(parseSearchParams({ query: { sort: [] } }, FIELDS).sort).toEqual([]);
  });

  it.each([
    [{ a: 'asc', b: 'desc' }, 'query.sort[0]', /exactly one field, this one names 2 \(a, b\)/],
    [{}, 'query.sort[0]', /names no field/],
    ['due_on', 'query.sort[0]', /is an object/],
    [['due_on', 'asc'], 'query.sort[0]', /is an object/],
    [{ due_on: 'up' }, 'query.sort[0].due_on', /"asc" or "desc"; got "up"/],
    [{ due_on: 'ASC' }, 'query.sort[0].due_on', /"asc" or "desc"/],
    [{ due_on: 1 }, 'query.sort[0].due_on', /"asc" or "desc"; got 1/],
    [{ colour: 'asc' }, 'query.sort[0].colour', /unknown field "colour"/],
    [{ assignee: 'asc' }, 'query.sort[0].assignee', /object field; sort by one of its sub-fields/],
    [{ tags: 'asc' }, 'query.sort[0].tags', /array field/],
    [{ 'projects.name': 'asc' }, 'query.sort[0].projects.name', /array field/],
    [{ 'completed.x': 'asc' }, 'query.sort[0].completed.x', /no sub-fields/],
  ])('element %j is refused at %s', (element, field, message) => {
    const error = failure({ query: { sort: [element] } });
    expect(error.code).toBe('invalid_query');
    expect(error.details).toHaveLength(1);
    expect(error.details[0]).toMatchObject({ field, error_code: 'invalid_query' });
    expect(error.details[0]!.message).toMatch(message);
  });

  it('refuses a sort that is not an array, too long, or repeats a key', () => {
    expect(faultFields(failure({ query: { sort: { due_on: 'asc' } } }))).toEqual(['query.sort']);
    const tooMany = Array.from({ length: SEARCH_LIMITS.maxSortKeys + 1 }, () => ({ due_on: 'asc' }));
    expect(faultFields(failure({ query: { sort: tooMany } }))).toEqual(['query.sort']);
    expect(failure({ query: { sort: [{ due_on: 'asc' }, { due_on: 'desc' }] } }).details).toEqual([
      {
        field: 'query.sort[1].due_on',
        message: '"due_on" is already a sort key',
        error_code: 'invalid_query',
      },
    ]);
  });

  it('reports an unknown field and a bad direction of one element together', () => {
    expect(faultFields(failure({ query: { sort: [{ colour: 'up' }] } }))).toEqual([
      'query.sort[0].colour',
      'query.sort[0].colour',
    ]);
  });
});

describe('parseSearchParams: fields', () => {
  it('normalizes both path forms to arrays of segments, dropping repeats', () => {
    expect(
      parseSearchParams(
        { query: {}, fields: ['gid', 'assignee.name', ['assignee', 'name'], ['projects', 'gid'], 'gid'] },
        FIELDS,
      ).fields,
    ).toEqual([['gid'], ['assignee', 'name'], ['projects', 'gid']]);
  });

  it('is null when absent or null, meaning every field', () => {
    expect(parseSearchParams({ query: {} }, FIELDS).fields).toBeNull();
    expect(parseSearchParams({ query: {}, fields: null }, FIELDS).fields).toBeNull();
  });

  it.each([
    ['gid', 'fields', /must be an array of paths/],
    [[], 'fields', /names no path/],
    [[5], 'fields[0]', /a path is a dot string or an array of segments; got 5/],
    [[''], 'fields[0]', /not a field path/],
    [[[]], 'fields[0]', /at least one segment/],
    [[['assignee', 3]], 'fields[0][1]', /non-empty string; got 3/],
    [[['assignee', '']], 'fields[0][1]', /non-empty string/],
    [[['assignee.name']], 'fields[0][0]', /one segment per element: write \["assignee","name"\]/],
    [['colour'], 'fields[0]', /unknown field "colour"/],
    [['name.first'], 'fields[0]', /no sub-fields/],
  ])('%j is refused at %s', (fields, field, message) => {
    const error = failure({ query: {}, fields });
    expect(error.code).toBe('invalid_query');
    expect(error.details).toHaveLength(1);
    expect(error.details[0]).toMatchObject({ field, error_code: 'invalid_query' });
    expect(error.details[0]!.message).toMatch(message);
  });

  it('bounds the number of paths', () => {
    const many = Array.from({ length: SEARCH_LIMITS.maxFields + 1 }, () => 'gid');
    expect(faultFields(failure({ query: {}, fields: many }))).toEqual(['fields']);
  });
});

describe('parseSearchParams: limit, cursor and the params object', () => {
  it('defaults limit to 1000, and treats null as absent', () => {
    expect(parseSearchParams({ query: {} }, FIELDS)).toEqual({
      filter: null,
      sort: [],
      fields: null,
      limit: 1000,
      cursor: null,
    });
    expect(parseSearchParams({ query: {}, limit: null }, FIELDS).limit).toBe(1000);
  });

  it('accepts limits from 1 to 10000', () => {
    expect(parseSearchParams({ query: {}, limit: 1 }, FIELDS).limit).toBe(1);
    expect(parseSearchParams({ query: {}, limit: 10_000 }, FIELDS).limit).toBe(10_000);
  });

  it.each([0, -1, 10_001, 2.5, '25', true, [10]])('refuses limit %j with invalid_param', (limit) => {
    const error = failure({ query: {}, limit });
    expect(error.code).toBe('invalid_param');
    expect(error.details).toEqual([expect.objectContaining({ field: 'limit', error_code: 'invalid_param' })]);
  });

  it('keeps the cursor as given and refuses a cursor that is not a string', () => {
    expect(parseSearchParams({ query: {}, cursor: 'abc' }, FIELDS).cursor).toBe('abc');
    expect(parseSearchParams({ query: {}, cursor: null }, FIELDS).cursor).toBeNull();
    for (const cursor of [5, '', {}]) {
      const error = failure({ query: {}, cursor });
      expect(error.code).toBe('invalid_cursor');
      expect(error.details).toEqual([
        expect.objectContaining({ field: 'cursor', error_code: 'invalid_cursor' }),
      ]);
    }
  });

  it('requires query, with missing_param', () => {
    for (const params of [{}, { query: null }, { limit: 5 }]) {
      const error = failure(params);
      expect(error.code).toBe('missing_param');
      expect(error.details).toEqual([
        expect.objectContaining({ field: 'query', error_code: 'missing_param' }),
      ]);
    }
  });

  it('refuses a query that is not an object, and unknown keys in it', () => {
    expect(failure({ query: 'completed' }).details).toEqual([
      expect.objectContaining({ field: 'query', error_code: 'invalid_query' }),
    ]);
    expect(failure({ query: { filters: {} } }).details).toEqual([
      expect.objectContaining({ field: 'query.filters', error_code: 'invalid_query' }),
    ]);
  });

  it('treats a null filter as none', () => {
    expect(parseSearchParams({ query: { filter: null } }, FIELDS).filter).toBeNull();
  });

  it('refuses unknown params with invalid_param, and params that are not an object', () => {
    const unknown = failure({ query: {}, offset: 'x' });
    expect(unknown.code).toBe('invalid_param');
    expect(unknown.details).toEqual([
      expect.objectContaining({ field: 'offset', error_code: 'invalid_param' }),
    ]);

    expect(failure('query').details).toEqual([expect.objectContaining({ error_code: 'invalid_param' })]);
    expect(failure('query').details[0]!.field).toBeUndefined();
    expect(failure(undefined).code).toBe('missing_param');
  });

  it('says invalid_query when query faults mix with param faults', () => {
    const error = failure({ query: { filter: { eq: { nope: 1 } } }, limit: 0 });
    expect(error.code).toBe('invalid_query');
    expect(faultFields(error)).toEqual(['query.filter.eq.nope', 'limit']);
  });

  it('parses the example of the reference documentation', () => {
    const search = parseSearchParams(
      {
        query: {
          filter: {
            and: [
              { eq: { completed: false } },
              { lt: { due_on: '2026-05-01' } },
              { fuzzy: { name: 'launch plan' } },
            ],
          },
          sort: [{ due_on: 'asc' }],
        },
        limit: 25,
        fields: [['gid'], ['name'], ['assignee', 'name']],
      },
      FIELDS,
    );
    expect(search.limit).toBe(25);
    expect(search.filter).toMatchObject({
      kind: 'and',
      conditions: [{ op: 'eq' }, { op: 'lt' }, { op: 'fuzzy' }],
    });
    expect(search.fields).toEqual([['gid'], ['name'], ['assignee', 'name']]);
  });
});
