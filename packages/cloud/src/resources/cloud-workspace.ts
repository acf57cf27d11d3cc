import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConduitError, definedOptions } from '@conduit/protocol';
import * as z from 'zod';
import { CloudClientConfig, readEnv, type SecretInput } from '../config/cloud-client-config';
import { CLOUD_ENV } from '../config/cloud-defaults';
import { trimRoot, webRootFor } from '../config/platform-roots';
import type { SecretString } from '../config/secret-string';
import { PlatformDuplicateResourcesError } from '../errors/platform-duplicate-resources-error';
import { PlatformError } from '../errors/platform-error';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformSecretNotFoundError } from '../errors/platform-secret-not-found-error';
import { type CloudHttpOptions, PlatformApi } from '../http/platform-api';
import {
  ConnectionResponseSchema,
  DestinationResponseSchema,
  OrganizationInfoSchema,
  SourceResponseSchema,
} from '../http/wire-schemas';
import { JobWatcher } from '../jobs/job-watcher';
import { type PollingClock, systemPollingClock } from '../jobs/polling-clock';
import { type PollingOptions, resolvePollingOptions } from '../jobs/polling-options';
import { loadManifest, type ManifestInput } from '../manifest/load-manifest';
import { validateManifest } from '../manifest/validate-manifest';
import type { WarehouseSecretResolver } from '../warehouse/warehouse-reader';
import { WarehouseReaderRegistry } from '../warehouse/warehouse-reader-registry';
import { type CascadeDeleteOptions, CloudConnection } from './cloud-connection';
import { CloudDestination, destinationInfo } from './cloud-destination';
import { CloudOrganization } from './cloud-organization';
import { CloudSource, sourceInfo } from './cloud-source';
import { toConnectionInfo } from './connection-info';
import {
  CustomCloudSourceDefinition,
  type CustomDefinitionType,
  customDefinitionPath,
  listCustomDefinitions,
  requestCustomDefinition,
} from './custom-source-definition';
import { type ConnectorConfigInput, deployConfiguration } from './deploy-input';
import { randomNameSuffix as makeRandomNameSuffix } from './random-name-suffix';
import { assertSafeToDelete, type DeletionTarget } from './safe-mode';
import { bindWorkspaceContext, type WorkspaceContext, workspaceContext } from './workspace-context';

/**
 * Arguments of {@link CloudWorkspace}: the seed's constructor arguments (`workspaceId`,
 * `clientId`, `clientSecret`, `apiRoot`, `bearerToken`; exactly one authentication method) plus
 * HTTP, polling and read-back settings. Every timeout and interval is in seconds.
 *
 * @example
 * ```ts
 * const options: CloudWorkspaceOptions = { workspaceId, clientId, clientSecret, polling: { maxInterval: 5 } };
 * ```
 */
export interface CloudWorkspaceOptions extends CloudHttpOptions {
  workspaceId: string;
  clientId?: SecretInput;
  clientSecret?: SecretInput;
  bearerToken?: SecretInput;
  /** The public API root; default `https://api.airbyte.com/v1`. */
  apiRoot?: string;
  /** The Config API root; default derived from `apiRoot` (see `CloudClientConfigInit`). */
  configApiRoot?: string;
  /** The web app's root for `workspaceUrl` and other links; default derived from `apiRoot`. */
  webRoot?: string;
  /** Time and sleep for job polling; default the real clock. Inject one to drive a simulated clock. */
  clock?: PollingClock;
  polling?: PollingOptions;
  /** Which reader reads back which destination type; default PostgreSQL, DuckDB and MotherDuck. */
  warehouseReaders?: WarehouseReaderRegistry;
  /** Supplies warehouse credentials the API masks (database passwords, MotherDuck tokens). */
  warehouseSecrets?: WarehouseSecretResolver;
  /** Where a self-managed installation keeps DuckDB `/local/…` files; default `<tmpdir>/airbyte_local`. */
  duckdbLocalRoot?: string;
}

/**
 * Options of {@link CloudWorkspace.fromEnv}: everything but credentials, which come from the
 * environment.
 *
 * @example
 * ```ts
 * CloudWorkspace.fromEnv({ workspaceId, polling: { maxInterval: 5 } });
 * ```
 */
