import type { ConnectionSyncMode } from './connection-sync-modes';

/**
 * Billing status values of an organization (Config API `OrganizationInfoRead.billing`).
 *
 * @example
 * ```ts
 * sim.state.addOrganization({ billing: { paymentStatus: 'locked', subscriptionStatus: 'unsubscribed' } });
 * ```
 */
export interface CloudOrganizationBilling {
  paymentStatus: 'uninitialized' | 'okay' | 'grace_period' | 'disabled' | 'locked' | 'manual';
  subscriptionStatus?: 'pre_subscription' | 'unsubscribed' | 'subscribed';
  accountType?: 'free' | 'internal';
  gracePeriodEndsAt?: number;
}

/**
 * An organization of the simulated platform.
 *
 * @example
 * ```ts
 * sim.state.organizations.get(sim.organizationId)?.organizationName;
 * ```
 */
export interface CloudOrganizationRecord {
  organizationId: string;
  organizationName: string;
  email: string;
  sso: boolean;
  scim: boolean;
  billing?: CloudOrganizationBilling;
  organizationPlanId?: string;
}

/**
 * A workspace.
 *
 * @example
 * ```ts
 * sim.state.workspaces.get(sim.workspaceId)?.dataResidency; // 'auto'
 * ```
 */
export interface CloudWorkspaceRecord {
  workspaceId: string;
  name: string;
  organizationId: string;
  /** Lower-cased data-plane group, e.g. `auto`. */
  dataResidency: string;
  notifications: Record<string, unknown>;
  regionId?: string;
  createdAt: number;
  deleted: boolean;
}

/**
 * A deployed source or destination.
 *
 * @example
 * ```ts
 * sim.state.destinations.get(destinationId)?.configuration.password; // the real secret
 * ```
 */
export interface CloudActorRecord {
  kind: 'source' | 'destination';
  id: string;
  name: string;
  workspaceId: string;
  definitionId: string;
  /** Connector short name (`faker`, `postgres`); `""` for custom definitions. */
  actorType: string;
  /** The stored configuration, with real secrets and without `sourceType`/`destinationType`. */
  configuration: Record<string, unknown>;
  resourceAllocation?: Record<string, unknown>;
  createdAt: number;
  deleted: boolean;
}

/** A mapper configured on a connection stream (stored and echoed, not applied). */
export interface ConfiguredMapperRecord {
  id?: string;
  type: string;
  mapperConfiguration: Record<string, unknown>;
}

/**
 * One selected stream of a connection.
 *
 * @example
 * ```ts
 * sim.state.connections.get(connectionId)?.streams.map((stream) => stream.syncMode);
 * ```
 */
export interface CloudStreamConfigRecord {
  name: string;
  namespace?: string;
  syncMode: ConnectionSyncMode;
  cursorField: string[];
  primaryKey: string[][];
  /** When present, only these top-level fields (plus key and cursor) are written. */
  selectedFields?: Array<{ fieldPath: string[] }>;
  mappers: ConfiguredMapperRecord[];
  includeFiles?: boolean;
  destinationObjectName?: string;
}

/** A connection's schedule as the public API returns it. */
export type ScheduleRecord =
  | { scheduleType: 'manual' }
  | { scheduleType: 'cron'; cronExpression: string }
  | { scheduleType: 'basic'; basicTiming: string };

/** Connection status values. */
export type ConnectionStatus = 'active' | 'inactive' | 'deprecated' | 'locked';

/**
 * A connection.
 *
 * @example
 * ```ts
 * sim.state.connections.get(connectionId)?.status; // 'deprecated' after DELETE
 * ```
 */
export interface CloudConnectionRecord {
  connectionId: string;
  name: string;
  workspaceId: string;
  sourceId: string;
  destinationId: string;
  status: ConnectionStatus;
  statusReason?: string;
  schedule: ScheduleRecord;
  namespaceDefinition: 'source' | 'destination' | 'custom_format';
  namespaceFormat?: string;
  prefix: string;
  nonBreakingSchemaUpdatesBehavior: 'ignore' | 'disable_connection' | 'propagate_columns' | 'propagate_fully';
  streams: CloudStreamConfigRecord[];
  tags: Array<Record<string, unknown>>;
  createdAt: number;
  /** Bumped by every truncating sync and by clears; written to `_airbyte_generation_id`. */
  generationId: number;
  notifySchemaChanges: boolean;
  notifySchemaChangesByEmail: boolean;
}

/** The Config API's per-stream state entry. */
export interface StreamStateEntry {
  streamDescriptor: { name: string; namespace?: string };
  streamState?: Record<string, unknown>;
}

/**
 * A connection's state, in the Config API's `ConnectionState` shape minus `connectionId`.
 *
 * @example
 * ```ts
 * sim.state.connectionStates.set(connectionId, { stateType: 'stream', streamState: [] });
 * ```
 */
export interface CloudConnectionStateRecord {
  stateType: 'global' | 'stream' | 'legacy' | 'not_set';
  state?: Record<string, unknown>;
  streamState?: StreamStateEntry[];
  globalState?: { shared_state?: Record<string, unknown>; streamStates: StreamStateEntry[] };
}

/**
 * A custom declarative (YAML) source definition with its manifest versions.
 *
 * @example
 * ```ts
 * sim.state.declarativeDefinitions.get(definitionId)?.activeVersion; // 1
 * ```
 */
export interface CloudDeclarativeDefinitionRecord {
  id: string;
  workspaceId: string;
  name: string;
  /** Published manifests by version number. */
  versions: Map<number, Record<string, unknown>>;
  activeVersion: number;
  builderProjectId: string;
  deleted: boolean;
}

/**
 * A custom Docker source definition.
 *
 * @example
 * ```ts
 * sim.state.dockerDefinitions.get(definitionId)?.dockerImageTag;
 * ```
 */
export interface CloudDockerDefinitionRecord {
  id: string;
  workspaceId: string;
  name: string;
  dockerRepository: string;
  dockerImageTag: string;
  documentationUrl?: string;
  deleted: boolean;
}

/**
 * The connector builder project behind a declarative definition.
 *
 * @example
 * ```ts
 * const project = sim.state.builderProjects.get(builderProjectId);
 * if (project) project.draftManifest = { ...manifest, description: 'work in progress' };
 * ```
 */
export interface CloudBuilderProjectRecord {
  builderProjectId: string;
  workspaceId: string;
  name: string;
  sourceDefinitionId?: string;
  /** An unpublished manifest edited in the builder, if any. */
  draftManifest?: Record<string, unknown>;
  testingValues?: Record<string, unknown>;
  updatedAt: number;
  deleted: boolean;
}

/**
 * A scripted answer for a connector check (`/sources/check_connection` and friends).
 *
 * @example
 * ```ts
 * sim.state.scriptCheck(destinationId, { status: 'failed', message: 'Could not connect' });
 * ```
 */
export interface CloudCheckScript {
  status: 'succeeded' | 'failed';
  message?: string;
}
