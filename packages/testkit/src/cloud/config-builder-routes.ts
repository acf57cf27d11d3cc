import * as z from 'zod';
import { configNotFound } from './config-api-errors';
import { maskConfiguration } from './configuration-secrets';
import { epochSeconds } from './java-time-format';
import { parseConfigBody } from './request-validation';
import { ok, type PlatformServices, type SimulatorRoute } from './route-context';
import { isPlainObject } from './schema-record-generator';
import type { CloudBuilderProjectRecord } from './simulator-records';

const forDefinitionSchema = z.object({ actorDefinitionId: z.uuid(), workspaceId: z.uuid() });
const projectSchema = z.object({
  workspaceId: z.uuid(),
  builderProjectId: z.uuid(),
  version: z.number().int().optional(),
});
const testingValuesSchema = z.object({
  workspaceId: z.uuid(),
  builderProjectId: z.uuid(),
  spec: z.record(z.string(), z.unknown()),
  testingValues: z.record(z.string(), z.unknown()),
});

function requireProject(
  services: PlatformServices,
  workspaceId: string,
  id: string,
): CloudBuilderProjectRecord {
  const project = services.state.builderProjects.get(id);
  if (!project || project.deleted || project.workspaceId !== workspaceId) {
    throw configNotFound(id, `Could not find configuration for CONNECTOR_BUILDER_PROJECT: ${id}.`);
  }
  return project;
}

/** Properties a connector spec marks `airbyte_secret`, whose testing values are shown masked. */
function secretProperties(spec: Record<string, unknown>): string[] {
  const connectionSpec = spec.connectionSpecification ?? spec.connection_specification;
  const properties =
    isPlainObject(connectionSpec) && isPlainObject(connectionSpec.properties)
      ? connectionSpec.properties
      : {};
  return Object.entries(properties)
    .filter(([, definition]) => isPlainObject(definition) && definition.airbyte_secret === true)
    .map(([name]) => name);
}

/**
 * Config API routes of connector builder projects: find the project of a definition, read it
 * with its manifest and testing values, and replace its testing values.
 *
 * @example
 * ```ts
 * new RouteTable(configBuilderRoutes());
 * ```
 */
export function configBuilderRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'config',
      method: 'POST',
      path: '/connector_builder_projects/get_for_definition_id',
      operationId: 'getConnectorBuilderProjectIdForDefinitionId',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parseConfigBody(forDefinitionSchema, body);
        const definition = services.state.declarativeDefinitions.get(input.actorDefinitionId);
        const project =
          definition && !definition.deleted
            ? services.state.builderProjects.get(definition.builderProjectId)
            : undefined;
        return ok(
          project && !project.deleted
            ? { builderProjectId: project.builderProjectId, workspaceId: project.workspaceId }
            : { builderProjectId: null, workspaceId: null },
        );
      },
    },
    {
      api: 'config',
      method: 'POST',
      path: '/connector_builder_projects/get_with_manifest',
      operationId: 'getConnectorBuilderProject',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parseConfigBody(projectSchema, body);
        const project = requireProject(services, input.workspaceId, input.builderProjectId);
        const definition =
          project.sourceDefinitionId === undefined
            ? undefined
            : services.state.declarativeDefinitions.get(project.sourceDefinitionId);
        const version = input.version ?? definition?.activeVersion;
        const published = version === undefined ? undefined : definition?.versions.get(version);
        const hasDraft = project.draftManifest !== undefined;
        const manifest =
          hasDraft && input.version === undefined
            ? {
                manifest: structuredClone(project.draftManifest),
                isDraft: true,
                ...(version === undefined ? {} : { version }),
              }
            : published
              ? { manifest: structuredClone(published), isDraft: false, version, description: '' }
              : undefined;
        return ok({
          builderProject: {
            name: project.name,
            builderProjectId: project.builderProjectId,
            ...(project.sourceDefinitionId === undefined
              ? {}
              : { sourceDefinitionId: project.sourceDefinitionId }),
            ...(definition ? { activeDeclarativeManifestVersion: definition.activeVersion } : {}),
            hasDraft,
            updatedAt: epochSeconds(project.updatedAt),
          },
          ...(manifest ? { declarativeManifest: manifest } : {}),
          ...(project.testingValues ? { testingValues: structuredClone(project.testingValues) } : {}),
        });
      },
    },
    {
      api: 'config',
      method: 'POST',
      path: '/connector_builder_projects/update_testing_values',
      operationId: 'updateConnectorBuilderProjectTestingValues',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parseConfigBody(testingValuesSchema, body);
        const project = requireProject(services, input.workspaceId, input.builderProjectId);
        // The whole object is replaced; secrets are stored but only ever shown masked.
        const masked = maskConfiguration(input.testingValues, secretProperties(input.spec));
        project.testingValues = masked;
        project.updatedAt = services.clock.now();
        return ok(structuredClone(masked));
      },
    },
  ];
}
