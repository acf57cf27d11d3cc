import { createHash } from 'node:crypto';
import type { ConnectorModule } from '@conduit/connector-kit';
import type { ConnectorRecord } from '../store/store';
import type { AgentConnectorDetail, AgentConnectorListItem } from './agent-api-schemas';

// The agent API's names for a connector and its template (reference §1.2, §1.3). Conduit has one
// template per connector, so the template is the connector module itself, and its id the module's
// definition id.

/**
 * The id the agent API knows a connector's definition by: the first of the module's
 * `definitionIds` (the ids Airbyte's SDK sends), else one derived from the module's name, so a
 * connector with no published id still has a stable one.
 *
 * @example
 * ```ts
 * definitionIdOf(connectorRegistry.requireKind(record.connectorType)); // the module's first definitionIds entry
 * ```
 */
export function definitionIdOf(module: ConnectorModule): string {
  const published = module.definitionIds?.[0];
  if (published !== undefined) return published;
  // A name-based UUID (RFC 9562 §5.5 layout over SHA-1), the same on every server.
  const hex = createHash('sha1').update(`conduit-connector:${module.name}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

function templateCore(module: ConnectorModule) {
  return {
    id: definitionIdOf(module),
    name: module.displayName,
    icon: null,
    customization: null,
    tags: [] as string[],
    mode: 'DIRECT' as const,
    runtime_mode:
      module.sync === undefined ? ('direct_only' as const) : ('direct_and_context_store' as const),
    supports_context_store: module.sync !== undefined,
    created_at: null,
    updated_at: null,
  };
}

/**
 * A connector as the agent API lists it (`ConnectorSourceListItem`, reference §1.2): its id, name
 * and summarized template, whose `name` the Python client reads as the connector type.
 *
 * @example
 * ```ts
 * return c.json({ data: records.map((record) => connectorSourceListItem(record, moduleOf(record))) });
 * ```
 */
export function connectorSourceListItem(
  record: ConnectorRecord,
  module: ConnectorModule,
): AgentConnectorListItem {
  const definitionId = definitionIdOf(module);
  return {
    id: record.id,
    name: record.name,
    summarized_source_template: {
      ...templateCore(module),
      actor_definition_id: definitionId,
      connector_name: module.name,
      organization_id: null,
    },
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/**
 * A connector as the agent API's create and get answer it (`ConnectorSourceCreateResponse`,
 * reference §1.3). `replication_config` is the connector's config (subdomain, instance URL, …):
 * never its credentials.
 *
 * @example
 * ```ts
 * return c.json(connectorSourceDetail(record, module));
 * ```
 */
export function connectorSourceDetail(
  record: ConnectorRecord,
  module: ConnectorModule,
): AgentConnectorDetail {
  return {
    id: record.id,
    name: record.name,
    source_template: {
      ...templateCore(module),
      source_definition_id: definitionIdOf(module),
      user_config_spec: { connectionSpecification: {} },
      partial_default_config: {},
      is_experimental: false,
    },
    replication_config: { ...record.config },
    entities: null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}
