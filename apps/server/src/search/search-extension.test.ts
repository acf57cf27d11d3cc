import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { CreatedConnectorSchema, type SearchEnvelope } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import type { Store } from '../store/store';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { TestApp } from '../test-support/test-app';
import { createSearchExtension } from './search-extension';
import { conformanceRecords } from './test-support/conformance-dataset';
import { writeRecords } from './test-support/search-fixture';

describe.each(['sqlite', 'postgres'] as const)('search through the execute route on %s', (kind) => {
  let app: StoredTestApp;
  let store: Store;
  let t: TestApp;
  let token: string;
  let connectorId: string;

  const execute = (params: unknown, entity = 'tasks', id = connectorId) =>
    t.request('POST', `/api/v1/connectors/sources/${id}/execute`, {
      token,
      body: { entity, action: 'search', params },
    });

  beforeAll(async () => {
    const extensions = [createExecuteExtension(), createSearchExtension()];
    app = await startStoredTestApp(kind, `search_route_${kind}`, { extensions });
    ({ store, t } = app);
    token = await t.applicationToken();
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: { external_user_id: 'searcher', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    connectorId = CreatedConnectorSchema.parse(created.body).id;
    await writeRecords(store, connectorId, 'tasks', SEARCHABLE_FIELDS.tasks, conformanceRecords(120));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers hits, a cursor bound to the query and took_ms', async () => {
    const response = await execute({
      query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' }] },
      limit: 5,
    });
    expect(response.status).toBe(200);
    const page = response.body as SearchEnvelope;
    expect(page.hits).toHaveLength(5);
    expect(page.hits.every((hit) => hit.score === 1 && hit.data.completed === false)).toBe(true);
    expect(typeof page.took_ms).toBe('number');
    const next = await execute({
      query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' }] },
      limit: 5,
      cursor: page.next_cursor,
    });
    expect(next.status).toBe(200);
    const ids = new Set([...page.hits, ...(next.body as SearchEnvelope).hits].map((hit) => hit.id));
    expect(ids.size).toBe(10);
  });

  it('answers 400 invalid_query with the JSON path of the fault', async () => {
    const unknownField = await execute({
      query: { filter: { and: [{ eq: { completed: true } }, { eq: { colour: 'red' } }] } },
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toMatchObject({
      errors: [{ field: 'query.filter.and[1].eq.colour', error_code: 'invalid_query' }],
    });
    const badOperator = await execute({ query: { filter: { between: { due_on: ['a', 'b'] } } } });
    expect(badOperator.body).toMatchObject({
      errors: [{ field: 'query.filter.between', error_code: 'invalid_query' }],
    });
    const badType = await execute({ query: { filter: { gt: { completed: 1 } } } });
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({
      errors: [{ field: 'query.filter.gt.completed', error_code: 'invalid_query' }],
    });
  });

  it('answers 400 invalid_cursor for a cursor of another query or garbage', async () => {
    const first = (await execute({ query: {}, limit: 2 })).body as SearchEnvelope;
    const other = await execute({ query: { sort: [{ name: 'asc' }] }, limit: 2, cursor: first.next_cursor });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ errors: [{ field: 'cursor', error_code: 'invalid_cursor' }] });
    const garbage = await execute({ query: {}, cursor: 'not-a-cursor' });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ errors: [{ field: 'cursor', error_code: 'invalid_cursor' }] });
  });

  it('answers 400 invalid_cursor for a cursor reused on another entity or connector', async () => {
    await writeRecords(store, connectorId, 'projects', SEARCHABLE_FIELDS.projects, [
      { gid: 'p1', name: 'Alpha' },
      { gid: 'p2', name: 'Beta' },
      { gid: 'p3', name: 'Gamma' },
    ]);
    const first = (await execute({ query: {}, limit: 2 })).body as SearchEnvelope;
    expect(first.next_cursor).not.toBeNull();
    const otherEntity = await execute({ query: {}, limit: 2, cursor: first.next_cursor }, 'projects');
    expect(otherEntity.status).toBe(400);
    expect(otherEntity.body).toMatchObject({ errors: [{ field: 'cursor', error_code: 'invalid_cursor' }] });

    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: { external_user_id: 'searcher-2', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    const secondId = CreatedConnectorSchema.parse(created.body).id;
    await writeRecords(store, secondId, 'tasks', SEARCHABLE_FIELDS.tasks, conformanceRecords(10));
    const otherConnector = await execute(
      { query: {}, limit: 2, cursor: first.next_cursor },
      'tasks',
      secondId,
    );
    expect(otherConnector.status).toBe(400);
    expect(otherConnector.body).toMatchObject({
      errors: [{ field: 'cursor', error_code: 'invalid_cursor' }],
    });
  });

  it('finds nothing in an entity that was never synced', async () => {
    const response = await execute({ query: {} }, 'sections');
    expect(response.body).toMatchObject({ hits: [], next_cursor: null });
  });

  it('hides other tenants’ connectors', async () => {
    const other = await t.registerTenant();
    const otherToken = await t.applicationToken(other);
    const response = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
      token: otherToken,
      body: { entity: 'tasks', action: 'search', params: { query: {} } },
    });
    expect(response.status).toBe(404);
  });
});
