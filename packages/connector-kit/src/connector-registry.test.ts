import {
  baseUrlOverride,
  defineConnector,
  defineConnectorKind,
  UnsupportedOperationError,
} from '@conduit/protocol';
import { startTestServer } from '@conduit/testkit';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { authFromCredentials } from './auth-from-credentials';
import { type ConnectorModule, defineConnectorModule } from './connector-module';
import { createConnectorRegistry } from './connector-registry';
import { createConnectorExecutor } from './create-connector-executor';
import { pageParams } from './page-params';
import { offsetTokenPaging } from './paging/offset-token-paging';
import { childJobs, isSyncJobKind, readSyncPage, type SyncPlan, unreadableListings } from './sync-plan';
import { defineConnectorAction, missingUpstreams } from './upstream-spec';

const Folder = z.looseObject({ id: z.string() });
const definition = defineConnector({
  name: 'folders',
  connectorType: 'task-management',
  displayName: 'Folders',
  entities: {
    folders: {
      description: 'Folders',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List folders',
          params: z.strictObject({ ...pageParams({ maxLimit: 100 }), since: z.string().optional() }),
          record: Folder,
          upstream: { path: '/folders', query: { fields: 'id' }, paging: offsetTokenPaging() },
        }),
      },
    },
    folder_files: {
      description: 'Files of a folder',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List the files of a folder',
          params: z.strictObject({ folder_id: z.string(), ...pageParams({ maxLimit: 100 }) }),
          record: Folder,
          upstream: { path: '/folders/{folder_id}/files', paging: offsetTokenPaging() },
        }),
      },
    },
  },
});

const plan: SyncPlan<'folders' | 'files', 'folders' | 'files'> = {
  entities: ['folders', 'files'],
  root: { kind: 'folders', parent: '' },
  listings: {
    folders: {
      entity: 'folders',
      list: 'folders',
      params: (_parent, context) => (context.modifiedSince === null ? {} : { since: context.modifiedSince }),
      children: (records) => records.map((record) => ({ kind: 'files' as const, parent: String(record.id) })),
      incompleteOnFailure: ['folders', 'files'],
    },
    files: {
      entity: 'files',
      list: 'folder_files',
      params: (folder) => ({ folder_id: folder }),
      incompleteOnFailure: ['files'],
    },
  },
  fieldsQuery: (entity) => ({ fields: entity === 'files' ? 'id,size' : 'id,name' }),
  deletions: 'sweep',
};

const foldersKind = defineConnectorKind({
  type: 'task-management',
  name: 'folders',
  displayName: 'Task management',
  vendor: 'Folders',
  upstreamUrlTemplate: 'https://folders.test/api',
  credentialMethods: [
    { id: 'personal_access_token', displayName: 'token', schema: z.strictObject({ token: z.string() }) },
  ],
  config: z.strictObject({ base_url: baseUrlOverride }),
  upstreamUrl: () => 'https://folders.test/api',
});

const foldersModule = defineConnectorModule({
  connectorKind: foldersKind,
  displayName: 'Folders',
  definition,
  defaultBaseUrl: 'https://folders.test/api',
  createExecutor: (options) =>
    createConnectorExecutor({
      definition,
      baseUrl: options.baseUrl ?? 'https://folders.test/api',
      auth: authFromCredentials(options.credentials),
      rateLimit: options.rateLimit ?? false,
      fetch: options.fetch,
    }),
  sync: plan,
  searchableFields: { folders: { id: 'string', name: 'string' }, files: { id: 'string', size: 'integer' } },
  rateLimit: { requestsPerInterval: 10, intervalMs: 1000 },
});

describe('connector modules and registries', () => {
  it('finds modules by kind and name; an unregistered kind is unsupported', () => {
    const registry = createConnectorRegistry([foldersModule as ConnectorModule]);
    expect(registry.forKind('task-management')?.name).toBe('folders');
    expect(registry.find('FOLDERS')).toBe(foldersModule);
    expect(registry.find('task-management')).toBe(foldersModule);
    expect(foldersModule.credentialMethods).toEqual([
      { id: 'personal_access_token', displayName: 'token', fields: [{ name: 'token' }] },
    ]);
    expect(registry.forKind('crm')).toBeUndefined();
    expect(() => registry.requireKind('crm')).toThrow(UnsupportedOperationError);
    expect(() => createConnectorRegistry([foldersModule, foldersModule] as ConnectorModule[])).toThrow(/two/);
  });

  it('a module declares every upstream and every listing of its plan reads a declared list', () => {
    expect(missingUpstreams(definition)).toEqual([]);
    expect(unreadableListings(definition, plan)).toEqual([]);
    expect(
      unreadableListings(definition, {
        ...plan,
        listings: { ...plan.listings, files: { ...plan.listings.files, list: 'nope' } },
      }),
    ).toEqual(['files']);
  });

  it('a sync plan reads pages through the definition, with its own fields and params', async () => {
    await using server = await startTestServer({
      'GET /api/folders': { json: { data: [{ id: 'f1' }, { id: 'f2' }], next_page: { offset: 'o2' } } },
      'GET /api/folders/:id/files': { json: { data: [{ id: 'x', size: 3 }], next_page: null } },
    });
    const executor = foldersModule.createExecutor({
      credentials: { token: 't' },
      baseUrl: `${server.url}/api`,
    });
    const context = { pageSize: 2, modifiedSince: '2026-01-01T00:00:00Z' };
    const root = await readSyncPage(executor, plan, plan.root, null, context);
    expect(root).toEqual({ records: [{ id: 'f1' }, { id: 'f2' }], nextOffset: 'o2' });
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      since: '2026-01-01T00:00:00Z',
      fields: 'id,name',
      limit: '2',
    });
    const children = childJobs(plan, 'folders', root.records);
    expect(children).toEqual([
      { kind: 'files', parent: 'f1' },
      { kind: 'files', parent: 'f2' },
    ]);
    const files = await readSyncPage(executor, plan, children[0]!, null, context);
    expect(files.records).toEqual([{ id: 'x', size: 3 }]);
    expect(server.requests[1]?.path).toBe('/api/folders/f1/files');
    expect(server.requests[1]?.query.get('fields')).toBe('id,size');
    expect(isSyncJobKind(plan, 'files')).toBe(true);
    expect(isSyncJobKind(plan, 'toString')).toBe(false);
  });
});
