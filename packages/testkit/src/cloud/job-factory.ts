import type { CloudSimulatorClock } from './cloud-simulator-clock';
import type { CloudSimulatorState } from './cloud-simulator-state';
import { splitSyncMode, writeStrategy } from './connection-sync-modes';
import type { SourceRecord } from './discovered-stream';
import type { CloudJobRecord, CloudJobType, JobPayload, JobStreamPayload } from './job-engine';
import { compileJobPlan } from './job-plan';
import type {
  CloudConnectionRecord,
  CloudConnectionStateRecord,
  CloudStreamConfigRecord,
} from './simulator-records';
import { discoverSource, readSourceStream } from './source-catalog';
import { valueAt } from './table-columns';
import { destinationTableName, normalizeIdentifier, postgresIdentifierLimit } from './table-naming';

/**
 * Creates a job for a connection: takes its next job plan, snapshots what it will move (the
 * source's records, filtered by the saved cursor for incremental streams, and the destination
 * table of each stream), and registers it. `reset` and `clear` jobs empty the tables instead.
 *
 * @example
 * ```ts
 * const job = createConnectionJob(sim.state, clock, connection, 'sync');
 * ```
 */
export function createConnectionJob(
  state: CloudSimulatorState,
  clock: CloudSimulatorClock,
  connection: CloudConnectionRecord,
  jobType: Exclude<CloudJobType, 'refresh'>,
): CloudJobRecord {
  const plan = compileJobPlan(state.takeJobPlan(connection.connectionId));
  const payload = buildPayload(state, connection, jobType === 'sync' ? 'sync' : 'clear');
  const job: CloudJobRecord = {
    jobId: state.allocateJobId(),
    jobType,
    connectionId: connection.connectionId,
    workspaceId: connection.workspaceId,
    createdAt: clock.now(),
    plan,
    attemptIds: state.allocateAttemptIds(plan.attempts.length),
    payload,
    completion: 'pending',
    writtenTables: [],
  };
  state.jobs.set(job.jobId, job);
  return job;
}

function buildPayload(
  state: CloudSimulatorState,
  connection: CloudConnectionRecord,
  kind: 'sync' | 'clear',
): JobPayload {
  const source = state.sources.get(connection.sourceId);
  const destination = state.destinations.get(connection.destinationId);
  const connector = destination
    ? state.registry.destinationByDefinition(destination.definitionId)
    : undefined;
  const warehouse = connector?.warehouse ?? 'none';
  const limit = warehouse === 'postgres' ? postgresIdentifierLimit : undefined;
  const configuration = destination ? structuredClone(destination.configuration) : {};
  const configuredSchema =
    typeof configuration.schema === 'string' && configuration.schema !== ''
      ? configuration.schema
      : undefined;
  const defaultSchema = configuredSchema ?? (warehouse === 'duckdb' ? 'main' : 'public');
  const catalog = source ? discoverSource(state, source) : [];
  const savedState = state.connectionStates.get(connection.connectionId);

  const truncates =
    kind === 'clear' || connection.streams.some((stream) => writeStrategy(stream.syncMode) === 'overwrite');
  if (truncates) connection.generationId += 1;

  const streams: JobStreamPayload[] = [];
  for (const config of connection.streams) {
    const discovered = catalog.find(
      (stream) => stream.name === config.name && stream.namespace === config.namespace,
    );
    if (!discovered || !source) continue;
    const records =
      kind === 'clear'
        ? []
        : incrementalSlice(readSourceStream(state, source, discovered), config, savedState);
    const namespace = resolveNamespace(connection, config, defaultSchema);
    streams.push({
      name: config.name,
      ...(config.namespace === undefined ? {} : { namespace: config.namespace }),
      jsonSchema: discovered.jsonSchema,
      syncMode: config.syncMode,
      cursorField: config.cursorField,
      primaryKey: config.primaryKey,
      ...(config.selectedFields
        ? { selectedFields: config.selectedFields.map((field) => field.fieldPath[0] as string) }
        : {}),
      records,
      bytes: records.reduce((total, record) => total + Buffer.byteLength(JSON.stringify(record)), 0),
      schemaName: normalizeIdentifier(namespace, limit),
      tableName: destinationTableName(connection.prefix, config.name, limit),
    });
  }
  return {
    kind,
    destinationId: connection.destinationId,
    destinationType: destination?.actorType ?? '',
    warehouse,
    destinationConfiguration: configuration,
    streams,
    totalRecords: streams.reduce((total, stream) => total + stream.records.length, 0),
    totalBytes: streams.reduce((total, stream) => total + stream.bytes, 0),
    generationId: connection.generationId,
  };
}

/** The placeholder a custom namespace format uses for the stream's own namespace. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the platform's literal placeholder, not a template.
const sourceNamespaceToken = '${SOURCE_NAMESPACE}';

function resolveNamespace(
  connection: CloudConnectionRecord,
  config: CloudStreamConfigRecord,
  fallback: string,
): string {
  if (connection.namespaceDefinition === 'source') return config.namespace ?? fallback;
  if (connection.namespaceDefinition === 'custom_format') {
    const format = connection.namespaceFormat ?? '';
    const resolved = format.replaceAll(sourceNamespaceToken, config.namespace ?? '').trim();
    return resolved === '' ? fallback : resolved;
  }
  return fallback;
}

/** Records newer than the saved cursor; everything for full-refresh streams or without state. */
function incrementalSlice(
  records: SourceRecord[],
  config: CloudStreamConfigRecord,
  saved: CloudConnectionStateRecord | undefined,
): SourceRecord[] {
  const [sourceMode] = splitSyncMode(config.syncMode);
  if (sourceMode !== 'incremental' || config.cursorField.length === 0) return records;
  const cursor = savedCursor(saved, config);
  if (cursor === undefined) return records;
  return records.filter((record) => compareCursor(valueAt(record, config.cursorField), cursor) > 0);
}

/**
 * The saved cursor value of a stream in a `stream`-type state, if any.
 *
 * @example
 * ```ts
 * savedCursor({ stateType: 'stream', streamState: [{ streamDescriptor: { name: 'users' }, streamState: { updated_at: '2024-01-01' } }] }, config);
 * ```
 */
export function savedCursor(
  saved: CloudConnectionStateRecord | undefined,
  config: CloudStreamConfigRecord,
): unknown {
  if (saved?.stateType !== 'stream') return undefined;
  const entry = saved.streamState?.find(
    (candidate) =>
      candidate.streamDescriptor.name === config.name &&
      (candidate.streamDescriptor.namespace ?? undefined) === config.namespace,
  );
  return entry?.streamState?.[config.cursorField.join('.')];
}

/**
 * Orders cursor values: numbers numerically, everything else as text (ISO timestamps sort
 * correctly as text).
 *
 * @example
 * ```ts
 * compareCursor('2024-02-01T00:00:00Z', '2024-01-01T00:00:00Z'); // 1
 * ```
 */
export function compareCursor(left: unknown, right: unknown): number {
  if (left === null || left === undefined) return -1;
  if (typeof left === 'number' && typeof right === 'number') return Math.sign(left - right);
  const a = String(left);
  const b = String(right);
  return a === b ? 0 : a > b ? 1 : -1;
}
