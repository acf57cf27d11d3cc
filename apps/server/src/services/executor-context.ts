import type { ConnectorRecord } from '../store/store';
import type { ConnectorService } from './connector-service';
import type { ExecutorContext } from './executor-resolver';

/** The request an executor serves. */
export interface ExecutorRequestScope {
  readonly requestId: string;
  readonly signal: AbortSignal;
}

/**
 * The context handed to an executor of one connector for one request: credential updates go
 * through the connector service, so they are validated, sealed and saved with the right status.
 *
 * @example
 * ```ts
 * const loaded = await services.connectors.loadForCaller(caller, id);
 * const context = createExecutorContext(services.connectors, loaded.record, { requestId, signal: c.req.raw.signal });
 * const executor = factory(loaded, context);
 * ```
 */
export function createExecutorContext(
  connectors: ConnectorService,
  connector: ConnectorRecord,
  scope: ExecutorRequestScope,
): ExecutorContext {
  return {
    requestId: scope.requestId,
    signal: scope.signal,
    saveCredentials: (credentials) => connectors.saveCredentials(connector, credentials),
    markNeedsReauth: () => connectors.markNeedsReauth(connector),
    coordinateRefresh: connectors.refreshCoordinator(connector),
  };
}
