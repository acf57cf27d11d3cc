import { definedOptions } from '@conduit/protocol';
import * as z from 'zod';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformApi } from '../http/platform-api';
import {
  type DeclarativeDefinition,
  DeclarativeDefinitionSchema,
  type DockerDefinition,
  DockerDefinitionSchema,
} from '../http/wire-schemas';
import type { CloudWorkspace } from './cloud-workspace';
import { assertSafeToDelete } from './safe-mode';
import { workspaceContext } from './workspace-context';

/**
 * The kind of a custom source definition: `yaml` (a declarative manifest built with the connector
 * builder) or `docker` (an image).
 *
 * @example
 * ```ts
 * const type: CustomDefinitionType = 'yaml';
 * ```
 */
export type CustomDefinitionType = 'yaml' | 'docker';

/**
 * A custom definition's details, as read from the API.
 *
 * @example
 * ```ts
 * const info: CustomSourceDefinitionInfo = { definitionId: id, definitionType: 'yaml', name: 'people', version: '1' };
 * ```
 */
export interface CustomSourceDefinitionInfo {
  definitionId: string;
  definitionType: CustomDefinitionType;
  name: string;
  /** YAML definitions: the active manifest. */
  manifest?: Record<string, unknown> | undefined;
  /** YAML definitions: the active manifest version. */
  version?: string | undefined;
  /** Docker definitions. */
  dockerRepository?: string | undefined;
  dockerImageTag?: string | undefined;
  documentationUrl?: string | undefined;
}

const BuilderProjectIdSchema = z.looseObject({
  builderProjectId: z.string().nullable().optional(),
  workspaceId: z.string().nullable().optional(),
});
const BuilderProjectSchema = z.looseObject({
  testingValues: z.record(z.string(), z.unknown()).nullable().optional(),
});

/**
 * The API path of a custom definition (or of the collection, without an id).
 *
 * @example
 * ```ts
 * customDefinitionPath(workspaceId, 'yaml', id); // '/workspaces/…/definitions/declarative_sources/…'
 * ```
 */
export function customDefinitionPath(
  workspaceId: string,
  type: CustomDefinitionType,
  definitionId?: string,
): string {
  const collection = type === 'yaml' ? 'declarative_sources' : 'sources';
  return PlatformApi.path(
    'workspaces',
    workspaceId,
    'definitions',
    collection,
    ...(definitionId ? [definitionId] : []),
  );
}

/**
 * Sends a request whose answer is one custom definition of the given type, and reads it.
 *
 * @example
 * ```ts
 * await requestCustomDefinition(api, 'yaml', { path: customDefinitionPath(ws, 'yaml', id) });
 * ```
 */
export async function requestCustomDefinition(
  api: PlatformApi,
  type: CustomDefinitionType,
  request: { method?: 'GET' | 'POST' | 'DELETE'; path: string; json?: unknown; id?: string },
): Promise<CustomSourceDefinitionInfo> {
  const common = {
    method: request.method ?? 'GET',
    path: request.path,
    ...definedOptions({
      json: request.json,
      resource: request.id === undefined ? undefined : { type: 'custom_source_definition', id: request.id },
    }),
  } as const;
  if (type === 'yaml')
    return fromDeclarative(await api.request({ ...common, schema: DeclarativeDefinitionSchema }));
  return fromDocker(await api.request({ ...common, schema: DockerDefinitionSchema }));
}

/**
 * Every custom definition of a type the workspace lists.
 *
 * @example
 * ```ts
 * await listCustomDefinitions(api, workspaceId, 'yaml');
 * ```
 */
export async function listCustomDefinitions(
  api: PlatformApi,
  workspaceId: string,
  type: CustomDefinitionType,
): Promise<CustomSourceDefinitionInfo[]> {
  const path = customDefinitionPath(workspaceId, type);
  if (type === 'yaml') {
    const body = await api.request({
      path,
      schema: z.looseObject({ data: z.array(DeclarativeDefinitionSchema) }),
    });
    return body.data.map(fromDeclarative);
  }
  const body = await api.request({ path, schema: z.looseObject({ data: z.array(DockerDefinitionSchema) }) });
  return body.data.map(fromDocker);
}

function fromDeclarative(wire: DeclarativeDefinition): CustomSourceDefinitionInfo {
  return {
    definitionId: wire.id,
    definitionType: 'yaml',
    name: wire.name,
    manifest: wire.manifest,
    version: wire.version === undefined ? undefined : String(wire.version),
  };
}

function fromDocker(wire: DockerDefinition): CustomSourceDefinitionInfo {
  return {
    definitionId: wire.id,
    definitionType: 'docker',
    name: wire.name,
    dockerRepository: wire.dockerRepository,
    dockerImageTag: wire.dockerImageTag,
    documentationUrl: wire.documentationUrl ?? undefined,
  };
}

