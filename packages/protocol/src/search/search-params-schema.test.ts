import { describe, expect, expectTypeOf, it } from 'vitest';
import { SEARCH_LIMITS } from './search-limits';
import {
  type SearchCondition,
  SearchConditionSchema,
  SearchFieldPathSchema,
  type SearchParams,
  type SearchParamsOutput,
  SearchParamsSchema,
  SearchQuerySchema,
  SearchSortSchema,
  searchConditionSizeFault,
} from './search-params-schema';

describe('SearchConditionSchema', () => {
  it('accepts every operator, nested', () => {
    const condition = {
      eq: { completed: false, 'assignee.gid': '1' },
      neq: { name: null },
      gt: { num_likes: 1 },
      gte: { due_on: '2026-01-01' },
      lt: { num_likes: 9 },
      lte: { due_on: '2026-12-31' },
      in: { gid: ['1', '2'] },
      like: { name: 'launch%' },
      fuzzy: { name: 'lanch' },
      keyword: { notes: 'budget review' },
      and: [{ eq: { a: 1 } }, { or: [{ eq: { b: 2 } }, { not: { eq: { c: 3 } } }] }],
    };
    expect(SearchConditionSchema.parse(condition)).toEqual(condition);
  });

  it('refuses unknown operators, empty conditions, empty maps and empty lists', () => {
    expect(SearchConditionSchema.safeParse({ foo: { a: 1 } }).success).toBe(false);
    expect(SearchConditionSchema.safeParse({}).success).toBe(false);
    expect(SearchConditionSchema.safeParse({ eq: {} }).success).toBe(false);
    expect(SearchConditionSchema.safeParse({ and: [] }).success).toBe(false);
    expect(SearchConditionSchema.safeParse({ in: { a: 'x' } }).success).toBe(false);
    expect(SearchConditionSchema.safeParse({ eq: { a: { b: 1 } } }).success).toBe(false);
    expect(SearchConditionSchema.safeParse({ gt: { a: true } }).success).toBe(false);
    expect(SearchConditionSchema.safeParse({ like: { a: '' } }).success).toBe(false);
  });

  it('reports the path of a nested fault', () => {
    const result = SearchConditionSchema.safeParse({ and: [{ eq: { a: 1 } }, { gt: { a: null } }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.slice(0, 3)).toEqual(['and', 1, 'gt']);
  });

  it('refuses hostile nesting before recursing into it', () => {
    let deep: unknown = { eq: { a: 1 } };
    for (let level = 0; level < 200_000; level += 1) deep = { not: deep };
    const result = SearchConditionSchema.safeParse(deep);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('deeper than');
  });
});

describe('searchConditionSizeFault', () => {
  it('accepts the limits and refuses one more', () => {
    let atLimit: unknown = { eq: { a: 1 } };
    for (let level = 1; level < SEARCH_LIMITS.maxDepth; level += 1) atLimit = { not: atLimit };
    expect(searchConditionSizeFault(atLimit)).toBeUndefined();
    expect(searchConditionSizeFault({ not: atLimit })).toContain('deeper');

    const wide = { or: Array.from({ length: SEARCH_LIMITS.maxConditions }, () => ({ eq: { a: 1 } })) };
    expect(searchConditionSizeFault(wide)).toContain('at most');
    const many = {
      eq: Object.fromEntries(Array.from({ length: SEARCH_LIMITS.maxConditions }, (_, i) => [`f${i}`, 1])),
    };
    expect(searchConditionSizeFault(many)).toContain('at most');
  });

  it('ignores what is not a condition', () => {
    expect(searchConditionSizeFault('x')).toBeUndefined();
    expect(searchConditionSizeFault({ and: 'x', not: 5 })).toBeUndefined();
  });
});

describe('SearchSortSchema and SearchFieldPathSchema', () => {
  it('accepts one field per sort element with asc or desc', () => {
    expect(SearchSortSchema.parse([{ due_on: 'asc' }, { name: 'desc' }])).toHaveLength(2);
    expect(SearchSortSchema.safeParse([{ due_on: 'asc', name: 'desc' }]).success).toBe(false);
    expect(SearchSortSchema.safeParse([{}]).success).toBe(false);
    expect(SearchSortSchema.safeParse([{ due_on: 'up' }]).success).toBe(false);
  });

  it('accepts both path forms', () => {
    expect(SearchFieldPathSchema.parse('assignee.name')).toBe('assignee.name');
    expect(SearchFieldPathSchema.parse(['assignee', 'name'])).toEqual(['assignee', 'name']);
    expect(SearchFieldPathSchema.safeParse([]).success).toBe(false);
    expect(SearchFieldPathSchema.safeParse('').success).toBe(false);
  });
});

describe('SearchParamsSchema', () => {
  it('requires query and defaults limit to 1000', () => {
    expect(SearchParamsSchema.parse({ query: {} })).toEqual({ query: {}, limit: 1000 });
    expect(SearchParamsSchema.parse({ query: {}, limit: null }).limit).toBe(1000);
    expect(SearchParamsSchema.safeParse({}).success).toBe(false);
  });

  it('bounds limit from 1 to 10000', () => {
    expect(SearchParamsSchema.parse({ query: {}, limit: 10_000 }).limit).toBe(10_000);
    expect(SearchParamsSchema.safeParse({ query: {}, limit: 0 }).success).toBe(false);
    expect(SearchParamsSchema.safeParse({ query: {}, limit: 10_001 }).success).toBe(false);
    expect(SearchParamsSchema.safeParse({ query: {}, limit: 2.5 }).success).toBe(false);
  });

  it('refuses unknown keys at both levels', () => {
    expect(SearchParamsSchema.safeParse({ query: {}, offset: 'x' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ filters: {} }).success).toBe(false);
  });

  it('accepts the full shape', () => {
    const params = {
      query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' as const }] },
      limit: 25,
      cursor: 'abc',
      fields: ['gid', ['assignee', 'name']],
    };
    expect(SearchParamsSchema.parse(params)).toEqual(params);
  });
});

describe('inferred types', () => {
  it('type the filter as a condition on input and output, and limit as optional input', () => {
    expectTypeOf<NonNullable<SearchParams['query']['filter']>>().toEqualTypeOf<SearchCondition>();
    expectTypeOf<NonNullable<SearchParamsOutput['query']['filter']>>().toEqualTypeOf<SearchCondition>();
    expectTypeOf<SearchParams['limit']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<SearchParamsOutput['limit']>().toEqualTypeOf<number>();
    expectTypeOf<NonNullable<SearchCondition['not']>>().toEqualTypeOf<SearchCondition>();
    expectTypeOf<SearchParams>().toHaveProperty('query');
  });
});
