import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { parseSearchParams, type SearchEnvelope, type SearchHit } from '@conduit/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { SearchEngine } from './search-engine';
import { SEARCH_MIGRATIONS } from './search-migrations';
import { conformanceRecords, NAMES } from './test-support/conformance-dataset';
import { referenceSearch } from './test-support/reference-search';
import { createTestConnector, writeRecords } from './test-support/search-fixture';

const FIELDS = SEARCHABLE_FIELDS.tasks;
const RECORDS = conformanceRecords();

interface Backend {
  readonly kind: 'sqlite' | 'postgres';
  location: TestStoreLocation;
  store: Store;
  engine: SearchEngine;
  connectorId: string;
}

const backends: Backend[] = [];

beforeAll(async () => {
  for (const kind of ['sqlite', 'postgres'] as const) {
    const location = await testStoreLocation(kind, `search_conformance_${kind}`);
    const store = await location.open();
    await store.migrate(SEARCH_MIGRATIONS);
    const connectorId = await createTestConnector(store);
    // Written in three batches, the last one rewriting a third of the records unchanged and
    // another third changed back and forth, so the vocabulary has seen updates too.
    await writeRecords(store, connectorId, 'tasks', FIELDS, RECORDS.slice(0, 150), 1);
    await writeRecords(
      store,
      connectorId,
      'tasks',
      FIELDS,
      RECORDS.slice(100).map((record) => ({ ...record, name: 'temporary name' })),
      1,
    );
    await writeRecords(store, connectorId, 'tasks', FIELDS, RECORDS.slice(100), 2);
    backends.push({ kind, location, store, engine: new SearchEngine(store), connectorId });
  }
});

afterAll(async () => {
  for (const backend of backends) {
    await backend.store.close();
    await backend.location.cleanup();
  }
});

/** Every hit of a search, page after page through `next_cursor`. */
async function allHits(backend: Backend, params: Record<string, unknown>): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  let cursor: string | null = null;
  const limit = (params.limit as number | undefined) ?? 1000;
  for (let pages = 0; pages < 1000; pages += 1) {
    const page: SearchEnvelope = await backend.engine.search(
      { connectorId: backend.connectorId, entity: 'tasks', fields: FIELDS },
      cursor === null ? params : { ...params, cursor },
    );
    expect(page.hits.length).toBeLessThanOrEqual(limit);
    expect(page.took_ms).toBeGreaterThanOrEqual(0);
    hits.push(...page.hits);
    if (page.next_cursor === null) return hits;
    expect(page.hits.length).toBe(limit);
    cursor = page.next_cursor;
  }
  throw new Error('paging did not end');
}

async function expectConformance(params: Record<string, unknown>): Promise<void> {
  const expected = referenceSearch(RECORDS, parseSearchParams(params, FIELDS)).map((hit) => [
    hit.id,
    hit.score,
  ]);
  for (const backend of backends) {
    const actual = (await allHits(backend, params)).map((hit) => [hit.id, hit.score]);
    expect({ store: backend.kind, hits: actual }).toEqual({ store: backend.kind, hits: expected });
  }
}

