import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { badRequest, notFound } from './problem-responses';
import { presentDeclarativeDefinition, presentDockerDefinition } from './public-presenters';
import { parsePublicBody } from './request-validation';
import { requireWorkspace } from './resource-lookups';
import { ok, type PlatformServices, type SimulatorRoute } from './route-context';
import { isPlainObject } from './schema-record-generator';
import type { CloudDeclarativeDefinitionRecord, CloudDockerDefinitionRecord } from './simulator-records';

const manifestSchema = z.record(z.string(), z.unknown());
const createDeclarativeSchema = z.object({
  name: z.string().min(1),
  manifest: manifestSchema,
  workspaceId: z.uuid().optional(),
});
const updateDeclarativeSchema = z.object({ manifest: manifestSchema });
const createDockerSchema = z.object({
  name: z.string().min(1),
  dockerRepository: z.string().min(1),
  dockerImageTag: z.string().min(1),
  documentationUrl: z.string().optional(),
});
const updateDockerSchema = z.object({ name: z.string().min(1), dockerImageTag: z.string().min(1) });

function requireSpec(manifest: Record<string, unknown>): void {
  // The platform copies spec.connection_specification into the definition; no spec, no definition.
  if (!isPlainObject(manifest.spec)) throw badRequest('The manifest must contain a spec.');
}

function requireDeclarative(
  services: PlatformServices,
  workspaceId: string,
  id: string,
): CloudDeclarativeDefinitionRecord {
  requireWorkspace(services.state, workspaceId);
  const definition = services.state.declarativeDefinitions.get(id);
  if (!definition || definition.deleted || definition.workspaceId !== workspaceId) {
    throw notFound('declarative_source_definition', id);
  }
  return definition;
}

function refuseDockerOnCloud(services: PlatformServices): void {
  if (services.edition === 'cloud') {
    throw badRequest('Custom Docker connector definitions cannot be created or updated on Airbyte Cloud.');
  }
}

/**
 * Public API routes for custom source definitions: declarative (YAML) ones under
 * `/workspaces/{workspaceId}/definitions/declarative_sources` (create publishes version 1 and a
 * connector builder project; update publishes max + 1; delete answers 200 with the body) and
 * Docker ones under `/workspaces/{workspaceId}/definitions/sources` (refused on Cloud).
 *
 * @example
 * ```ts
 * new RouteTable(definitionRoutes());
 * ```
 */
