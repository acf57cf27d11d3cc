import type { ConnectorExecutor, ConnectorType } from '@conduit/protocol';
import type { LoadedConnector } from './connector-service';

/** What an executor of a hosted connector may do besides calling upstream. */
export interface ExecutorContext {
  /** The id of the request being served, for upstream logs. */
  readonly requestId: string;
  /** Aborted when the caller goes away or the request's deadline passes. */
  readonly signal: AbortSignal;
  /** Seals and stores refreshed credentials (an OAuth refresh), making the connector `active`. */
  saveCredentials(credentials: unknown): Promise<void>;
  /** Marks the connector `needs_reauth` (the upstream refused its credentials after a refresh). */
  markNeedsReauth(): Promise<void>;
}

/** Builds the executor of one loaded connector for one request. */
export type ExecutorFactory = (connector: LoadedConnector, context: ExecutorContext) => ConnectorExecutor;

/**
 * Finds how to execute connectors of a kind. Provided to `createApp` by the execute feature; the
 * execute route resolves the connector's kind and runs the factory's executor.
 *
 * @example
 * ```ts
 * const executors: ExecutorResolver = {
 *   resolve: (type) => (type === 'task-management' ? (connector, context) => createAsanaExecutor(connector, context) : undefined),
 * };
 * ```
 */
export interface ExecutorResolver {
  resolve(connectorType: ConnectorType): ExecutorFactory | undefined;
}
