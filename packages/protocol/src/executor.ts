import type { ActionKind } from './connector-definition';
import type { DownloadResult, ExecuteRequest, ListEnvelope, SearchEnvelope } from './execute';

/**
 * Options of one execute call.
 *
 * @example
 * ```ts
 * await executor.execute(request, { signal: AbortSignal.timeout(30_000) });
 * ```
 */
export interface ExecuteOptions {
  /** Aborts the call (and any stream it returned). */
  signal?: AbortSignal;
}

/**
 * What an action returns on the wire: a list envelope, a record, a search envelope or a byte stream.
 *
 * @example
 * ```ts
 * type TaskPage = ExecuteResultFor<'list', Task>; // ListEnvelope<Task>
 * ```
 */
export type ExecuteResultFor<Kind extends ActionKind, Record = unknown> = Kind extends 'list'
  ? ListEnvelope<Record>
  : Kind extends 'get'
    ? Record
    : Kind extends 'search'
      ? SearchEnvelope<Record>
      : Kind extends 'download'
        ? DownloadResult
        : never;

/**
 * Runs execute requests for one connector, wherever it runs: in-process against the upstream API
 * (local mode) or through the hosted service (hosted mode). Typed connector clients sit on top.
 * Implementations validate `params` against the connector definition before any request.
 *
 * @example
 * ```ts
 * const page = (await executor.execute({ entity: 'tasks', action: 'list', params: { project: '1' } })) as ListEnvelope;
 * ```
 */
export interface ConnectorExecutor {
  /** `local` or `hosted`. */
  readonly mode: 'local' | 'hosted';
  execute(request: ExecuteRequest, options?: ExecuteOptions): Promise<unknown>;
}
