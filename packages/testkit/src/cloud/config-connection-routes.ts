import * as z from 'zod';
import { configError, configInvalidInput } from './config-api-errors';
import { presentConnectionState, presentWebBackendConnection } from './config-presenters';
import { joinSyncMode } from './connection-sync-modes';
import { parseConfigBody } from './request-validation';
import { requireActor, requireConnection } from './resource-lookups';
import { ok, type PlatformServices, type SimulatorRoute } from './route-context';
import { SimulatedHttpError } from './simulated-http-error';
import type {
  CloudConnectionRecord,
  CloudConnectionStateRecord,
  StreamStateEntry,
} from './simulator-records';
import { discoverSource } from './source-catalog';
import { type RequestedStream, resolveStreamSelection } from './stream-selection';

const connectionIdSchema = z.object({ connectionId: z.uuid(), withRefreshedCatalog: z.boolean().optional() });

const catalogStreamSchema = z.object({
  stream: z.object({ name: z.string().min(1), namespace: z.string().nullable().optional() }).loose(),
  config: z
    .object({
      syncMode: z.enum(['full_refresh', 'incremental']),
      destinationSyncMode: z.enum([
        'append',
        'overwrite',
        'append_dedup',
        'overwrite_dedup',
        'update',
        'soft_delete',
      ]),
      cursorField: z.array(z.string()).optional(),
      primaryKey: z.array(z.array(z.string())).optional(),
      selected: z.boolean().optional(),
      selectedFields: z.array(z.object({ fieldPath: z.array(z.string()).optional() })).optional(),
      fieldSelectionEnabled: z.boolean().optional(),
      includeFiles: z.boolean().optional(),
      destinationObjectName: z.string().optional(),
    })
    .loose(),
});

const updateSchema = z.object({
  connectionId: z.uuid(),
  syncCatalog: z.object({ streams: z.array(catalogStreamSchema) }).optional(),
  skipReset: z.boolean().optional(),
  name: z.string().optional(),
  prefix: z.string().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});

const streamStateSchema = z.object({
  streamDescriptor: z.object({ name: z.string(), namespace: z.string().nullable().optional() }),
  streamState: z.record(z.string(), z.unknown()).optional(),
});

const stateSchema = z.object({
  connectionId: z.uuid(),
  connectionState: z.object({
    stateType: z.enum(['global', 'stream', 'legacy', 'not_set']),
    connectionId: z.uuid().optional(),
    state: z.record(z.string(), z.unknown()).optional(),
    streamState: z.array(streamStateSchema).optional(),
    globalState: z
      .object({
        shared_state: z.record(z.string(), z.unknown()).optional(),
        streamStates: z.array(streamStateSchema),
      })
      .optional(),
  }),
});

type StreamStateInput = z.infer<typeof streamStateSchema>;

function toEntry(input: StreamStateInput): StreamStateEntry {
  const { name, namespace } = input.streamDescriptor;
  return {
    streamDescriptor: { name, ...(namespace === null || namespace === undefined ? {} : { namespace }) },
    ...(input.streamState === undefined ? {} : { streamState: input.streamState }),
  };
}

async function isSyncing(services: PlatformServices, connection: CloudConnectionRecord): Promise<boolean> {
  const jobs = services.state.jobsOf(connection.connectionId);
  await Promise.all(jobs.map((job) => services.engine.settle(job)));
  return jobs.some((job) => !services.engine.isFinal(job));
}

/**
 * Config API routes for a connection's catalog and state: `POST /web_backend/connections/get`
 * and `/update` (the configured catalog), `POST /state/get` and
 * `/state/create_or_update_safe` (423 while a sync runs).
 *
 * @example
 * ```ts
 * new RouteTable(configConnectionRoutes());
 * ```
 */
