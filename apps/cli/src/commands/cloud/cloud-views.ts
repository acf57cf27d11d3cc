import type { CloudConnectorInfo, ConnectionInfo, JobSnapshot } from '@conduit/cloud';
import { formatKeyValues } from '../../output/key-value';
import type { Output } from '../../output/output';
import { formatTable } from '../../output/table';
import { sanitizeForTerminal } from '../../output/text-width';

/**
 * A connection's schedule in words: `manual`, or the cron expression.
 *
 * @example
 * ```ts
 * scheduleText(await connection.getInfo()); // 'cron 0 0 0/6 * * ? UTC'
 * ```
 */
export function scheduleText(info: ConnectionInfo): string {
  const schedule = info.schedule;
  if (!schedule) return '';
  return schedule.scheduleType === 'cron' && schedule.cronExpression
    ? `cron ${schedule.cronExpression}`
    : schedule.scheduleType;
}

/**
 * A connection as JSON: its details in snake case, as every `--json` of the CLI.
 *
 * @example
 * ```ts
 * await output.printJson(connectionJson(await connection.getInfo()));
 * ```
 */
export function connectionJson(info: ConnectionInfo): Record<string, unknown> {
  return {
    connection_id: info.connectionId,
    name: info.name ?? null,
    workspace_id: info.workspaceId,
    source_id: info.sourceId,
    destination_id: info.destinationId,
    status: info.status,
    enabled: info.status === 'active',
    schedule: info.schedule
      ? { type: info.schedule.scheduleType, cron_expression: info.schedule.cronExpression ?? null }
      : null,
    streams: info.streamNames,
    prefix: info.prefix,
    namespace_definition: info.namespaceDefinition ?? null,
  };
}

/**
 * Prints connections as a table, or as a JSON array.
 *
 * @example
 * ```ts
 * await printConnections(await Promise.all(connections.map((item) => item.getInfo())), output);
 * ```
 */
export async function printConnections(infos: readonly ConnectionInfo[], output: Output): Promise<void> {
  if (output.json) {
    await output.printJson(infos.map(connectionJson));
    return;
  }
  if (infos.length === 0) {
    output.note('no connections');
    return;
  }
  await output.write(
    formatTable(
      [
        { header: 'ID' },
        { header: 'NAME' },
        { header: 'STATUS' },
        { header: 'SCHEDULE' },
        { header: 'STREAMS' },
        { header: 'PREFIX' },
      ],
      infos.map((info) =>
        [
          info.connectionId,
          info.name ?? '',
          info.status,
          scheduleText(info),
          info.streamNames.join(', '),
          info.prefix,
        ].map(sanitizeForTerminal),
      ),
      { style: output.style },
    ),
  );
}

/**
 * Prints one connection's details (or its JSON).
 *
 * @example
 * ```ts
 * await printConnection(await connection.getInfo(), output, connection.connectionUrl);
 * ```
 */
export async function printConnection(info: ConnectionInfo, output: Output, url?: string): Promise<void> {
  if (output.json) {
    await output.printJson({ ...connectionJson(info), ...(url === undefined ? {} : { url }) });
    return;
  }
  const entries: [string, string][] = [
    ['id', info.connectionId],
    ['name', info.name ?? ''],
    ['status', info.status],
    ['schedule', scheduleText(info)],
    ['streams', info.streamNames.join(', ')],
    ['prefix', info.prefix === '' ? '(none)' : info.prefix],
    ['source', info.sourceId],
    ['destination', info.destinationId],
    ...(url === undefined ? [] : [['url', url] as [string, string]]),
  ];
  await output.write(
    formatKeyValues(
      entries.map(([key, value]) => [key, sanitizeForTerminal(value)] as const),
      output.style,
    ),
  );
}

/**
 * A source or destination as JSON.
 *
 * @example
 * ```ts
 * actorJson('source', await source.getInfo()); // { source_id: …, name: …, source_type: 'faker', … }
 * ```
 */
export function actorJson(kind: 'source' | 'destination', info: CloudConnectorInfo): Record<string, unknown> {
  return {
    [`${kind}_id`]: info.id,
    name: info.name,
    [`${kind}_type`]: info.connectorType ?? null,
    definition_id: info.definitionId ?? null,
    workspace_id: info.workspaceId ?? null,
    configuration: info.configuration,
  };
}

/**
 * A job as JSON.
 *
 * @example
 * ```ts
 * jobJson({ jobId: 7, status: 'running' }); // { job_id: 7, status: 'running', rows_synced: 0, … }
 * ```
 */
export function jobJson(job: JobSnapshot): Record<string, unknown> {
  return {
    job_id: job.jobId,
    status: job.status,
    job_type: job.jobType ?? null,
    start_time: job.startTime ?? null,
    last_updated_at: job.lastUpdatedAt ?? null,
    duration: job.duration ?? null,
    rows_synced: job.rowsSynced ?? 0,
    bytes_synced: job.bytesSynced ?? 0,
  };
}
