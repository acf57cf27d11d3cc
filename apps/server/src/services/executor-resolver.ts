import type { ConnectorType } from '@conduit/connectors';
import type { ConnectorExecutor } from '@conduit/protocol';
import type { RefreshCoordinator } from '@conduit/transport';
import type { LoadedConnector } from './connector-service';

/** What an executor of a hosted connector may do besides calling upstream. */
export interface ExecutorContext {
  /** The id of the request being served, for upstream logs (a cached executor's: the one that built it). */
  readonly requestId: string;
  /**
   * Aborted when the caller goes away or the request's deadline passes; for a cached executor,
   * when it is dropped from the cache.
   */
  readonly signal: AbortSignal;
  /** Seals and stores refreshed credentials (an OAuth refresh), making the connector `active`. */
  saveCredentials(credentials: unknown): Promise<void>;
  /** Marks the connector `needs_reauth` (the upstream refused its credentials after a refresh). */
  markNeedsReauth(): Promise<void>;
  /** Serializes OAuth refreshes with the connector's other executors (its sync, other processes). */
  readonly coordinateRefresh?: RefreshCoordinator;
}

/**
 * Builds the executor of one loaded connector. The execute feature keeps what it builds across
 * requests (one executor per connector and credentials version, so rate limits and OAuth state are
 * shared); each request then cancels its own calls through `execute(request, { signal })`, and
 * `context.signal` aborts when the executor is dropped.
 */
export type ExecutorFactory = (connector: LoadedConnector, context: ExecutorContext) => ConnectorExecutor;

/**
 * Finds how to execute connectors of a kind. Provided to `createApp` by the execute feature; the
 * execute route resolves the connector's kind and runs the factory's executor.
 *
 * @example
 * ```ts
 * const executors: ExecutorResolver = {
 *   resolve: (type) => moduleExecutorFactory(type, { metrics, attemptTimeoutMs: 15_000 }),
 * };
 * ```
 */
export interface ExecutorResolver {
  resolve(connectorType: ConnectorType): ExecutorFactory | undefined;
}
