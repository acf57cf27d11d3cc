import type { Connector, CreatedConnector, SyncSummary } from '@conduit/protocol';
import { formatKeyValues } from '../output/key-value';
import type { Output } from '../output/output';
import { formatTable, type TableColumn } from '../output/table';
import { sanitizeForTerminal } from '../output/text-width';

const CONNECTOR_COLUMNS: readonly TableColumn[] = [
  { header: 'ID' },
  { header: 'NAME' },
  { header: 'TYPE' },
  { header: 'STATUS' },
  { header: 'SYNC' },
  { header: 'LAST SYNCED' },
  { header: 'CREATED' },
];

/**
 * `running`, `failed`, or `idle` with how many records it holds.
 *
 * @example
 * ```ts
 * syncCell({ state: 'idle', last_success_at: null, entities: [{ entity: 'tasks', records: 3, synced_at: null }] }); // 'idle, 3 records'
 * ```
 */
export function syncCell(sync: SyncSummary): string {
  const records = sync.entities.reduce((sum, entity) => sum + entity.records, 0);
  return sync.state === 'idle' && sync.entities.length > 0 ? `idle, ${records} records` : sync.state;
}

/**
 * Prints connectors as a table (or the array under `--json`).
 *
 * @example
 * ```ts
 * await printConnectors(await client.listConnectors(), output);
 * ```
 */
export async function printConnectors(connectors: readonly Connector[], output: Output): Promise<void> {
  if (output.json) {
    await output.printJson(connectors);
    return;
  }
  if (connectors.length === 0) {
    output.note('no connectors');
    return;
  }
  const rows = connectors.map((connector) =>
    [
      connector.id,
      connector.name,
      connector.connector_type,
      connector.status,
      syncCell(connector.sync),
      connector.sync.last_success_at ?? '',
      connector.created_at,
    ].map(sanitizeForTerminal),
  );
  await output.write(formatTable(CONNECTOR_COLUMNS, rows, { style: output.style }));
}

/**
 * The sync state of each entity as table rows: entity, records, when it last synced, the error.
 *
 * @example
 * ```ts
 * await output.write(formatSyncEntities(summary, output));
 * ```
 */
export function formatSyncEntities(summary: SyncSummary, output: Output): string {
  if (summary.entities.length === 0) return '';
  // The error column only when an entity has one: a healthy sync is a narrower table.
  const failed = summary.entities.some((entity) => entity.error !== undefined);
  const columns: TableColumn[] = [
    { header: 'ENTITY' },
    { header: 'RECORDS', align: 'right' },
    { header: 'SYNCED AT' },
    ...(failed ? [{ header: 'ERROR' }] : []),
  ];
  return formatTable(
    columns,
    summary.entities.map((entity) =>
      [
        entity.entity,
        String(entity.records),
        entity.synced_at ?? '',
        ...(failed ? [entity.error ?? ''] : []),
      ].map(sanitizeForTerminal),
    ),
    { style: output.style },
  );
}

/**
 * Prints one connector: its fields, then its sync state per entity (or the connector as JSON).
 *
 * @example
 * ```ts
 * await printConnector(await client.getConnector(id), output);
 * ```
 */
export async function printConnector(connector: Connector | CreatedConnector, output: Output): Promise<void> {
  if (output.json) {
    await output.printJson(connector);
    return;
  }
  const entries: [string, string][] = [
    ['id', connector.id],
    ['name', connector.name],
    ['type', connector.connector_type],
    ['external user', connector.external_user_id],
    ['status', connector.status],
    ['created', connector.created_at],
  ];
  if ('sync' in connector) {
    entries.push(
      ['updated', connector.updated_at],
      ['sync', connector.sync.state],
      ['last synced', connector.sync.last_success_at ?? 'never'],
    );
  }
  await output.write(
    formatKeyValues(
      entries.map(([key, value]) => [key, sanitizeForTerminal(value)] as const),
      output.style,
    ),
  );
  if ('sync' in connector && connector.sync.entities.length > 0) {
    await output.write(`\n${formatSyncEntities(connector.sync, output)}`);
  }
}