export interface CloudWorkspaceFromEnvOptions
  extends Omit<CloudWorkspaceOptions, 'workspaceId' | 'clientId' | 'clientSecret' | 'bearerToken'> {
  /** Wins over `PLATFORM_CLOUD_WORKSPACE_ID`. */
  workspaceId?: string;
  /** The environment to read; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Options of {@link CloudWorkspace.deploySource} / {@link CloudWorkspace.deployDestination}.
 *
 * @example
 * ```ts
 * await workspace.deploySource({ name: 'faker', source: { connectorName: 'source-faker', config: {} }, randomNameSuffix: true });
 * ```
 */
export interface DeployConnectorOptions {
  name: string;
  /** Refuse (with `PlatformDuplicateResourcesError`) when the name is taken. Default true. */
  unique?: boolean;
  /** Append ` (ID: xxxxxxxxx)` to the name (before the uniqueness check). Default false. */
  randomNameSuffix?: boolean;
}

/**
 * Options of {@link CloudWorkspace.deployConnection}.
 *
 * @example
 * ```ts
 * await workspace.deployConnection({ connectionName: 'faker → pg', source, destination, selectedStreams: ['users'] });
 * ```
 */
export interface DeployConnectionOptions {
  connectionName: string;
  /** A deployed source, or its id. */
  source: CloudSource | string;
  /** A deployed destination, or its id. */
  destination: CloudDestination | string;
  /** At least one stream. */
  selectedStreams: readonly string[];
  /** Put in front of every table name. Default none. */
  tablePrefix?: string;
}

/**
 * Options of the list operations. `name` (exact, case-sensitive) and `nameFilter` exclude each
 * other.
 *
 * @example
 * ```ts
 * await workspace.listSources({ nameFilter: (name) => name.startsWith('tmp-') });
 * ```
 */
export interface ListResourcesOptions {
  name?: string;
  nameFilter?: (name: string) => boolean;
}

/**
 * Options of {@link CloudWorkspace.publishCustomSourceDefinition}: give `manifestYaml`, or both
 * `dockerImage` and `dockerTag`.
 *
 * @example
 * ```ts
 * await workspace.publishCustomSourceDefinition({ name: 'people', manifestYaml: './people.yaml', testingValues: { api_key: 'k' } });
 * ```
 */
export interface PublishCustomSourceDefinitionOptions {
  name: string;
  /** A manifest object, a YAML string, or a YAML file (`URL`, or a one-line path ending in `.yaml`/`.yml`/`.json`). */
  manifestYaml?: ManifestInput;
  dockerImage?: string;
  dockerTag?: string;
  /** Docker definitions: the connector's documentation page. */
  documentationUrl?: string;
  /** Refuse when a definition of that type already has the name. Default true. */
  unique?: boolean;
  /** Validate the manifest locally before any call (YAML only). Default true. */
  preValidate?: boolean;
  /** Replace the connector builder project's testing values after publishing (YAML only). */
  testingValues?: Record<string, unknown>;
}

/**
 * A safe-mode option.
 *
 * @example
 * ```ts
 * await workspace.permanentlyDeleteSource(sourceId, { safeMode: false });
 * ```
 */
export interface SafeModeOptions {
  /** Require `delete-me` / `deleteme` in every deleted item's name. Default true. */
  safeMode?: boolean;
}

const devNullDefinitionId = 'a7bcc9d8-13b3-4e49-b80d-d020b90045e3';
const WorkspaceResponseSchema = z.looseObject({ workspaceId: z.string() });

/**
 * A workspace of the data platform: deploy sources, destinations and connections, list and delete
 * them, publish custom source definitions, and reach connections' sync jobs and results. Nothing
 * is requested at construction; `connect()` checks reachability and credentials explicitly.
 *
 * Every timeout and interval of this package is in seconds.
 *
 * @example
 * ```ts
 * const workspace = CloudWorkspace.fromEnv();
 * await workspace.connect();
 * const connection = workspace.getConnection(connectionId);
 * const result = await connection.runSync({ waitTimeout: 600 });
 * ```
 */
export class CloudWorkspace {
  readonly workspaceId: string;
  readonly config: CloudClientConfig;
  /** The web page of the workspace. */
  readonly workspaceUrl: string;
  #organization: CloudOrganization | undefined;

  constructor(options: CloudWorkspaceOptions) {
    if (typeof options.workspaceId !== 'string' || options.workspaceId.trim() === '') {
      throw new PlatformInputError('Workspace ID is required.', { field: 'workspaceId' });
    }
    this.workspaceId = options.workspaceId;
    this.config = new CloudClientConfig(
      definedOptions({
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        bearerToken: options.bearerToken,
        apiRoot: options.apiRoot,
        configApiRoot: options.configApiRoot,
      }),
    );
    const webRoot = trimRoot(options.webRoot ?? webRootFor(this.config.apiRoot));
    this.workspaceUrl = `${webRoot}/workspaces/${this.workspaceId}`;
    const clock = options.clock ?? systemPollingClock;
    const api = new PlatformApi(this.config, { ...options, now: () => clock.now() });
    const context: WorkspaceContext = {
      api,
      workspaceId: this.workspaceId,
      workspaceUrl: this.workspaceUrl,
      clock,
      watcher: new JobWatcher(api, this.workspaceId, clock, resolvePollingOptions(options.polling)),
      warehouseReaders: options.warehouseReaders ?? WarehouseReaderRegistry.withDefaults(),
      warehouseSecrets: options.warehouseSecrets,
      duckdbLocalRoot: options.duckdbLocalRoot ?? join(tmpdir(), 'airbyte_local'),
    };
    bindWorkspaceContext(this, context);
  }

  /**
   * A workspace configured from the environment: credentials as {@link CloudClientConfig.fromEnv}
   * (`PLATFORM_CLOUD_BEARER_TOKEN` first, then `PLATFORM_CLOUD_CLIENT_ID` and
   * `PLATFORM_CLOUD_CLIENT_SECRET`; `PLATFORM_CLOUD_API_URL` for `apiRoot`), and `workspaceId`
   * from the argument, else `PLATFORM_CLOUD_WORKSPACE_ID` ({@link PlatformSecretNotFoundError}
   * when neither is set).
   *
   * @example
   * ```ts
   * const workspace = CloudWorkspace.fromEnv({ apiRoot: 'https://airbyte.internal/api/public/v1' });
   * ```
   */
  static fromEnv(options: CloudWorkspaceFromEnvOptions = {}): CloudWorkspace {
    const { env: givenEnv, workspaceId: givenId, ...rest } = options;
    const env = givenEnv ?? process.env;
    const config = CloudClientConfig.fromEnv(
      definedOptions({ env, apiRoot: options.apiRoot, configApiRoot: options.configApiRoot }),
    );
    const workspaceId = givenId ?? readEnv(env, CLOUD_ENV.workspaceId);
    if (workspaceId === undefined) {
      throw new PlatformSecretNotFoundError(
        `Secret ${CLOUD_ENV.workspaceId} not found in the environment, and no workspaceId was given.`,
        { secretName: CLOUD_ENV.workspaceId, sources: ['environment'] },
      );
    }
    return new CloudWorkspace({
      ...rest,
      workspaceId,
      apiRoot: config.apiRoot,
      ...definedOptions({
        configApiRoot: config.configApiRoot,
        bearerToken: config.bearerToken,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
      }),
    });
  }

  /** The public API root. */
  get apiRoot(): string {
    return this.config.apiRoot;
  }

  get clientId(): SecretString | undefined {
    return this.config.clientId;
  }

  get clientSecret(): SecretString | undefined {
    return this.config.clientSecret;
  }

  get bearerToken(): SecretString | undefined {
    return this.config.bearerToken;
  }

  /** Checks that the workspace is reachable and the credentials work (`GET /workspaces/{id}`). */
  async connect(options: { signal?: AbortSignal } = {}): Promise<void> {
    const { api } = workspaceContext(this);
    await api.request({
      path: PlatformApi.path('workspaces', this.workspaceId),
      schema: WorkspaceResponseSchema,
      signal: options.signal,
      resource: { type: 'workspace', id: this.workspaceId },
    });
  }

  /** A connection of this workspace, as a lazy object: no request is made now. */
  getConnection(connectionId: string): CloudConnection {
    return new CloudConnection({ workspace: this, connectionId: requireId(connectionId, 'connectionId') });
  }

  /** A source, as a lazy object: no request is made now. */
  getSource(sourceId: string): CloudSource {
    return new CloudSource(this, requireId(sourceId, 'sourceId'));
  }

  /** A destination, as a lazy object: no request is made now. */
  getDestination(destinationId: string): CloudDestination {
    return new CloudDestination(this, requireId(destinationId, 'destinationId'));
  }

  /**
   * The workspace's organization (Config API; needs `ORGANIZATION_READER`), cached after the first
   * success. Failures throw a `PlatformError`, or with `raiseOnError: false` give undefined.
   */
  async getOrganization(options: { raiseOnError?: boolean } = {}): Promise<CloudOrganization | undefined> {
    if (this.#organization) return this.#organization;
    const context = workspaceContext(this);
    try {
      const info = await context.api.configPost(
        '/workspaces/get_organization_info',
        { workspaceId: this.workspaceId },
        OrganizationInfoSchema,
      );
      if (!info.organizationId || !info.organizationName) {
        throw new PlatformError('Organization info is incomplete.', {
          code: 'incomplete_response',
          workspaceId: this.workspaceId,
          workspaceUrl: this.workspaceUrl,
        });
      }
      this.#organization = new CloudOrganization({
        organizationId: info.organizationId,
        organizationName: info.organizationName,
        sso: info.sso,
        billing: info.billing ?? undefined,
      });
      return this.#organization;
    } catch (error) {
      if (!(options.raiseOnError ?? true) && ConduitError.isInstance(error)) return undefined;
      if (error instanceof PlatformError || !ConduitError.isInstance(error)) throw error;
      // A network failure or timeout is still this operation failing: one error family for callers.
      throw new PlatformError(
        `Could not read the organization of workspace ${this.workspaceId}: ${error.message}`,
        {
          code: error.code,
          retryable: error.retryable,
          workspaceId: this.workspaceId,
          workspaceUrl: this.workspaceUrl,
          cause: error,
        },
      );
    }
  }

  /** Every connection of the workspace (all pages), optionally filtered by name; details are cached on each. */
  async listConnections(options: ListResourcesOptions = {}): Promise<CloudConnection[]> {
    const matches = nameMatcher(options);
    const items = await this.#listAll('/connections', ConnectionResponseSchema);
    return items
      .filter((wire) => matches(wire.name ?? ''))
      .map(
        (wire) =>
          new CloudConnection({ workspace: this, connectionId: wire.connectionId }, toConnectionInfo(wire)),
      );
  }

  /** Every source of the workspace (all pages), optionally filtered by name; details are cached on each. */
  async listSources(options: ListResourcesOptions = {}): Promise<CloudSource[]> {
    const matches = nameMatcher(options);
    const items = await this.#listAll('/sources', SourceResponseSchema);
    return items
      .filter((wire) => matches(wire.name))
      .map((wire) => new CloudSource(this, wire.sourceId, sourceInfo(wire)));
  }

  /** Every destination of the workspace (all pages), optionally filtered by name; details are cached on each. */
  async listDestinations(options: ListResourcesOptions = {}): Promise<CloudDestination[]> {
    const matches = nameMatcher(options);
    const items = await this.#listAll('/destinations', DestinationResponseSchema);
    return items
      .filter((wire) => matches(wire.name))
      .map((wire) => new CloudDestination(this, wire.destinationId, destinationInfo(wire)));
  }

  /**
   * Deploys a source from a local connector or a configuration with `sourceType`. With `unique`
   * (default) an existing source of the same name is refused before anything is created.
   */
  async deploySource(
    options: DeployConnectorOptions & { source: ConnectorConfigInput },
  ): Promise<CloudSource> {
    const { configuration } = deployConfiguration(options.source, 'source');
    const name = await this.#deployName(options, 'source', (candidate) =>
      this.listSources({ name: candidate }),
    );
    const { api } = workspaceContext(this);
    const wire = await api.request({
      method: 'POST',
      path: '/sources',
      json: { name, workspaceId: this.workspaceId, configuration },
      schema: SourceResponseSchema,
    });
    return new CloudSource(this, wire.sourceId, sourceInfo(wire));
  }

  /**
   * Deploys a destination from a local connector or a configuration with `destinationType`. With
   * `unique` (default) an existing destination of the same name is refused first.
   */
  async deployDestination(
    options: DeployConnectorOptions & { destination: ConnectorConfigInput },
  ): Promise<CloudDestination> {
    const { configuration, connectorType } = deployConfiguration(options.destination, 'destination');
    const name = await this.#deployName(options, 'destination', (candidate) =>
      this.listDestinations({ name: candidate }),
    );
    const { api } = workspaceContext(this);
    const wire = await api.request({
      method: 'POST',
      path: '/destinations',
      json: {
        name,
        workspaceId: this.workspaceId,
        configuration,
        // The platform cannot map the dev-null short name to its definition by itself.
        ...(connectorType === 'dev-null' ? { definitionId: devNullDefinitionId } : {}),
      },
      schema: DestinationResponseSchema,
    });
    return new CloudDestination(this, wire.destinationId, destinationInfo(wire));
  }

  /**
   * Pairs a deployed source and destination into a new connection syncing `selectedStreams`
   * (manual schedule, namespace of the destination, non-breaking schema changes ignored). No
   * uniqueness check: connection names may repeat.
   */
  async deployConnection(options: DeployConnectionOptions): Promise<CloudConnection> {
    if (typeof options.connectionName !== 'string' || options.connectionName.trim() === '') {
      throw new PlatformInputError('connectionName must be a non-empty string', { field: 'connectionName' });
    }
    if (!Array.isArray(options.selectedStreams) || options.selectedStreams.length === 0) {
      throw new PlatformInputError('No streams selected: selectedStreams needs at least one stream name.', {
        field: 'selectedStreams',
        inputValue: options.selectedStreams,
      });
    }
    const sourceId = connectorIdOf(options.source, CloudSource, 'source');
    const destinationId = connectorIdOf(options.destination, CloudDestination, 'destination');
    const { api } = workspaceContext(this);
    const wire = await api.request({
      method: 'POST',
      path: '/connections',
      json: {
        destinationId,
        sourceId,
        configurations: { streams: options.selectedStreams.map((name) => ({ name })) },
        name: options.connectionName,
        namespaceDefinition: 'destination',
        nonBreakingSchemaUpdatesBehavior: 'ignore',
        prefix: options.tablePrefix ?? '',
      },
      schema: ConnectionResponseSchema,
    });
    return new CloudConnection(
      { workspace: this, connectionId: wire.connectionId, sourceId, destinationId },
      toConnectionInfo(wire),
    );
  }

  /**
   * Deletes a connection and, with the cascade options, its source and destination. In safe mode
   * (default) every name involved is read fresh and checked (`delete-me`/`deleteme`) before the
   * first DELETE is sent, so a refusal deletes nothing at all.
   */
  async permanentlyDeleteConnection(
    connection: CloudConnection | string,
    options: CascadeDeleteOptions & SafeModeOptions = {},
  ): Promise<void> {
    const target =
      typeof connection === 'string'
        ? this.getConnection(connection)
        : connection instanceof CloudConnection
          ? connection
          : invalidTarget('connection');
    const safeMode = options.safeMode ?? true;
    const cascadeSource = options.cascadeDeleteSource ?? false;
    const cascadeDestination = options.cascadeDeleteDestination ?? false;
    const { api } = workspaceContext(this);
    const targets: DeletionTarget[] = [];
    const deletes: Array<{ path: string; type: string; id: string }> = [
      {
        path: PlatformApi.path('connections', target.connectionId),
        type: 'connection',
        id: target.connectionId,
      },
    ];
    if (safeMode || cascadeSource || cascadeDestination) {
      const info = await target.getInfo({ refresh: true });
      targets.push({ resourceType: 'connection', resourceId: target.connectionId, resourceName: info.name });
      if (cascadeSource) {
        const source = this.getSource(info.sourceId);
        if (safeMode) {
          const { name } = await source.getInfo({ refresh: true });
          targets.push({ resourceType: 'source', resourceId: info.sourceId, resourceName: name });
        }
        deletes.push({ path: PlatformApi.path('sources', info.sourceId), type: 'source', id: info.sourceId });
      }
      if (cascadeDestination) {
        const destination = this.getDestination(info.destinationId);
        if (safeMode) {
          const { name } = await destination.getInfo({ refresh: true });
          targets.push({ resourceType: 'destination', resourceId: info.destinationId, resourceName: name });
        }
        deletes.push({
          path: PlatformApi.path('destinations', info.destinationId),
          type: 'destination',
          id: info.destinationId,
        });
      }
    }
    if (safeMode) assertSafeToDelete(targets, this);
    for (const entry of deletes) {
      await api.request({ method: 'DELETE', path: entry.path, resource: { type: entry.type, id: entry.id } });
    }
  }

  /** Deletes a source. In safe mode (default) its current name is checked first. */
  async permanentlyDeleteSource(source: CloudSource | string, options: SafeModeOptions = {}): Promise<void> {
    const target =
      typeof source === 'string'
        ? this.getSource(source)
        : source instanceof CloudSource
          ? source
          : invalidTarget('source');
    await this.#deleteConnector(target, 'sources', options);
  }

  /** Deletes a destination. In safe mode (default) its current name is checked first. */
  async permanentlyDeleteDestination(
    destination: CloudDestination | string,
    options: SafeModeOptions = {},
  ): Promise<void> {
    const target =
      typeof destination === 'string'
        ? this.getDestination(destination)
        : destination instanceof CloudDestination
          ? destination
          : invalidTarget('destination');
    await this.#deleteConnector(target, 'destinations', options);
  }

  /**
   * Publishes a custom source definition: a YAML manifest (`manifestYaml`), or a Docker image
   * (`dockerImage` with `dockerTag`); both or neither is a {@link PlatformInputError}, raised before
   * any request. `preValidate` checks the manifest locally first; `unique` refuses a taken name;
   * `testingValues` replaces the builder project's stored testing values after the definition is
   * created.
   */
  async publishCustomSourceDefinition(
    options: PublishCustomSourceDefinitionOptions,
  ): Promise<CustomCloudSourceDefinition> {
    if (typeof options.name !== 'string' || options.name.trim() === '') {
      throw new PlatformInputError('name must be a non-empty string', { field: 'name' });
    }
    const hasManifest = options.manifestYaml !== undefined && options.manifestYaml !== null;
    const hasDocker = options.dockerImage !== undefined || options.dockerTag !== undefined;
    if (hasManifest === hasDocker) {
      throw new PlatformInputError(
        hasManifest
          ? 'Give either manifestYaml or dockerImage with dockerTag, not both.'
          : 'Give either manifestYaml, or dockerImage with dockerTag.',
        { field: 'manifestYaml' },
      );
    }
    if (hasDocker && (!options.dockerImage || !options.dockerTag)) {
      throw new PlatformInputError('dockerImage and dockerTag are both required for a Docker definition.', {
        field: options.dockerImage ? 'dockerTag' : 'dockerImage',
      });
    }
    if (hasDocker && options.testingValues !== undefined) {
      throw new PlatformInputError('testingValues apply to YAML definitions only.', {
        field: 'testingValues',
      });
    }
    const type: CustomDefinitionType = hasManifest ? 'yaml' : 'docker';
    let body: Record<string, unknown>;
    if (type === 'yaml') {
      const manifest = await loadManifest(options.manifestYaml as ManifestInput);
      if (options.preValidate ?? true) validateManifest(manifest);
      else if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
        throw new PlatformInputError('The manifest must be a mapping.', { field: 'manifestYaml' });
      }
      // The spec's CreateDeclarativeSourceDefinitionRequest requires the workspace in the body too.
      body = { workspaceId: this.workspaceId, name: options.name, manifest };
    } else {
      body = {
        name: options.name,
        dockerRepository: options.dockerImage,
        dockerImageTag: options.dockerTag,
        ...definedOptions({ documentationUrl: options.documentationUrl }),
      };
    }
    const { api } = workspaceContext(this);
    if (options.unique ?? true) {
      const taken = (await listCustomDefinitions(api, this.workspaceId, type)).filter(
        (definition) => definition.name === options.name,
      );
      if (taken.length > 0) {
        throw new PlatformDuplicateResourcesError(
          `A custom source definition named "${options.name}" already exists in workspace ${this.workspaceId}.`,
          {
            resourceType: 'custom_source_definition',
            resourceName: options.name,
            existingIds: taken.map((definition) => definition.definitionId),
            workspaceId: this.workspaceId,
            workspaceUrl: this.workspaceUrl,
          },
        );
      }
    }
    const info = await requestCustomDefinition(api, type, {
      method: 'POST',
      path: customDefinitionPath(this.workspaceId, type),
      json: body,
    });
    const definition = new CustomCloudSourceDefinition(this, info);
    if (options.testingValues !== undefined) await definition.setTestingValues(options.testingValues);
    return definition;
  }

  /** One custom source definition of the given type. */
  async getCustomSourceDefinition(
    definitionId: string,
    options: { definitionType: CustomDefinitionType },
  ): Promise<CustomCloudSourceDefinition> {
    const type = checkDefinitionType(options?.definitionType);
    const { api } = workspaceContext(this);
    const info = await requestCustomDefinition(api, type, {
      path: customDefinitionPath(this.workspaceId, type, requireId(definitionId, 'definitionId')),
      id: definitionId,
    });
    return new CustomCloudSourceDefinition(this, info);
  }

  /**
   * The workspace's custom source definitions of a type. For `docker` the platform lists every
   * source definition the workspace can use (built-in ones too): it does not mark which are custom.
   */
  async listCustomSourceDefinitions(options: {
    definitionType: CustomDefinitionType;
  }): Promise<CustomCloudSourceDefinition[]> {
    const type = checkDefinitionType(options?.definitionType);
    const { api } = workspaceContext(this);
    return (await listCustomDefinitions(api, this.workspaceId, type)).map(
      (info) => new CustomCloudSourceDefinition(this, info),
    );
  }

  async #listAll<Item>(collectionPath: string, schema: z.ZodType<Item>): Promise<Item[]> {
    const { api } = workspaceContext(this);
    const pinned = { workspaceIds: this.workspaceId, includeDeleted: 'false' };
    return api.listAll({ collectionPath, query: { ...pinned, limit: '100', offset: '0' }, pinned }, schema);
  }

  async #deployName(
    options: DeployConnectorOptions,
    resourceType: 'source' | 'destination',
    existing: (name: string) => Promise<Array<{ connectorId: string }>>,
  ): Promise<string> {
    if (typeof options.name !== 'string' || options.name.trim() === '') {
      throw new PlatformInputError('name must be a non-empty string', { field: 'name' });
    }
    const { clock } = workspaceContext(this);
    const name = options.randomNameSuffix
      ? `${options.name}${makeRandomNameSuffix(clock.now())}`
      : options.name;
    if (options.unique ?? true) {
      const taken = await existing(name);
      if (taken.length > 0) {
        throw new PlatformDuplicateResourcesError(
          `A ${resourceType} named "${name}" already exists in workspace ${this.workspaceId}.`,
          {
            resourceType,
            resourceName: name,
            existingIds: taken.map((item) => item.connectorId),
            workspaceId: this.workspaceId,
            workspaceUrl: this.workspaceUrl,
            guidance: 'Pick another name, pass randomNameSuffix: true, or unique: false.',
          },
        );
      }
    }
    return name;
  }

  async #deleteConnector(
    target: CloudSource | CloudDestination,
    collection: 'sources' | 'destinations',
    options: SafeModeOptions,
  ): Promise<void> {
    const { api } = workspaceContext(this);
    if (options.safeMode ?? true) {
      const { name } = await target.getInfo({ refresh: true });
      assertSafeToDelete(
        [{ resourceType: target.connectorType, resourceId: target.connectorId, resourceName: name }],
        this,
      );
    }
    await api.request({
      method: 'DELETE',
      path: PlatformApi.path(collection, target.connectorId),
      resource: { type: target.connectorType, id: target.connectorId },
    });
  }
}