const HAND_WRITTEN: Record<string, unknown>[] = [
  { query: {} },
  { query: { filter: { eq: { completed: true } } } },
  { query: { filter: { eq: { completed: null } } } },
  { query: { filter: { neq: { completed: true } } } },
  { query: { filter: { neq: { due_on: null } } } },
  { query: { filter: { eq: { due_on: '2025-03-01' } }, sort: [{ modified_at: 'desc' }] } },
  {
    query: {
      filter: { gte: { due_on: '2025-01-05' }, lt: { due_on: '2025-03-01' } },
      sort: [{ due_on: 'asc' }],
    },
  },
  { query: { filter: { gt: { num_subtasks: 1 } }, sort: [{ num_subtasks: 'desc' }, { name: 'asc' }] } },
  { query: { filter: { lte: { actual_time_minutes: 0 } } } },
  { query: { filter: { eq: { 'assignee.gid': '9002' } } } },
  { query: { filter: { eq: { 'assignee.gid': null } } } },
  { query: { filter: { eq: { assignee: null } } } },
  { query: { filter: { neq: { assignee: null } } } },
  { query: { filter: { eq: { 'assignee.name': null } } } },
  { query: { filter: { eq: { 'followers.gid': '9001' } } } },
  { query: { filter: { neq: { 'followers.gid': '9001' } } } },
  { query: { filter: { eq: { 'followers.gid': null } } } },
  { query: { filter: { eq: { followers: null } } } },
  { query: { filter: { eq: { 'tags.name': 'bug' } } } },
  { query: { filter: { in: { 'tags.name': ['Bug', 'café', null] } } } },
  { query: { filter: { in: { due_on: ['2025-01-05', null] } } } },
  { query: { filter: { in: { 'assignee.gid': ['9001', '9003'] } } } },
  { query: { filter: { in: { completed: [false] } } } },
  { query: { filter: { in: { name: [] } } } },
  { query: { filter: { eq: { 'memberships.section.name': 'Done' } } } },
  { query: { filter: { gt: { 'custom_fields.number_value': 12.5 } } } },
  { query: { filter: { eq: { 'custom_fields.number_value': 5 } } } },
  { query: { filter: { eq: { 'external.data': 3 } } } },
  { query: { filter: { eq: { 'external.data': '10' } } } },
  { query: { filter: { eq: { 'external.data': true } } } },
  { query: { filter: { gt: { 'external.data': 'Beta' } } } },
  { query: { filter: { like: { name: 'launch' } } } },
  { query: { filter: { like: { name: 'CAF_%' } } } },
  { query: { filter: { like: { name: '%é%' } } } },
  { query: { filter: { like: { name: '100%' } } } },
  { query: { filter: { like: { notes: 'sec_rity' } } } },
  { query: { filter: { like: { 'tags.name': 'BU' } } } },
  { query: { filter: { like: { 'assignee.name': 'émile%' } } } },
  { query: { filter: { keyword: { name: 'launch plan' } } } },
  { query: { filter: { keyword: { name: 'CAFE' } } } },
  { query: { filter: { keyword: { notes: 'security review customer' } } } },
  { query: { filter: { keyword: { notes: 'nothingmatchesthis' } } } },
  { query: { filter: { keyword: { html_notes: 'launch' } } } },
  { query: { filter: { keyword: { 'tags.name': 'bug urgent' } } } },
  { query: { filter: { keyword: { 'memberships.section.name': 'waiting progress' } } } },
  { query: { filter: { fuzzy: { name: 'lanch' } } } },
  { query: { filter: { fuzzy: { name: 'resume' } } } },
  { query: { filter: { fuzzy: { name: 'onbaording checklst' } } } },
  { query: { filter: { fuzzy: { name: 'q3 budgit' } } } },
  { query: { filter: { fuzzy: { notes: 'securty recieve' } } } },
  { query: { filter: { fuzzy: { notes: 'x' } } } },
  { query: { filter: { fuzzy: { 'assignee.name': 'emil' } } } },
  { query: { filter: { fuzzy: { 'custom_fields.display_value': 'medum' } } } },
  { query: { filter: { fuzzy: { html_notes: 'relaunh' } } } },
  {
    query: {
      filter: {
        or: [{ keyword: { name: 'launch' } }, { fuzzy: { notes: 'budgit' } }, { eq: { completed: true } }],
      },
    },
  },
  { query: { filter: { not: { keyword: { name: 'launch' } } } } },
  { query: { filter: { and: [{ keyword: { name: 'launch' } }, { not: { eq: { completed: true } } }] } } },
  {
    query: {
      filter: {
        or: [
          {
            and: [
              { eq: { completed: false } },
              { not: { or: [{ eq: { due_on: null } }, { lt: { due_on: '2025-02-01' } }] } },
            ],
          },
          { and: [{ like: { name: 'café' } }, { in: { 'assignee.gid': ['9002', '9003'] } }] },
          { not: { not: { fuzzy: { name: 'zebar' } } } },
        ],
      },
      sort: [{ due_on: 'asc' }, { modified_at: 'desc' }],
    },
  },
  { query: { filter: { eq: { completed: false }, keyword: { notes: 'launch' } }, sort: [{ name: 'desc' }] } },
  { query: { sort: [{ 'assignee.name': 'asc' }] } },
  { query: { sort: [{ 'external.data': 'asc' }] } },
  { query: { sort: [{ 'external.data': 'desc' }, { gid: 'desc' }] } },
  { query: { sort: [{ completed: 'desc' }, { due_on: 'desc' }] } },
  { query: { sort: [{ modified_at: 'asc' }] }, limit: 7 },
  { query: { filter: { keyword: { notes: 'the launch' } } }, limit: 3 },
  { query: { filter: { fuzzy: { name: 'launch' } } }, limit: 2 },
  { query: { filter: { neq: { name: null } }, sort: [{ name: 'asc' }] }, limit: 11 },
];