export function definitionRoutes(): SimulatorRoute[] {
  const declarativeBase = '/workspaces/{workspaceId}/definitions/declarative_sources';
  const dockerBase = '/workspaces/{workspaceId}/definitions/sources';
  return [
    {
      api: 'public',
      method: 'GET',
      path: declarativeBase,
      operationId: 'listDeclarativeSourceDefinitions',
      authenticated: true,
      handler: ({ services, params }) => {
        const workspaceId = params.workspaceId ?? '';
        requireWorkspace(services.state, workspaceId);
        const data = [...services.state.declarativeDefinitions.values()]
          .filter((definition) => !definition.deleted && definition.workspaceId === workspaceId)
          .map(presentDeclarativeDefinition);
        return ok({ data });
      },
    },
    {
      api: 'public',
      method: 'POST',
      path: declarativeBase,
      operationId: 'createDeclarativeSourceDefinition',
      authenticated: true,
      handler: ({ services, params, body }) => {
        const workspaceId = params.workspaceId ?? '';
        requireWorkspace(services.state, workspaceId);
        const input = parsePublicBody(createDeclarativeSchema, body);
        if (input.workspaceId !== undefined && input.workspaceId !== workspaceId) {
          throw badRequest('The workspaceId of the body differs from the one in the path.');
        }
        requireSpec(input.manifest);
        const id = randomUUID();
        const builderProjectId = randomUUID();
        const definition: CloudDeclarativeDefinitionRecord = {
          id,
          workspaceId,
          name: input.name,
          versions: new Map([[1, structuredClone(input.manifest)]]),
          activeVersion: 1,
          builderProjectId,
          deleted: false,
        };
        services.state.declarativeDefinitions.set(id, definition);
        services.state.builderProjects.set(builderProjectId, {
          builderProjectId,
          workspaceId,
          name: input.name,
          sourceDefinitionId: id,
          updatedAt: services.clock.now(),
          deleted: false,
        });
        return ok(presentDeclarativeDefinition(definition));
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: `${declarativeBase}/{definitionId}`,
      operationId: 'getDeclarativeSourceDefinition',
      authenticated: true,
      handler: ({ services, params }) =>
        ok(
          presentDeclarativeDefinition(
            requireDeclarative(services, params.workspaceId ?? '', params.definitionId ?? ''),
          ),
        ),
    },
    {
      api: 'public',
      method: 'PUT',
      path: `${declarativeBase}/{definitionId}`,
      operationId: 'updateDeclarativeSourceDefinition',
      authenticated: true,
      handler: ({ services, params, body }) => {
        const definition = requireDeclarative(services, params.workspaceId ?? '', params.definitionId ?? '');
        const input = parsePublicBody(updateDeclarativeSchema, body);
        requireSpec(input.manifest);
        const version = Math.max(...definition.versions.keys()) + 1;
        definition.versions.set(version, structuredClone(input.manifest));
        definition.activeVersion = version;
        const project = services.state.builderProjects.get(definition.builderProjectId);
        if (project) project.updatedAt = services.clock.now();
        return ok(presentDeclarativeDefinition(definition));
      },
    },
    {
      api: 'public',
      method: 'DELETE',
      path: `${declarativeBase}/{definitionId}`,
      operationId: 'deleteDeclarativeSourceDefinition',
      authenticated: true,
      handler: ({ services, params }) => {
        const definition = requireDeclarative(services, params.workspaceId ?? '', params.definitionId ?? '');
        const body = presentDeclarativeDefinition(definition);
        definition.deleted = true;
        const project = services.state.builderProjects.get(definition.builderProjectId);
        if (project) project.deleted = true;
        return ok(body);
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: dockerBase,
      operationId: 'listSourceDefinitions',
      authenticated: true,
      handler: ({ services, params }) => {
        const workspaceId = params.workspaceId ?? '';
        requireWorkspace(services.state, workspaceId);
        const custom = [...services.state.dockerDefinitions.values()].filter(
          (definition) => !definition.deleted && definition.workspaceId === workspaceId,
        );
        return ok({ data: [...builtInDockerDefinitions(services), ...custom].map(presentDockerDefinition) });
      },
    },
    {
      api: 'public',
      method: 'POST',
      path: dockerBase,
      operationId: 'createSourceDefinition',
      authenticated: true,
      handler: ({ services, params, body }) => {
        const workspaceId = params.workspaceId ?? '';
        requireWorkspace(services.state, workspaceId);
        const input = parsePublicBody(createDockerSchema, body);
        refuseDockerOnCloud(services);
        const definition: CloudDockerDefinitionRecord = {
          id: randomUUID(),
          workspaceId,
          name: input.name,
          dockerRepository: input.dockerRepository,
          dockerImageTag: input.dockerImageTag,
          ...(input.documentationUrl === undefined ? {} : { documentationUrl: input.documentationUrl }),
          deleted: false,
        };
        services.state.dockerDefinitions.set(definition.id, definition);
        return ok(presentDockerDefinition(definition));
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: `${dockerBase}/{definitionId}`,
      operationId: 'getSourceDefinition',
      authenticated: true,
      handler: ({ services, params }) => {
        const workspaceId = params.workspaceId ?? '';
        requireWorkspace(services.state, workspaceId);
        const id = params.definitionId ?? '';
        const builtIn = builtInDockerDefinitions(services).find((definition) => definition.id === id);
        return ok(presentDockerDefinition(builtIn ?? requireDocker(services, workspaceId, id)));
      },
    },
    {
      api: 'public',
      method: 'PUT',
      path: `${dockerBase}/{definitionId}`,
      operationId: 'updateSourceDefinition',
      authenticated: true,
      handler: ({ services, params, body }) => {
        const workspaceId = params.workspaceId ?? '';
        const definition = requireCustomDocker(services, workspaceId, params.definitionId ?? '');
        const input = parsePublicBody(updateDockerSchema, body);
        refuseDockerOnCloud(services);
        definition.name = input.name;
        definition.dockerImageTag = input.dockerImageTag;
        return ok(presentDockerDefinition(definition));
      },
    },
    {
      api: 'public',
      method: 'DELETE',
      path: `${dockerBase}/{definitionId}`,
      operationId: 'deleteSourceDefinition',
      authenticated: true,
      handler: ({ services, params }) => {
        const definition = requireCustomDocker(services, params.workspaceId ?? '', params.definitionId ?? '');
        definition.deleted = true;
        return ok(presentDockerDefinition(definition));
      },
    },
  ];
}

/** The registry's sources, shown as Docker definitions (the list includes them, as on the platform). */
function builtInDockerDefinitions(services: PlatformServices): CloudDockerDefinitionRecord[] {
  return services.state.registry.allSources().map((connector) => ({
    id: connector.definitionId,
    workspaceId: '',
    name: connector.name,
    dockerRepository: connector.dockerRepository,
    dockerImageTag: connector.dockerImageTag,
    deleted: false,
  }));
}

function requireDocker(
  services: PlatformServices,
  workspaceId: string,
  id: string,
): CloudDockerDefinitionRecord {
  const definition = services.state.dockerDefinitions.get(id);
  if (!definition || definition.deleted || definition.workspaceId !== workspaceId)
    throw notFound('source_definition', id);
  return definition;
}

function requireCustomDocker(
  services: PlatformServices,
  workspaceId: string,
  id: string,
): CloudDockerDefinitionRecord {
  requireWorkspace(services.state, workspaceId);
  if (builtInDockerDefinitions(services).some((definition) => definition.id === id)) {
    throw badRequest('Only custom source definitions can be updated or deleted.');
  }
  return requireDocker(services, workspaceId, id);
}
