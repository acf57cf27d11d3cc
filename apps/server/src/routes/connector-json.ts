import type { Connector, CreatedConnector, SyncSummary } from '@conduit/protocol';
import type { ConnectorRecord } from '../store/store';

/**
 * The 201 body of a creation: `{id, name, connector_type, external_user_id, status, created_at}`.
 *
 * @example
 * ```ts
 * return c.json(createdConnectorJson(record), 201);
 * ```
 */
export function createdConnectorJson(record: ConnectorRecord): CreatedConnector {
  return {
    id: record.id,
    name: record.name,
    connector_type: record.connectorType,
    external_user_id: record.externalUserId,
    status: record.status,
    created_at: record.createdAt,
  };
}

/**
 * A connector as the API shows it, with its sync summary. Credentials and config never appear.
 *
 * @example
 * ```ts
 * return c.json(connectorJson(record, idleSyncSummary()));
 * ```
 */
export function connectorJson(record: ConnectorRecord, sync: SyncSummary): Connector {
  return { ...createdConnectorJson(record), updated_at: record.updatedAt, sync };
}
