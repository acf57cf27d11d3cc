import {
  authFromCredentials,
  createConnectorExecutor,
  cursorPaging,
  defineConnectorAction,
  defineConnectorModule,
  searchRecordSchema,
} from '@conduit/connector-kit';
import {
  baseUrlOverride,
  defineConnector,
  defineConnectorKind,
  definedOptions,
  SearchParamsSchema,
  secretField,
} from '@conduit/protocol';
import * as z from 'zod';

// A fourth connector, written only with what the kit and protocol export, as a connector package
// would be (docs/adding-a-connector.md): its kind, its definition, its sync plan and its module.
// Nothing of Conduit is edited to run it; the test adds it to the list of connectors it starts.

const MEMO_API_URL = 'https://api.memo.example/v1';

/** The kind: `note-taking`, named `memo`; a bearer token; config only the `base_url` override. */
export const memoKind = defineConnectorKind({
  type: 'note-taking',
  name: 'memo',
  displayName: 'Note taking',
  vendor: 'Memo',
  upstreamUrlTemplate: MEMO_API_URL,
  credentialMethods: [
    { id: 'api_token', displayName: 'API token', schema: z.strictObject({ token: secretField }) },
  ],
  config: z.strictObject({ base_url: baseUrlOverride }),
  upstreamUrl: () => MEMO_API_URL,
});

const NoteSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  updated_at: z.string(),
});

const SEARCHABLE = { title: 'string', body: 'string', pinned: 'boolean', updated_at: 'string' } as const;

const paging = cursorPaging({
  sizeParam: 'limit',
  cursorParam: 'after',
  hasMoreAt: 'has_more',
  cursorAt: 'next_cursor',
});

/** The definition: one entity, `notes`, with list, get and (hosted) search. */
export const memoDefinition = defineConnector({
  name: 'memo',
  connectorType: 'note-taking',
  displayName: 'Memo',
  entities: {
    notes: {
      description: 'Notes',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List notes',
          params: z.strictObject({
            limit: z.number().int().min(1).max(50).optional(),
            offset: z.string().optional(),
          }),
          record: NoteSchema,
          upstream: { path: '/notes', recordsAt: 'data', paging },
        }),
        get: defineConnectorAction({
          kind: 'get',
          description: 'Get a note',
          params: z.strictObject({ note_id: z.string().min(1) }),
          record: NoteSchema,
          upstream: { path: '/notes/{note_id}', recordAt: 'data' },
        }),
        search: defineConnectorAction({
          kind: 'search',
          description: 'Search synced notes (hosted mode only)',
          params: SearchParamsSchema,
          record: searchRecordSchema(SEARCHABLE),
          searchableFields: SEARCHABLE,
        }),
      },
    },
  },
});

/** The module: how shells run it. */
export const memoModule = defineConnectorModule({
  connectorKind: memoKind,
  displayName: 'Memo',
  definition: memoDefinition,
  defaultBaseUrl: MEMO_API_URL,
  createExecutor: (options) =>
    createConnectorExecutor({
      definition: memoDefinition,
      baseUrl: options.baseUrl ?? MEMO_API_URL,
      auth: authFromCredentials(options.credentials),
      defaultRateLimit: { requestsPerInterval: 100, intervalMs: 1000 },
      ...definedOptions({
        fetch: options.fetch,
        rateLimit: options.rateLimit,
        retry: options.retry,
        timeoutMs: options.timeoutMs,
        hooks: options.hooks,
        userAgent: options.userAgent,
      }),
    }),
  sync: {
    entities: ['notes'],
    root: { kind: 'notes', parent: '' },
    listings: { notes: { entity: 'notes', list: 'notes', incompleteOnFailure: ['notes'] } },
    deletions: 'sweep',
  },
  searchableFields: { notes: SEARCHABLE },
  rateLimit: { requestsPerInterval: 100, intervalMs: 1000 },
});
