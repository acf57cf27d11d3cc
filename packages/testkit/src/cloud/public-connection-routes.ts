import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { pageEnvelope, readPaging } from './page-envelope';
import { badRequest, notFound, problemError } from './problem-responses';
import { presentConnection } from './public-presenters';
import { checkQuartzCron } from './quartz-cron';
import { queryBoolean, queryUuidList } from './query-params';
import { parsePublicBody } from './request-validation';
import { requireActor, requireConnection } from './resource-lookups';
import { ok, type SimulatorRoute } from './route-context';
import type { CloudConnectionRecord, ScheduleRecord } from './simulator-records';
import { discoverSource } from './source-catalog';
import { resolveStreamSelection } from './stream-selection';

const streamSchema = z.object({
  name: z.string().min(1),
  namespace: z.string().optional(),
  syncMode: z.string().optional(),
  cursorField: z.array(z.string()).optional(),
  primaryKey: z.array(z.array(z.string())).optional(),
  selectedFields: z.array(z.object({ fieldPath: z.array(z.string()).optional() })).optional(),
  mappers: z
    .array(
      z.object({
        id: z.string().optional(),
        type: z.string(),
        mapperConfiguration: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  includeFiles: z.boolean().optional(),
  destinationObjectName: z.string().optional(),
});

const configurationsSchema = z.object({ streams: z.array(streamSchema).optional() });
const scheduleSchema = z.object({
  scheduleType: z.enum(['manual', 'cron']),
  cronExpression: z.string().optional(),
});
const namespaceDefinitionSchema = z.enum(['source', 'destination', 'custom_format']);
const behaviorSchema = z.enum(['ignore', 'disable_connection', 'propagate_columns', 'propagate_fully']);
const tagSchema = z.object({ tagId: z.uuid(), workspaceId: z.uuid(), name: z.string(), color: z.string() });

const createSchema = z.object({
  name: z.string().optional(),
  sourceId: z.uuid(),
  destinationId: z.uuid(),
  configurations: configurationsSchema.optional(),
  schedule: scheduleSchema.optional(),
  dataResidency: z.string().optional(),
  namespaceDefinition: namespaceDefinitionSchema.optional(),
  namespaceFormat: z.string().nullable().optional(),
  prefix: z.string().optional(),
  nonBreakingSchemaUpdatesBehavior: behaviorSchema.optional(),
  status: z.enum(['active', 'inactive', 'deprecated', 'locked']).optional(),
  tags: z.array(tagSchema).optional(),
});

const patchSchema = createSchema.omit({ sourceId: true, destinationId: true });

function toSchedule(input: z.infer<typeof scheduleSchema> | undefined): ScheduleRecord {
  if (!input || input.scheduleType === 'manual') return { scheduleType: 'manual' };
  const check = checkQuartzCron(input.cronExpression);
  if (!check.ok) throw badRequest(check.message);
  return { scheduleType: 'cron', cronExpression: check.expression };
}

function toStatus(
  status: string | undefined,
  fallback: CloudConnectionRecord['status'],
): CloudConnectionRecord['status'] {
  if (status === undefined) return fallback;
  if (status !== 'active' && status !== 'inactive') {
    throw badRequest(`Connection status can only be set to active or inactive, not ${status}.`);
  }
  return status;
}

/**
 * Public API routes for connections: create (discovering the source's streams), list, get,
 * patch (name, status, schedule, streams, prefix, namespace, tags) and delete (soft: the
 * connection becomes `deprecated`).
 *
 * @example
 * ```ts
 * new RouteTable(connectionRoutes());
 * ```
 */
export function connectionRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'public',
      method: 'POST',
      path: '/connections',
      operationId: 'createConnection',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parsePublicBody(createSchema, body);
        const { state, clock } = services;
        const source = requireActor(state, 'source', input.sourceId);
        const destination = requireActor(state, 'destination', input.destinationId);
        if (source.workspaceId !== destination.workspaceId) {
          throw badRequest('The source and the destination belong to different workspaces.');
        }
        const streams = resolveStreamSelection(input.configurations?.streams, discoverSource(state, source));
        const connection: CloudConnectionRecord = {
          connectionId: randomUUID(),
          name: input.name ?? `${source.name} → ${destination.name}`,
          workspaceId: source.workspaceId,
          sourceId: source.id,
          destinationId: destination.id,
          status: toStatus(input.status, 'active'),
          schedule: toSchedule(input.schedule),
          namespaceDefinition: input.namespaceDefinition ?? 'destination',
          ...(input.namespaceFormat ? { namespaceFormat: input.namespaceFormat } : {}),
          prefix: input.prefix ?? '',
          nonBreakingSchemaUpdatesBehavior: input.nonBreakingSchemaUpdatesBehavior ?? 'ignore',
          streams,
          tags: (input.tags ?? []).map((tag) => ({ ...tag })),
          createdAt: clock.now(),
          generationId: 0,
          notifySchemaChanges: true,
          notifySchemaChangesByEmail: false,
        };
        state.connections.set(connection.connectionId, connection);
        return ok(presentConnection(connection));
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: '/connections',
      operationId: 'listConnections',
      authenticated: true,
      handler: ({ services, query, linkBase }) => {
        const workspaceIds = queryUuidList(query, 'workspaceIds');
        const tagIds = queryUuidList(query, 'tagIds');
        const includeDeleted = queryBoolean(query, 'includeDeleted', false);
        const items = [...services.state.connections.values()]
          .filter((connection) => services.state.workspaces.get(connection.workspaceId)?.deleted === false)
          .filter((connection) => includeDeleted || connection.status !== 'deprecated')
          .filter((connection) => workspaceIds.length === 0 || workspaceIds.includes(connection.workspaceId))
          .filter(
            (connection) =>
              tagIds.length === 0 || connection.tags.some((tag) => tagIds.includes(String(tag.tagId))),
          );
        return ok(
          pageEnvelope(items.map(presentConnection), readPaging(query), `${linkBase}/connections`, query),
        );
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: '/connections/{connectionId}',
      operationId: 'getConnection',
      authenticated: true,
      handler: ({ services, params }) =>
        ok(presentConnection(requireConnection(services.state, params.connectionId ?? ''))),
    },
    {
      api: 'public',
      method: 'PATCH',
      path: '/connections/{connectionId}',
      operationId: 'patchConnection',
      authenticated: true,
      handler: ({ services, params, body }) => {
        const connection = requireConnection(services.state, params.connectionId ?? '');
        if (connection.status === 'locked') {
          throw problemError('connection-locked', {
            data: {
              connectionId: connection.connectionId,
              ...(connection.statusReason === undefined ? {} : { statusReason: connection.statusReason }),
            },
          });
        }
        if (connection.status === 'deprecated') {
          throw badRequest(`Connection ${connection.connectionId} is deleted and cannot be updated.`);
        }
        const input = parsePublicBody(patchSchema, body);
        // Validate everything before changing anything, so a bad request leaves no trace.
        const streams =
          input.configurations?.streams === undefined
            ? undefined
            : resolveStreamSelection(
                input.configurations.streams,
                discoverSource(services.state, requireActor(services.state, 'source', connection.sourceId)),
              );
        const schedule = input.schedule === undefined ? undefined : toSchedule(input.schedule);
        const status = toStatus(input.status, connection.status);
        if (input.name !== undefined) connection.name = input.name;
        if (streams !== undefined) connection.streams = streams;
        if (schedule !== undefined) connection.schedule = schedule;
        connection.status = status;
        if (input.prefix !== undefined) connection.prefix = input.prefix;
        if (input.namespaceDefinition !== undefined)
          connection.namespaceDefinition = input.namespaceDefinition;
        if (input.namespaceFormat !== undefined) {
          if (input.namespaceFormat === null || input.namespaceFormat === '')
            delete connection.namespaceFormat;
          else connection.namespaceFormat = input.namespaceFormat;
        }
        if (input.nonBreakingSchemaUpdatesBehavior !== undefined) {
          connection.nonBreakingSchemaUpdatesBehavior = input.nonBreakingSchemaUpdatesBehavior;
        }
        if (input.tags !== undefined) connection.tags = input.tags.map((tag) => ({ ...tag }));
        return ok(presentConnection(connection));
      },
    },
    {
      api: 'public',
      method: 'DELETE',
      path: '/connections/{connectionId}',
      operationId: 'deleteConnection',
      authenticated: true,
      handler: ({ services, params }) => {
        const id = params.connectionId ?? '';
        if (!services.state.connections.has(id)) throw notFound('connection', id);
        requireConnection(services.state, id).status = 'deprecated';
        return { status: 204 };
      },
    },
  ];
}