describe('search conformance: SQLite, PostgreSQL and the reference evaluator agree', () => {
  it.each(HAND_WRITTEN.map((params) => [JSON.stringify(params), params]))('%s', async (_, params) => {
    await expectConformance(params as Record<string, unknown>);
  });

  it('projects data to the requested fields', async () => {
    for (const backend of backends) {
      const page = await backend.engine.search(
        { connectorId: backend.connectorId, entity: 'tasks', fields: FIELDS },
        { query: { filter: { eq: { gid: '10' } } }, fields: ['name', ['assignee', 'gid'], 'followers.gid'] },
      );
      const source = RECORDS.find((record) => record.gid === '10')!;
      const expected: Record<string, unknown> = {};
      if ('name' in source) expected.name = source.name;
      const assignee = source.assignee as { gid?: string } | null | undefined;
      if (assignee && 'gid' in assignee) expected.assignee = { gid: assignee.gid };
      if (Array.isArray(source.followers)) {
        expected.followers = (source.followers as { gid?: string }[]).map((follower) =>
          'gid' in follower ? { gid: follower.gid } : {},
        );
      }
      expect(page.hits).toEqual([{ id: '10', score: 1, data: expected }]);
    }
  });

  it('refuses a cursor of another query', async () => {
    for (const backend of backends) {
      const target = { connectorId: backend.connectorId, entity: 'tasks', fields: FIELDS };
      const first = await backend.engine.search(target, { query: {}, limit: 5 });
      await expect(
        backend.engine.search(target, {
          query: { sort: [{ name: 'asc' }] },
          limit: 5,
          cursor: first.next_cursor,
        }),
      ).rejects.toMatchObject({ code: 'invalid_cursor', status: 400 });
    }
  });
});

// Random queries over the dataset's own values.
const stringPaths = [
  'name',
  'notes',
  'html_notes',
  'due_on',
  'modified_at',
  'resource_subtype',
  'gid',
] as const;
const textPaths = [
  ...stringPaths,
  'assignee.name',
  'tags.name',
  'memberships.section.name',
  'custom_fields.display_value',
];
const integerPaths = ['num_subtasks', 'actual_time_minutes'] as const;
const numberPaths = ['custom_fields.number_value', 'external.data'] as const;
const booleanPaths = ['completed', 'hearted'] as const;
const anyPaths = [
  'assignee.gid',
  'followers.gid',
  'tags.gid',
  'parent.gid',
  'external.data',
  'memberships.project.gid',
  'tags.name',
] as const;
const nullPaths = [
  'assignee',
  'followers',
  'tags',
  'parent',
  'external',
  'custom_fields',
  'memberships',
] as const;

const datasetStrings = [
  ...new Set(RECORDS.flatMap((record) => Object.values(record).filter((value) => typeof value === 'string'))),
] as string[];
const stringValue = fc.oneof(
  fc.constantFrom(...datasetStrings, ...NAMES, '2025-02-01', '9001', '9002', 'alpha', 'Beta', '10', ''),
  fc.string({ maxLength: 4 }),
);
const integerValue = fc.integer({ min: -12, max: 30 });
const numberValue = fc.oneof(integerValue, fc.constantFrom(0.25, 12.5, 24.75, 5));
const scalar = fc.oneof(stringValue, numberValue, fc.boolean());
const words = fc.constantFrom(
  'launch',
  'lanch',
  'plan',
  'cafe',
  'café',
  'CAFÉ',
  'resume',
  'résumé',
  'securty',
  'secrity',
  'budgit',
  'q3',
  'zebra',
  'the',
  'bug',
  'émile',
  'emil',
  'médium',
  'progress',
  'xyz',
  'onboarding',
  'invoice',
  'recieve',
  '2025',
);
const phrase = fc.array(words, { minLength: 1, maxLength: 3 }).map((list) => list.join(' '));
const likePattern = fc.oneof(
  fc.constantFrom('launch', 'LAUNCH%', '%an_h%', 'caf_', '%é%', 'q3%', '_', '%', 'zebra', 'done\\_'),
  stringValue.filter((value) => value.length > 0).map((value) => value.slice(0, 3)),
);

