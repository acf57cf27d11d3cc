import {
  type ConnectorExecutor,
  type DownloadResult,
  defineAction,
  defineConnector,
  type ExecuteRequest,
  resolveExecuteRequest,
  UnsupportedOperationError,
} from '@conduit/protocol';
import * as z from 'zod';
import type { ConnectorEntry } from '../connectors/connector-catalog';
import type { LocalConnector, LocalExecutorOptions } from '../connectors/local-connector';

/** A small connector for tests: `items` with every action kind, over generated records. */
export const fakeDefinition = defineConnector({
  name: 'fake',
  connectorType: 'fake-kind',
  displayName: 'Fake',
  entities: {
    items: {
      description: 'Items',
      actions: {
        list: defineAction({
          kind: 'list',
          description: 'List items',
          params: z.strictObject({
            limit: z.int().min(1).max(50).describe('items per page').optional(),
            offset: z.string().optional(),
            archived: z.boolean().optional(),
          }),
          record: z.looseObject({
            gid: z.string(),
            name: z.string(),
            owner: z.looseObject({ gid: z.string() }).nullable(),
          }),
        }),
        get: defineAction({
          kind: 'get',
          description: 'Get an item',
          params: z.strictObject({ item_gid: z.string().regex(/^\d+$/) }),
          record: z.looseObject({ gid: z.string() }),
        }),
        download: defineAction({
          kind: 'download',
          description: 'Download an item',
          params: z.strictObject({ item_gid: z.string() }),
          record: z.never(),
        }),
        search: defineAction({
          kind: 'search',
          description: 'Search items',
          params: z.strictObject({ query: z.looseObject({}), cursor: z.string().nullish() }),
          record: z.record(z.string(), z.unknown()),
        }),
      },
    },
  },
});

/** What a fake executor saw. */
export interface FakeCalls {
  requests: ExecuteRequest[];
  options: LocalExecutorOptions[];
}

function downloadOf(bytes: Buffer): DownloadResult {
  return {
    status: 200,
    contentType: 'text/plain',
    contentLength: bytes.byteLength,
    contentRange: undefined,
    filename: 'item.txt',
    async *[Symbol.asyncIterator]() {
      // Two chunks, so writers are exercised across chunk boundaries.
      yield bytes.subarray(0, Math.floor(bytes.byteLength / 2));
      yield bytes.subarray(Math.floor(bytes.byteLength / 2));
    },
    stream: () => new Blob([new Uint8Array(bytes)]).stream(),
  };
}

/**
 * A catalog entry whose executor validates like a real one and serves `total` generated items,
 * recording every call. `searchMode` `hosted_only` makes search fail as local mode does.
 */
export function fakeConnectorEntry(
  options: { total?: number; searchMode?: 'results' | 'hosted_only'; content?: Buffer } = {},
): { entry: ConnectorEntry; calls: FakeCalls } {
  const total = options.total ?? 7;
  const content = options.content ?? Buffer.from('hello, bytes\n');
  const calls: FakeCalls = { requests: [], options: [] };
  const items = Array.from({ length: total }, (_, index) => ({
    gid: String(index + 1),
    name: `Item ${index + 1}`,
    owner: index % 2 === 0 ? { gid: '900', name: 'Ada' } : null,
  }));
  const createExecutor = (executorOptions: LocalExecutorOptions): ConnectorExecutor => {
    calls.options.push(executorOptions);
    return {
      mode: 'local',
      async execute(request, executeOptions) {
        executeOptions?.signal?.throwIfAborted();
        calls.requests.push(request);
        const { action, params } = resolveExecuteRequest(
          fakeDefinition,
          request.entity,
          request.action,
          request.params,
        );
        switch (action.kind) {
          case 'list': {
            const start = params.offset === undefined ? 0 : Number(params.offset);
            const size = (params.limit as number | undefined) ?? 3;
            const end = start + size;
            return {
              records: items.slice(start, end),
              meta: { next_page: end < items.length ? { offset: String(end) } : null },
            };
          }
          case 'get':
            return { ...items[Number(params.item_gid) - 1], notes: 'line one\nline two' };
          case 'download':
            return downloadOf(content);
          case 'search':
            if (options.searchMode === 'hosted_only') {
              throw new UnsupportedOperationError('items search exists only in hosted mode', {
                code: 'hosted_only',
                status: 400,
              });
            }
            return {
              hits: [{ id: '1', score: 0.9, data: { name: 'Item 1' } }],
              next_cursor: 'next-1',
              took_ms: 3,
            };
        }
      },
    };
  };
  const connector: LocalConnector = {
    definition: fakeDefinition,
    credentialMethods: [{ name: 'token', fields: [{ json: 'token', setting: 'asana_token' }] }],
    parseCredentials: (value) => value as Record<string, string>,
    baseUrlSetting: 'asana_base_url',
    defaultBaseUrl: 'https://fake.example/api',
    createExecutor,
  };
  return {
    entry: {
      name: 'fake',
      aliases: ['fake-kind'],
      summary: 'a test connector',
      loadDefinition: async () => fakeDefinition,
      loadLocal: async () => connector,
    },
    calls,
  };
}
