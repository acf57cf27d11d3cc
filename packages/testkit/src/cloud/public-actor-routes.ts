import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { mergeConfiguration, replaceConfiguration } from './configuration-secrets';
import { pageEnvelope, readPaging } from './page-envelope';
import { badRequest, notFound, problemError } from './problem-responses';
import { presentActor } from './public-presenters';
import { queryBoolean, queryUuidList } from './query-params';
import { parsePublicBody } from './request-validation';
import { requireActor, requireWorkspace } from './resource-lookups';
import { ok, type PlatformServices, type SimulatorRoute } from './route-context';
import type { CloudActorRecord } from './simulator-records';

type ActorKind = 'source' | 'destination';

const configurationSchema = z.record(z.string(), z.unknown());
const allocationSchema = z.record(z.string(), z.unknown());

const createSchema = z.object({
  name: z.string().min(1),
  workspaceId: z.uuid(),
  configuration: configurationSchema,
  definitionId: z.uuid().optional(),
  secretId: z.string().optional(),
  resourceAllocation: allocationSchema.optional(),
});

const patchSchema = z.object({
  name: z.string().min(1).optional(),
  configuration: configurationSchema.optional(),
  resourceAllocation: allocationSchema.optional(),
  secretId: z.string().optional(),
  workspaceId: z.uuid().optional(),
});

const putSchema = z.object({
  name: z.string().min(1),
  configuration: configurationSchema,
  resourceAllocation: allocationSchema.optional(),
});

/** Fields a destination configuration must carry, per connector (a subset of each spec). */
const requiredDestinationFields: Record<string, string[]> = {
  postgres: ['host', 'port', 'database', 'username'],
  duckdb: ['destination_path'],
  motherduck: ['destination_path'],
};

const typeKey = (kind: ActorKind): 'sourceType' | 'destinationType' =>
  kind === 'source' ? 'sourceType' : 'destinationType';

/**
 * Resolves what a create request deploys: the definition (by `definitionId`, or by the
 * connector short name in `configuration.sourceType`/`destinationType`, which is then removed
 * from the stored configuration) and the short name echoed in responses (`""` for custom).
 */
function resolveDefinition(
  services: PlatformServices,
  kind: ActorKind,
  workspaceId: string,
  definitionId: string | undefined,
  configuration: Record<string, unknown>,
): { definitionId: string; actorType: string; configuration: Record<string, unknown> } {
  const { [typeKey(kind)]: declaredType, ...stored } = configuration;
  const { registry, declarativeDefinitions, dockerDefinitions } = services.state;
  if (definitionId !== undefined) {
    const builtIn =
      kind === 'source'
        ? registry.sourceByDefinition(definitionId)
        : registry.destinationByDefinition(definitionId);
    if (builtIn) {
      const actorType = 'sourceType' in builtIn ? builtIn.sourceType : builtIn.destinationType;
      return { definitionId, actorType, configuration: stored };
    }
    const custom =
      kind === 'source'
        ? (declarativeDefinitions.get(definitionId) ?? dockerDefinitions.get(definitionId))
        : undefined;
    if (custom && !custom.deleted && custom.workspaceId === workspaceId) {
      return { definitionId, actorType: '', configuration: stored };
    }
    throw notFound(`${kind}_definition`, definitionId);
  }
  if (typeof declaredType !== 'string' || declaredType === '') {
    throw problemError('unprocessable-entity', {
      data: { message: `${typeKey(kind)} or definitionId must be provided to create a ${kind}.` },
    });
  }
  const connector = kind === 'source' ? registry.source(declaredType) : registry.destination(declaredType);
  if (!connector) throw problemError('value-not-found', { data: { value: declaredType } });
  return { definitionId: connector.definitionId, actorType: declaredType, configuration: stored };
}

function checkRequiredFields(
  kind: ActorKind,
  actorType: string,
  configuration: Record<string, unknown>,
): void {
  if (kind !== 'destination') return;
  const missing = (requiredDestinationFields[actorType] ?? []).filter(
    (field) =>
      configuration[field] === undefined || configuration[field] === null || configuration[field] === '',
  );
  if (missing.length > 0) {
    throw badRequest(
      `The provided configuration does not fulfill the specification. Errors: ${missing
        .map((field) => `$.${field}: is missing but it is required`)
        .join(', ')}`,
    );
  }
}

/**
 * Public API routes for sources or destinations: list, create, get, patch (deep-merged
 * configuration), put (full replace) and delete (which soft-deletes every connection using it).
 *
 * @example
 * ```ts
 * new RouteTable([...actorRoutes('source'), ...actorRoutes('destination')]);
 * ```
 */
