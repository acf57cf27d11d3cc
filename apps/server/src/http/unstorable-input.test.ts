import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { CreatedConnectorSchema, ErrorBodySchema } from '@conduit/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import { createSearchExtension } from '../search/search-extension';
import { conformanceRecords } from '../search/test-support/conformance-dataset';
import { writeRecords } from '../search/test-support/search-fixture';
import type { Store } from '../store/store';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { TestApp } from '../test-support/test-app';
import { hasLoneSurrogate } from './storable-text';

const CONNECTORS = '/v1/integrations/connectors';

// encodeURIComponent throws on a lone surrogate: send its UTF-8-like bytes, as a hostile client would.
const encode = (text: string) =>
  hasLoneSurrogate(text)
    ? `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`
    : encodeURIComponent(text);

/** Strings PostgreSQL refuses to store or compare, and the edges around them. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '\ud83d\ude00', 'é'),
  fc.integer({ min: 200, max: 3000 }).map((length) => 'a'.repeat(length)),
  fc.integer({ min: 200, max: 600 }).map((length) => 'é'.repeat(length)),
);

// The statuses each store answered the fuzzed requests with, in order: they must be the same.
const outcomes: Record<string, number[]> = {};

describe.each(['sqlite', 'postgres'] as const)('input the database refuses, on %s', (kind) => {
  let app: StoredTestApp;
  let store: Store;
  let t: TestApp;
  let token: string;
  let connectorId: string;

  beforeAll(async () => {
    const extensions = [createExecuteExtension(), createSearchExtension()];
    app = await startStoredTestApp(kind, `unstorable_${kind}`, { extensions });
    ({ store, t } = app);
    token = await t.applicationToken();
    const created = await t.request('POST', CONNECTORS, {
      token,
      body: { external_user_id: 'searcher', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    connectorId = CreatedConnectorSchema.parse(created.body).id;
    await writeRecords(store, connectorId, 'tasks', SEARCHABLE_FIELDS.tasks, conformanceRecords(40));
  });
  afterAll(async () => {
    await app?.close();
  });

  const search = (filter: unknown) =>
    t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
      token,
      body: { entity: 'tasks', action: 'search', params: { query: { filter } } },
    });
  const create = (body: Record<string, unknown>) =>
    t.request('POST', CONNECTORS, {
      token,
      body: { external_user_id: 'u', connector_type: 'asana', credentials: { token: 'pat' }, ...body },
    });
  const fieldOf = (body: unknown) => (body as { errors: { field?: string }[] }).errors[0]?.field;

  it('refuses a fuzzy word too long to compare with 400 naming it', async () => {
    for (const length of [256, 300, 3000]) {
      const response = await search({ fuzzy: { name: 'a'.repeat(length) } });
      expect(response.status, response.text).toBe(400);
      expect(fieldOf(response.body)).toBe('query.filter.fuzzy.name');
    }
    expect((await search({ fuzzy: { name: 'a'.repeat(255) } })).status).toBe(200);
  });

  it('refuses a lone surrogate in a compared value with 400 naming it', async () => {
    const response = await search({ eq: { 'assignee.name': '\ud800' } });
    expect(response.status, response.text).toBe(400);
    expect(fieldOf(response.body)).toBe('params.query.filter.eq.assignee.name');
  });

  it('refuses U+0000 in a connector name, an external_user_id and a path segment', async () => {
    const named = await create({ name: 'bad\u0000name' });
    expect(named.status, named.text).toBe(400);
    expect(fieldOf(named.body)).toBe('name');
    const user = await create({ external_user_id: 'u\u0000' });
    expect(user.status, user.text).toBe(400);
    expect(fieldOf(user.body)).toBe('external_user_id');
    const path = await t.request('GET', `${CONNECTORS}/abc%00def`, { token });
    expect(path.status, path.text).toBe(400);
    expect(fieldOf(path.body)).toBe('id');
    const listed = await t.request('GET', `${CONNECTORS}?external_user_id=a%00b`, { token });
    expect(listed.status, listed.text).toBe(400);
    expect(fieldOf(listed.body)).toBe('external_user_id');
  });

  it('answers no 500 to fuzzed text anywhere, identically on both stores', async () => {
    const statuses = new Map<number, number>();
    const sequence: number[] = [];
    outcomes[kind] = sequence;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('create', 'eq', 'fuzzy', 'keyword', 'like', 'in', 'path', 'list', 'scoped'),
        hostileText,
        async (where, text) => {
          let response: Awaited<ReturnType<TestApp['request']>>;
          switch (where) {
            case 'create':
              response = await create({ name: text, external_user_id: text.slice(0, 200) || 'u' });
              break;
            case 'path':
              response = await t.request('GET', `${CONNECTORS}/${encode(text)}`, { token });
              break;
            case 'list':
              response = await t.request('GET', `${CONNECTORS}?external_user_id=${encode(text)}`, {
                token,
              });
              break;
            case 'scoped':
              response = await t.request('POST', '/api/v1/account/applications/scoped-token', {
                token,
                body: { external_user_id: text },
              });
              break;
            case 'in':
              response = await search({ in: { name: [text, 'x'] } });
              break;
            default:
              response = await search({ [where]: { name: text } });
          }
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          sequence.push(response.status);
          expect(
            response.status,
            `${where} ${JSON.stringify(text).slice(0, 80)}: ${response.text}`,
          ).toBeLessThan(500);
          if (response.status >= 400) expect(ErrorBodySchema.safeParse(response.body).success).toBe(true);
        },
      ),
      { numRuns: 300, seed: 12 },
    );
    expect(statuses.get(500) ?? 0).toBe(0);
    expect(t.logs.entries().filter((entry) => entry.level === 'error')).toEqual([]);
    if (outcomes.sqlite && outcomes.postgres) expect(outcomes.postgres).toEqual(outcomes.sqlite);
  }, 120_000);
});
