import type { SearchFieldType, SearchHit } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { SearchEngine } from './search-engine';
import { SEARCH_MIGRATIONS } from './search-migrations';
import { createTestConnector, writeRecords } from './test-support/search-fixture';

// `eq` and `in` on the field records are stored under go through the table's key: these cases
// pin that the answers stay those of a plain, type-exact comparison of the stored value.

/** A support-desk kind of entity: integer ids. */
const TICKET_FIELDS: Readonly<Record<string, SearchFieldType>> = { id: 'integer', subject: 'string' };
/** A task-management kind: string ids. */
const TASK_FIELDS: Readonly<Record<string, SearchFieldType>> = { gid: 'string', name: 'string' };

const TICKETS: Record<string, unknown>[] = [
  ...Array.from({ length: 1200 }, (_, index) => ({ id: index + 1, subject: `ticket ${index + 1}` })),
  { id: 0, subject: 'zero' },
  { id: -3, subject: 'negative' },
  { id: 1300 },
  // Stored under the key 7000, but its id is not of the declared type: its stored value is null.
  { id: '7000', subject: 'string id' },
];
const TASKS: Record<string, unknown>[] = [
  ...Array.from({ length: 300 }, (_, index) => ({ gid: String(index + 1), name: `task ${index + 1}` })),
  { gid: '0042', name: 'leading zero' },
  { gid: 'Ünïcode', name: 'letters' },
  // Stored under the key 42, with a null gid in its data.
  { gid: 77_777, name: 'number gid' },
];

/** The value a record holds for `field` once stored: null unless of the declared type. */
function storedValue(record: Record<string, unknown>, field: string, type: SearchFieldType): unknown {
  const value = record[field];
  if (type === 'integer') return typeof value === 'number' ? value : null;
  return typeof value === 'string' ? value : null;
}

/** The keys `in` must find, computed from the records with a type-exact comparison. */
function expectedIds(
  records: readonly Record<string, unknown>[],
  field: string,
  type: SearchFieldType,
  values: readonly unknown[],
): string[] {
  return records
    .filter((record) => {
      const stored = storedValue(record, field, type);
      return values.some((value) => (value === null ? stored === null : stored === value));
    })
    .map((record) => String(record[field]))
    .sort();
}

interface Backend {
  readonly kind: 'sqlite' | 'postgres';
  readonly location: TestStoreLocation;
  readonly store: Store;
  readonly engine: SearchEngine;
  readonly connectorId: string;
}

const backends: Backend[] = [];

beforeAll(async () => {
  for (const kind of ['sqlite', 'postgres'] as const) {
    const location = await testStoreLocation(kind, `search_record_id_${kind}`);
    const store = await location.open();
    await store.migrate(SEARCH_MIGRATIONS);
    const connectorId = await createTestConnector(store);
    await writeRecords(store, connectorId, 'tickets', TICKET_FIELDS, TICKETS);
    await writeRecords(store, connectorId, 'tasks', TASK_FIELDS, TASKS);
    backends.push({ kind, location, store, engine: new SearchEngine(store), connectorId });
  }
}, 120_000);

afterAll(async () => {
  for (const backend of backends) {
    await backend.store.close();
    await backend.location.cleanup();
  }
});