export function actorRoutes(kind: ActorKind): SimulatorRoute[] {
  const plural = `${kind}s`;
  const title = kind === 'source' ? 'Source' : 'Destination';
  const idParam = `${kind}Id`;
  const mapOf = (services: PlatformServices): Map<string, CloudActorRecord> =>
    kind === 'source' ? services.state.sources : services.state.destinations;
  return [
    {
      api: 'public',
      method: 'GET',
      path: `/${plural}`,
      operationId: `list${title}s`,
      authenticated: true,
      handler: ({ services, query, linkBase }) => {
        const ids = queryUuidList(query, 'workspaceIds');
        const includeDeleted = queryBoolean(query, 'includeDeleted', false);
        const items = [...mapOf(services).values()]
          .filter((actor) => includeDeleted || !actor.deleted)
          .filter((actor) => services.state.workspaces.get(actor.workspaceId)?.deleted === false)
          .filter((actor) => ids.length === 0 || ids.includes(actor.workspaceId));
        return ok(
          pageEnvelope(
            items.map((actor) => presentActor(services.state, actor)),
            readPaging(query),
            `${linkBase}/${plural}`,
            query,
          ),
        );
      },
    },
    {
      api: 'public',
      method: 'POST',
      path: `/${plural}`,
      operationId: `create${title}`,
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parsePublicBody(createSchema, body);
        requireWorkspace(services.state, input.workspaceId);
        const resolved = resolveDefinition(
          services,
          kind,
          input.workspaceId,
          input.definitionId,
          input.configuration,
        );
        checkRequiredFields(kind, resolved.actorType, resolved.configuration);
        const actor: CloudActorRecord = {
          kind,
          id: randomUUID(),
          name: input.name,
          workspaceId: input.workspaceId,
          definitionId: resolved.definitionId,
          actorType: resolved.actorType,
          configuration: resolved.configuration,
          ...(input.resourceAllocation === undefined ? {} : { resourceAllocation: input.resourceAllocation }),
          createdAt: services.clock.now(),
          deleted: false,
        };
        mapOf(services).set(actor.id, actor);
        return ok(presentActor(services.state, actor));
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: `/${plural}/{${idParam}}`,
      operationId: `get${title}`,
      authenticated: true,
      handler: ({ services, params }) =>
        ok(presentActor(services.state, requireActor(services.state, kind, params[idParam] ?? ''))),
    },
    {
      api: 'public',
      method: 'PATCH',
      path: `/${plural}/{${idParam}}`,
      operationId: `patch${title}`,
      authenticated: true,
      handler: ({ services, params, body }) => {
        const actor = requireActor(services.state, kind, params[idParam] ?? '');
        const input = parsePublicBody(patchSchema, body);
        if (input.configuration !== undefined) {
          const { [typeKey(kind)]: _ignored, ...patch } = input.configuration;
          const merged = mergeConfiguration(actor.configuration, patch);
          checkRequiredFields(kind, actor.actorType, merged);
          actor.configuration = merged;
        }
        if (input.name !== undefined) actor.name = input.name;
        if (input.resourceAllocation !== undefined) actor.resourceAllocation = input.resourceAllocation;
        return ok(presentActor(services.state, actor));
      },
    },
    {
      api: 'public',
      method: 'PUT',
      path: `/${plural}/{${idParam}}`,
      operationId: `put${title}`,
      authenticated: true,
      handler: ({ services, params, body }) => {
        const actor = requireActor(services.state, kind, params[idParam] ?? '');
        const input = parsePublicBody(putSchema, body);
        const { [typeKey(kind)]: _ignored, ...incoming } = input.configuration;
        const replaced = replaceConfiguration(actor.configuration, incoming);
        checkRequiredFields(kind, actor.actorType, replaced);
        actor.configuration = replaced;
        actor.name = input.name;
        if (input.resourceAllocation !== undefined) actor.resourceAllocation = input.resourceAllocation;
        return ok(presentActor(services.state, actor));
      },
    },
    {
      api: 'public',
      method: 'DELETE',
      path: `/${plural}/{${idParam}}`,
      operationId: `delete${title}`,
      authenticated: true,
      handler: ({ services, params }) => {
        const actor = requireActor(services.state, kind, params[idParam] ?? '');
        actor.deleted = true;
        for (const connection of services.state.connections.values()) {
          const uses =
            kind === 'source' ? connection.sourceId === actor.id : connection.destinationId === actor.id;
          if (uses) connection.status = 'deprecated';
        }
        return { status: 204 };
      },
    },
  ];
}