/**
 * A custom source definition of a workspace: a YAML (declarative) manifest, or a Docker image.
 * Get one with `workspace.publishCustomSourceDefinition()`, `getCustomSourceDefinition()` or
 * `listCustomSourceDefinitions()`.
 *
 * @example
 * ```ts
 * const definition = await workspace.getCustomSourceDefinition(id, { definitionType: 'yaml' });
 * console.log(definition.name, definition.version);
 * ```
 */
export class CustomCloudSourceDefinition {
  readonly workspace: CloudWorkspace;
  readonly definitionId: string;
  readonly definitionType: CustomDefinitionType;
  readonly name: string;
  readonly manifest: Record<string, unknown> | undefined;
  readonly version: string | undefined;
  readonly dockerRepository: string | undefined;
  readonly dockerImageTag: string | undefined;
  readonly documentationUrl: string | undefined;
  #builderProjectId: Promise<string | undefined> | undefined;

  constructor(workspace: CloudWorkspace, info: CustomSourceDefinitionInfo) {
    this.workspace = workspace;
    this.definitionId = info.definitionId;
    this.definitionType = info.definitionType;
    this.name = info.name;
    this.manifest = info.manifest;
    this.version = info.version;
    this.dockerRepository = info.dockerRepository;
    this.dockerImageTag = info.dockerImageTag;
    this.documentationUrl = info.documentationUrl;
  }

  /** Where the workspace's custom sources are managed in the web app. */
  get definitionUrl(): string {
    return `${this.workspace.workspaceUrl}/settings/source`;
  }

  /** The connector builder project behind a YAML definition (memoised); undefined for Docker. */
  getConnectorBuilderProjectId(): Promise<string | undefined> {
    if (this.definitionType !== 'yaml') return Promise.resolve(undefined);
    if (!this.#builderProjectId) {
      const { api, workspaceId } = workspaceContext(this.workspace);
      const loading = api
        .configPost(
          '/connector_builder_projects/get_for_definition_id',
          { actorDefinitionId: this.definitionId, workspaceId },
          BuilderProjectIdSchema,
        )
        .then((body) => body.builderProjectId ?? undefined);
      this.#builderProjectId = loading;
      loading.catch(() => {
        if (this.#builderProjectId === loading) this.#builderProjectId = undefined;
      });
    }
    return this.#builderProjectId;
  }

  /** The builder project's testing values (secrets masked), if any were set. */
  async getTestingValues(): Promise<Record<string, unknown> | undefined> {
    const projectId = await this.#requireProject();
    const { api, workspaceId } = workspaceContext(this.workspace);
    const body = await api.configPost(
      '/connector_builder_projects/get_with_manifest',
      { workspaceId, builderProjectId: projectId },
      BuilderProjectSchema,
    );
    return body.testingValues ?? undefined;
  }

  /**
   * Replaces the builder project's whole testing-values object (values not given are removed).
   * YAML definitions only.
   */
  async setTestingValues(testingValues: Record<string, unknown>): Promise<void> {
    const projectId = await this.#requireProject();
    const { api, workspaceId } = workspaceContext(this.workspace);
    const spec = (this.manifest?.spec ?? {}) as Record<string, unknown>;
    await api.configPost(
      '/connector_builder_projects/update_testing_values',
      {
        workspaceId,
        builderProjectId: projectId,
        testingValues,
        spec: definedOptions({
          documentationUrl: spec.documentation_url,
          connectionSpecification: spec.connection_specification,
          advancedAuth: spec.advanced_auth,
        }),
      },
      z.unknown(),
    );
  }

  /**
   * Deletes the definition. In safe mode (default) its current name is read first and must
   * contain `delete-me` or `deleteme`, or nothing is deleted.
   */
  async permanentlyDelete(options: { safeMode?: boolean } = {}): Promise<void> {
    const context = workspaceContext(this.workspace);
    const path = customDefinitionPath(context.workspaceId, this.definitionType, this.definitionId);
    if (options.safeMode ?? true) {
      const current = await requestCustomDefinition(context.api, this.definitionType, {
        path,
        id: this.definitionId,
      });
      assertSafeToDelete(
        [
          {
            resourceType: 'custom_source_definition',
            resourceId: this.definitionId,
            resourceName: current.name,
          },
        ],
        context,
      );
    }
    await context.api.request({
      method: 'DELETE',
      path,
      resource: { type: 'custom_source_definition', id: this.definitionId },
    });
  }

  async #requireProject(): Promise<string> {
    if (this.definitionType !== 'yaml') {
      throw new PlatformInputError('Testing values exist only for YAML (connector builder) definitions.', {
        field: 'definitionType',
        inputValue: this.definitionType,
      });
    }
    const projectId = await this.getConnectorBuilderProjectId();
    if (projectId === undefined) {
      throw new PlatformInputError(`Definition ${this.definitionId} has no connector builder project.`, {
        field: 'definitionId',
        inputValue: this.definitionId,
      });
    }
    return projectId;
  }
}
