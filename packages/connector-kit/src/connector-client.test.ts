import type {
  ConnectorExecutor,
  DownloadResult,
  ListEnvelope,
  SearchEnvelope,
  SearchHit,
} from '@conduit/protocol';
import { defineConnector } from '@conduit/protocol';
import type { ListResult } from '@conduit/transport';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { createConnectorClient } from './connector-client';
import { pageParams } from './page-params';
import { defineConnectorAction } from './upstream-spec';

const Task = z.looseObject({
  gid: z.string(),
  name: z.string().nullable(),
  completed: z.boolean().optional(),
});
const definition = defineConnector({
  name: 'typed',
  connectorType: 'test',
  displayName: 'Typed',
  entities: {
    tasks: {
      description: 'Tasks',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List',
          params: z.strictObject({ project: z.string(), ...pageParams({ maxLimit: 100 }) }),
          record: Task,
          upstream: { path: '/tasks' },
        }),
        get: defineConnectorAction({
          kind: 'get',
          description: 'Get',
          params: z.strictObject({ task_gid: z.string() }),
          record: Task,
          upstream: { path: '/tasks/{task_gid}' },
        }),
        search: defineConnectorAction({
          kind: 'search',
          description: 'Search',
          params: z.strictObject({ cursor: z.string().optional(), q: z.string().optional() }),
          record: Task.partial(),
        }),
        download: defineConnectorAction({
          kind: 'download',
          description: 'Download',
          params: z.strictObject({ task_gid: z.string() }),
          record: z.never(),
          upstream: { path: '/tasks/{task_gid}/export' },
        }),
      },
    },
  },
});

type Task = z.output<typeof Task>;

/** An executor that answers from fixed pages, recording what it was asked. */
function recordingExecutor() {
  const calls: unknown[] = [];
  const executor: ConnectorExecutor = {
    mode: 'local',
    async execute(request) {
      calls.push(request);
      if (request.action === 'list') {
        const offset = request.params.offset as string | undefined;
        return offset === undefined
          ? { records: [{ gid: '1', name: 'a' }], meta: { next_page: { offset: 'p2' } } }
          : { records: [{ gid: '2', name: 'b' }], meta: { next_page: null } };
      }
      if (request.action === 'search') {
        return request.params.cursor === undefined
          ? { hits: [{ id: '1', score: 1, data: { gid: '1' } }], next_cursor: 'c2', took_ms: 1 }
          : { hits: [{ id: '2', score: 0.5, data: { gid: '2' } }], next_cursor: null, took_ms: 1 };
      }
      return { gid: request.params.task_gid, name: 'x' };
    },
  };
  return { executor, calls };
}

describe('createConnectorClient', () => {
  it('types every action from its record schema, extra fields kept as unknown', () => {
    const client = createConnectorClient(definition, recordingExecutor().executor);
    expectTypeOf(client.tasks.get).returns.resolves.toEqualTypeOf<Task>();
    expectTypeOf<Task['name']>().toEqualTypeOf<string | null>();
    expectTypeOf<Task['other']>().toEqualTypeOf<unknown>();
    expectTypeOf(client.tasks.list).returns.toEqualTypeOf<ListResult<Task, ListEnvelope<Task>>>();
    expectTypeOf(client.tasks.search).returns.toEqualTypeOf<
      ListResult<SearchHit<Partial<Task>>, SearchEnvelope<Partial<Task>>>
    >();
    expectTypeOf(client.tasks.download).returns.resolves.toEqualTypeOf<DownloadResult>();
    expectTypeOf(client.tasks.list)
      .parameter(0)
      .toEqualTypeOf<{ project: string; limit?: number; offset?: string }>();
    expectTypeOf(client.execute<'tasks', 'get'>).returns.resolves.toEqualTypeOf<Task>();
  });

  it('list: awaitable first page and for-await over every record, passing the offset on', async () => {
    const { executor, calls } = recordingExecutor();
    const client = createConnectorClient(definition, executor);
    expect((await client.tasks.list({ project: 'p' })).records).toEqual([{ gid: '1', name: 'a' }]);
    const names: (string | null)[] = [];
    for await (const task of client.tasks.list({ project: 'p' })) names.push(task.name);
    expect(names).toEqual(['a', 'b']);
    expect(calls.at(-1)).toEqual({ entity: 'tasks', action: 'list', params: { project: 'p', offset: 'p2' } });
  });

  it('search: pages hits by cursor', async () => {
    const client = createConnectorClient(definition, recordingExecutor().executor);
    const hits = await client.tasks.search({ q: 'x' }).toArray();
    expect(hits.map((hit) => hit.data.gid)).toEqual(['1', '2']);
  });

  it('get and execute go to the executor as they are', async () => {
    const { executor, calls } = recordingExecutor();
    const client = createConnectorClient(definition, executor);
    expect(await client.tasks.get({ task_gid: '9' })).toEqual({ gid: '9', name: 'x' });
    await client.execute('tasks', 'get', { task_gid: '8' });
    expect(calls).toEqual([
      { entity: 'tasks', action: 'get', params: { task_gid: '9' } },
      { entity: 'tasks', action: 'get', params: { task_gid: '8' } },
    ]);
    expect(client.mode).toBe('local');
    expect(client.definition).toBe(definition);
  });
});
