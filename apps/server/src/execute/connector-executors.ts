import type { ConnectorType } from '@conduit/connectors';
import { type ConnectorExecutor, UnsupportedOperationError } from '@conduit/protocol';
import type { Caller } from '../services/caller';
import type { ConnectorService } from '../services/connector-service';
import { createExecutorContext } from '../services/executor-context';
import type { ExecutorResolver } from '../services/executor-resolver';
import type { ConnectorRecord } from '../store/store';
import { ExecutorCache } from './executor-cache';

function noExecutor(displayName: string, type: ConnectorType): UnsupportedOperationError {
  const message = `this server cannot execute ${displayName} (${type}) connectors`;
  return new UnsupportedOperationError(message, {
    status: 400,
    code: 'unsupported_action',
    details: [{ field: 'action', message, error_code: 'unsupported_action' }],
  });
}

/**
 * The executors of connectors, as the execute route gets them: built by the resolver's factory
 * for the connector's kind from its decrypted credentials, then cached per connector (see
 * {@link ExecutorCache}). A cached executor outlives the request that built it, so its context is
 * the connector's: refreshed credentials are sealed and stored (and recognised by the cache as the
 * executor's own), `signal` aborts when the executor leaves the cache, and `requestId` names the
 * request that built it. Each request cancels its own calls through `execute(…, { signal })`.
 *
 * @example
 * ```ts
 * const executors = new ConnectorExecutors(services.connectors, defaultExecutorResolver({ registry, metrics }));
 * const executor = await executors.forConnector(caller, record, 'task-management', requestId);
 * ```
 */
export class ConnectorExecutors {
  readonly #connectors: ConnectorService;
  readonly #resolver: ExecutorResolver;
  readonly #cache: ExecutorCache;

  constructor(
    connectors: ConnectorService,
    resolver: ExecutorResolver,
    cache: ExecutorCache = new ExecutorCache(),
  ) {
    this.#connectors = connectors;
    this.#resolver = resolver;
    this.#cache = cache;
  }

  /**
   * The executor of a connector the caller may see (`record` comes from a tenant-checked read).
   *
   * @throws UnsupportedOperationError 400 when no executor exists for the kind
   */
  forConnector(
    caller: Caller,
    record: ConnectorRecord,
    type: ConnectorType,
    requestId: string,
  ): Promise<ConnectorExecutor> {
    const factory = this.#resolver.resolve(type);
    const kind = this.#connectors.registry.kindOf(type);
    if (!factory) return Promise.reject(noExecutor(kind.displayName, type));
    return this.#cache.get(
      record,
      () => this.#connectors.loadForCaller(caller, record.id),
      (loaded, lifecycle) => {
        const context = createExecutorContext(this.#connectors, loaded.record, {
          requestId,
          signal: lifecycle.signal,
        });
        return factory(loaded, {
          ...context,
          saveCredentials: async (credentials) => {
            // Validated first, as the service will: the fingerprint must be of what gets stored.
            lifecycle.credentialsSaved(kind.parseCredentials(credentials));
            await context.saveCredentials(credentials);
          },
        });
      },
    );
  }
}