async function hitIds(
  backend: Backend,
  entity: string,
  fields: Readonly<Record<string, SearchFieldType>>,
  filter: unknown,
): Promise<string[]> {
  const hits: SearchHit[] = [];
  let cursor: string | null = null;
  do {
    const params: Record<string, unknown> = { query: { filter }, limit: 1000 };
    const page = await backend.engine.search(
      { connectorId: backend.connectorId, entity, fields },
      cursor === null ? params : { ...params, cursor },
    );
    hits.push(...page.hits);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return hits.map((hit) => hit.id).sort();
}

async function expectOnBoth(
  entity: string,
  fields: Readonly<Record<string, SearchFieldType>>,
  filter: unknown,
  expected: readonly string[],
): Promise<void> {
  for (const backend of backends) {
    const ids = await hitIds(backend, entity, fields, filter);
    expect({ store: backend.kind, ids }).toEqual({ store: backend.kind, ids: [...expected].sort() });
  }
}

const LARGE_INTEGERS = Array.from({ length: 1000 }, (_, index) => 2 * index + 1);
const LARGE_STRINGS = Array.from({ length: 1000 }, (_, index) => String(3 * index));

describe.each([
  { name: 'integer ids', values: [5, 17, 1199, 0, -3] },
  { name: 'the stored key of a mistyped id', values: [7000] },
  { name: 'ids no record is stored under', values: [5, 123_456, -1] },
  { name: 'null in the list', values: [5, null, 6] },
  { name: 'only null', values: [null] },
  { name: 'repeated values', values: [8, 8, 8.0] },
  { name: 'a large list', values: LARGE_INTEGERS },
  { name: 'a large list with null', values: [...LARGE_INTEGERS.slice(1), null] },
])('in on an integer record id: $name', ({ values }) => {
  it('finds the records whose stored id is one of the values, on both stores', async () => {
    const expected = expectedIds(TICKETS, 'id', 'integer', values);
    await expectOnBoth('tickets', TICKET_FIELDS, { in: { id: values } }, expected);
    const others = TICKETS.map((record) => String(record.id)).filter((id) => !expected.includes(id));
    await expectOnBoth('tickets', TICKET_FIELDS, { not: { in: { id: values } } }, others);
  });
});

describe.each([
  { name: 'string ids', values: ['1', '2', '300', 'Ünïcode', '0042'] },
  { name: 'the stored key of a mistyped id', values: ['77777'] },
  { name: 'the empty string and null', values: ['3', '', null] },
  { name: 'a large list', values: LARGE_STRINGS },
])('in on a string record id: $name', ({ values }) => {
  it('finds the records whose stored gid is one of the values, on both stores', async () => {
    const expected = expectedIds(TASKS, 'gid', 'string', values);
    await expectOnBoth('tasks', TASK_FIELDS, { in: { gid: values } }, expected);
    const others = TASKS.map((record) => String(record.gid)).filter((id) => !expected.includes(id));
    await expectOnBoth('tasks', TASK_FIELDS, { not: { in: { gid: values } } }, others);
  });
});

describe('values of another type than the id field', () => {
  it('are refused, as on any other field (an id written as a string never finds an integer id)', async () => {
    for (const backend of backends) {
      await expect(
        hitIds(backend, 'tickets', TICKET_FIELDS, { in: { id: [5, '17'] } }),
      ).rejects.toMatchObject({
        status: 400,
      });
      await expect(
        hitIds(backend, 'tasks', TASK_FIELDS, { in: { gid: ['1', 2, true] } }),
      ).rejects.toMatchObject({
        status: 400,
      });
    }
  });
});

describe('in on another top-level field', () => {
  it('reads the value once and stays two-valued where it is missing', async () => {
    const subjects = ['ticket 1', 'ticket 2', 'zero', 'nothing like it'];
    await expectOnBoth('tickets', TICKET_FIELDS, { in: { subject: subjects } }, ['0', '1', '2']);
    const others = TICKETS.map((record) => String(record.id)).filter((id) => !['0', '1', '2'].includes(id));
    expect(others).toContain('1300');
    await expectOnBoth('tickets', TICKET_FIELDS, { not: { in: { subject: subjects } } }, others);
    await expectOnBoth('tickets', TICKET_FIELDS, { in: { subject: ['zero', null] } }, ['0', '1300']);
  });
});

describe('eq on the record id', () => {
  it('compares the stored value, as before', async () => {
    await expectOnBoth('tickets', TICKET_FIELDS, { eq: { id: 42 } }, ['42']);
    await expectOnBoth('tickets', TICKET_FIELDS, { eq: { id: 7000 } }, []);
    await expectOnBoth('tickets', TICKET_FIELDS, { eq: { id: null } }, ['7000']);
    await expectOnBoth('tasks', TASK_FIELDS, { eq: { gid: '42' } }, ['42']);
    await expectOnBoth('tasks', TASK_FIELDS, { eq: { gid: '77777' } }, []);
    await expectOnBoth('tasks', TASK_FIELDS, { eq: { gid: null } }, ['77777']);
    await expectOnBoth('tasks', TASK_FIELDS, { and: [{ eq: { gid: '7' } }, { like: { name: 'task%' } }] }, [
      '7',
    ]);
    await expectOnBoth('tasks', TASK_FIELDS, { or: [{ eq: { gid: '7' } }, { in: { gid: ['8', '9'] } }] }, [
      '7',
      '8',
      '9',
    ]);
  });
});
