import type { ConnectionResponse } from '../http/wire-schemas';

/**
 * What the API says about a connection, as the client uses it.
 *
 * @example
 * ```ts
 * const info: ConnectionInfo = await connection.getInfo();
 * info.streamNames; // ['users', 'purchases']
 * ```
 */
export interface ConnectionInfo {
  connectionId: string;
  name: string | undefined;
  workspaceId: string;
  sourceId: string;
  destinationId: string;
  /** `active`, `inactive`, `deprecated` (deleted) or `locked`. */
  status: string;
  /** The table prefix, `""` when none. */
  prefix: string;
  /** The selected streams. */
  streams: Array<{ name: string; namespace: string | undefined }>;
  streamNames: string[];
  /** `destination`, `source` or `custom_format`. */
  namespaceDefinition: string | undefined;
  namespaceFormat: string | undefined;
  /** `manual`, `cron` or `basic`, and the cron expression as the server echoes it (with ` UTC`). */
  schedule: { scheduleType: string; cronExpression?: string | undefined } | undefined;
}

/**
 * The {@link ConnectionInfo} of a `ConnectionResponse`.
 *
 * @example
 * ```ts
 * toConnectionInfo(await api.request({ path: `/connections/${id}`, schema: ConnectionResponseSchema }));
 * ```
 */
export function toConnectionInfo(wire: ConnectionResponse): ConnectionInfo {
  const streams = (wire.configurations?.streams ?? []).map((stream) => ({
    name: stream.name,
    namespace: stream.namespace ?? undefined,
  }));
  return {
    connectionId: wire.connectionId,
    name: wire.name ?? undefined,
    workspaceId: wire.workspaceId,
    sourceId: wire.sourceId,
    destinationId: wire.destinationId,
    status: wire.status,
    prefix: wire.prefix ?? '',
    streams,
    streamNames: streams.map((stream) => stream.name),
    namespaceDefinition: wire.namespaceDefinition ?? undefined,
    namespaceFormat: wire.namespaceFormat ?? undefined,
    schedule:
      wire.schedule === undefined
        ? undefined
        : { scheduleType: wire.schedule.scheduleType, cronExpression: wire.schedule.cronExpression },
  };
}