export function configConnectionRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'config',
      method: 'POST',
      path: '/web_backend/connections/get',
      operationId: 'webBackendGetConnection',
      authenticated: true,
      handler: async ({ services, body }) => {
        const input = parseConfigBody(connectionIdSchema, body);
        const connection = requireConnection(services.state, input.connectionId, 'config');
        await isSyncing(services, connection);
        return ok(
          presentWebBackendConnection(services.state, services.engine, connection, services.clock.now()),
        );
      },
    },
    {
      api: 'config',
      method: 'POST',
      path: '/web_backend/connections/update',
      operationId: 'webBackendUpdateConnection',
      authenticated: true,
      handler: async ({ services, body }) => {
        const input = parseConfigBody(updateSchema, body);
        const connection = requireConnection(services.state, input.connectionId, 'config');
        if (connection.status === 'locked' || connection.status === 'deprecated') {
          throw configError(
            409,
            `Connection ${connection.connectionId} is ${connection.status} and cannot be updated.`,
          );
        }
        if (input.syncCatalog) {
          const requested: RequestedStream[] = [];
          for (const entry of input.syncCatalog.streams) {
            if (entry.config.selected === false) continue;
            const syncMode = joinSyncMode(entry.config.syncMode, entry.config.destinationSyncMode);
            if (syncMode === undefined) {
              throw configInvalidInput('Invalid sync mode combination.', [
                {
                  propertyPath: `syncCatalog.streams.${entry.stream.name}.config`,
                  message: 'unsupported sync mode',
                },
              ]);
            }
            requested.push({
              name: entry.stream.name,
              ...(entry.stream.namespace ? { namespace: entry.stream.namespace } : {}),
              syncMode,
              ...(entry.config.cursorField ? { cursorField: entry.config.cursorField } : {}),
              ...(entry.config.primaryKey ? { primaryKey: entry.config.primaryKey } : {}),
              ...(entry.config.fieldSelectionEnabled && entry.config.selectedFields
                ? { selectedFields: entry.config.selectedFields }
                : {}),
              ...(entry.config.includeFiles === undefined ? {} : { includeFiles: entry.config.includeFiles }),
              ...(entry.config.destinationObjectName === undefined
                ? {}
                : { destinationObjectName: entry.config.destinationObjectName }),
            });
          }
          const source = requireActor(services.state, 'source', connection.sourceId, 'config');
          try {
            connection.streams = resolveStreamSelection(requested, discoverSource(services.state, source));
          } catch (error) {
            if (error instanceof SimulatedHttpError) {
              const data = (error.body as { data?: { message?: string } }).data;
              throw configInvalidInput(data?.message ?? 'Invalid catalog.', [
                { propertyPath: 'syncCatalog', message: data?.message ?? 'invalid' },
              ]);
            }
            throw error;
          }
        }
        if (input.name !== undefined) connection.name = input.name;
        if (input.prefix !== undefined) connection.prefix = input.prefix;
        if (input.status !== undefined) connection.status = input.status;
        return ok(
          presentWebBackendConnection(services.state, services.engine, connection, services.clock.now()),
        );
      },
    },
    {
      api: 'config',
      method: 'POST',
      path: '/state/get',
      operationId: 'getState',
      authenticated: true,
      handler: async ({ services, body }) => {
        const input = parseConfigBody(connectionIdSchema, body);
        const connection = requireConnection(services.state, input.connectionId, 'config');
        await isSyncing(services, connection);
        return ok(
          presentConnectionState(
            connection.connectionId,
            services.state.connectionStates.get(connection.connectionId),
          ),
        );
      },
    },
    {
      api: 'config',
      method: 'POST',
      path: '/state/create_or_update_safe',
      operationId: 'createOrUpdateStateSafe',
      authenticated: true,
      handler: async ({ services, body }) => {
        const input = parseConfigBody(stateSchema, body);
        const connection = requireConnection(services.state, input.connectionId, 'config');
        if (await isSyncing(services, connection)) {
          throw configError(
            423,
            `State cannot be updated for connection ${connection.connectionId} while a sync is running for it.`,
            'io.airbyte.commons.server.errors.SyncIsRunningException',
          );
        }
        const incoming = input.connectionState;
        let record: CloudConnectionStateRecord | undefined;
        if (incoming.stateType === 'stream') {
          record = { stateType: 'stream', streamState: (incoming.streamState ?? []).map(toEntry) };
        } else if (incoming.stateType === 'global') {
          record = {
            stateType: 'global',
            globalState: {
              ...(incoming.globalState?.shared_state === undefined
                ? {}
                : { shared_state: incoming.globalState.shared_state }),
              streamStates: (incoming.globalState?.streamStates ?? []).map(toEntry),
            },
          };
        } else if (incoming.stateType === 'legacy') {
          record = { stateType: 'legacy', state: incoming.state ?? {} };
        }
        if (record) services.state.connectionStates.set(connection.connectionId, record);
        else services.state.connectionStates.delete(connection.connectionId);
        return ok(presentConnectionState(connection.connectionId, record));
      },
    },
  ];
}