function requireId(id: string, field: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new PlatformInputError(`${field} must be a non-empty string`, { field, inputValue: id });
  }
  return id;
}

function invalidTarget(kind: string): never {
  throw new PlatformInputError(
    `Invalid ${kind}: give its id or a Cloud${kind[0]?.toUpperCase()}${kind.slice(1)} object.`,
    {
      field: kind,
    },
  );
}

function connectorIdOf(
  value: CloudSource | CloudDestination | string,
  type: typeof CloudSource | typeof CloudDestination,
  field: string,
): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (value instanceof type) return value.connectorId;
  return invalidTarget(field);
}

function nameMatcher(options: ListResourcesOptions): (name: string) => boolean {
  if (options.name !== undefined && options.nameFilter !== undefined) {
    throw new PlatformInputError('Give name or nameFilter, not both.', { field: 'nameFilter' });
  }
  if (options.name !== undefined) {
    const wanted = options.name;
    return (name) => name === wanted;
  }
  return options.nameFilter ?? (() => true);
}

function checkDefinitionType(value: unknown): CustomDefinitionType {
  if (value === 'yaml' || value === 'docker') return value;
  throw new PlatformInputError(`definitionType must be "yaml" or "docker", got ${JSON.stringify(value)}.`, {
    field: 'definitionType',
    inputValue: value,
  });
}