const leaf: fc.Arbitrary<Record<string, unknown>> = fc
  .oneof(
    fc.record({
      op: fc.constantFrom('eq', 'neq'),
      path: fc.constantFrom(...stringPaths),
      value: fc.oneof(stringValue, fc.constant(null)),
    }),
    fc.record({
      op: fc.constantFrom('eq', 'neq'),
      path: fc.constantFrom(...integerPaths),
      value: fc.oneof(integerValue, fc.constant(null)),
    }),
    fc.record({
      op: fc.constantFrom('eq', 'neq'),
      path: fc.constantFrom(...numberPaths),
      value: fc.oneof(numberValue, fc.constant(null)),
    }),
    fc.record({
      op: fc.constantFrom('eq', 'neq'),
      path: fc.constantFrom(...booleanPaths),
      value: fc.oneof(fc.boolean(), fc.constant(null)),
    }),
    fc.record({
      op: fc.constantFrom('eq', 'neq'),
      path: fc.constantFrom(...anyPaths),
      value: fc.oneof(scalar, fc.constant(null)),
    }),
    fc.record({
      op: fc.constantFrom('eq', 'neq'),
      path: fc.constantFrom(...nullPaths),
      value: fc.constant(null),
    }),
    fc.record({
      op: fc.constantFrom('gt', 'gte', 'lt', 'lte'),
      path: fc.constantFrom(...stringPaths),
      value: stringValue,
    }),
    fc.record({
      op: fc.constantFrom('gt', 'gte', 'lt', 'lte'),
      path: fc.constantFrom(...integerPaths),
      value: integerValue,
    }),
    fc.record({
      op: fc.constantFrom('gt', 'gte', 'lt', 'lte'),
      path: fc.constantFrom(...numberPaths),
      value: numberValue,
    }),
    fc.record({
      op: fc.constantFrom('gt', 'gte', 'lt', 'lte'),
      path: fc.constantFrom('external.data', 'assignee.name'),
      value: fc.oneof(stringValue, numberValue),
    }),
    fc.record({
      op: fc.constant('in'),
      path: fc.constantFrom(...stringPaths),
      value: fc.array(fc.oneof(stringValue, fc.constant(null)), { maxLength: 4 }),
    }),
    fc.record({
      op: fc.constant('in'),
      path: fc.constantFrom(...anyPaths),
      value: fc.array(fc.oneof(scalar, fc.constant(null)), { maxLength: 4 }),
    }),
    fc.record({ op: fc.constant('like'), path: fc.constantFrom(...textPaths), value: likePattern }),
    fc.record({
      op: fc.constantFrom('keyword', 'fuzzy'),
      path: fc.constantFrom(...textPaths),
      value: phrase,
    }),
  )
  .map(({ op, path, value }) => ({ [op as string]: { [path as string]: value } }));

const condition: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ node: Record<string, unknown> }>(
  (tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((conditions) => ({ and: conditions })),
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((conditions) => ({ or: conditions })),
      tie('node').map((inner) => ({ not: inner })),
      fc.tuple(leaf, leaf).map(([a, b]) => ({ ...a, ...b })),
    ),
  }),
).node;

const sortKey = fc.constantFrom(
  'name',
  'due_on',
  'modified_at',
  'num_subtasks',
  'completed',
  'assignee.name',
  'external.data',
  'gid',
  'actual_time_minutes',
);
const sortArb = fc
  .uniqueArray(sortKey, { maxLength: 2 })
  .chain((keys) =>
    fc.tuple(...keys.map((key) => fc.constantFrom('asc', 'desc').map((direction) => ({ [key]: direction })))),
  );

const paramsArb = fc
  .record(
    {
      filter: fc.option(condition, { nil: undefined }),
      sort: fc.option(sortArb, { nil: undefined }),
      limit: fc.integer({ min: 1, max: 60 }),
    },
    { requiredKeys: ['limit'] },
  )
  .map(({ filter, sort, limit }) => ({
    query: {
      ...(filter === undefined ? {} : { filter }),
      ...(sort === undefined || sort.length === 0 ? {} : { sort }),
    },
    limit,
  }));

describe('search conformance on random queries', () => {
  it('every generated query gives the reference hits on both stores', async () => {
    await fc.assert(
      fc.asyncProperty(paramsArb, async (params) => {
        await expectConformance(params);
      }),
      { numRuns: 150, seed: 4242, endOnFailure: true },
    );
  }, 300_000);
});
