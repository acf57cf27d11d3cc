import type { Hono } from 'hono';
import type { ServerExtension } from '../extensions/server-extension';
import type { ServerServices } from '../extensions/server-services';
import type { AppEnv } from '../http/app-env';
import type { ExecutorResolver } from '../services/executor-resolver';
import { ConnectorExecutors } from './connector-executors';
import { ConnectorRecordCache } from './connector-record-cache';
import { type DefaultExecutorResolverOptions, defaultExecutorResolver } from './default-executor-resolver';
import { registerExecuteRoute } from './execute-route';
import { ExecutorCache } from './executor-cache';
import type { RunExecute } from './run-execute';

/** The default time an execute request may spend on the upstream, in milliseconds. */
export const DEFAULT_EXECUTE_DEADLINE_MS = 30_000;

/** Options of {@link createExecuteExtension}. */
export interface ExecuteExtensionOptions {
  /**
   * How connectors are executed. Default: the app's `executors`, else
   * {@link defaultExecutorResolver} over the app's metrics.
   */
  readonly executors?: ExecutorResolver;
  /** Options of the default executors, when neither `executors` nor the app's are given. */
  readonly upstream?: Omit<DefaultExecutorResolverOptions, 'metrics' | 'registry'>;
  /** How long one request may spend on the upstream (retries and waits included). Default 30 s. */
  readonly deadlineMs?: number;
  /** Connector executors kept between requests. Default 1,000. */
  readonly maxCachedExecutors?: number;
  /**
   * How long a connector row read by one call is reused by the next calls of the same caller.
   * Changes made by another server process show within it. Default 1 s; 0 reads the store every time.
   */
  readonly connectorCacheTtlMs?: number;
  /**
   * Other faces of the execute route (another path and envelope over the same core, its caches
   * and deadline), such as the agent API's `registerAgentExecuteRoute`.
   */
  readonly faces?: readonly ExecuteFace[];
}

/** Registers one more execute route over the execute core `run`. */
export type ExecuteFace = (app: Hono<AppEnv>, services: ServerServices, run: RunExecute) => void;

/**
 * The execute feature (contract §3): the `POST /api/v1/connectors/sources/{id}/execute` route,
 * one cached executor per connector (dropped when the connector is deleted or its credentials
 * change, all of them on shutdown), connector rows reused for a moment between calls, and the
 * `search` action handed to the first extension that
 * provides a `search` handler.
 *
 * @example
 * ```ts
 * const server = await createServer({ extensions: [createExecuteExtension({ deadlineMs: 10_000 })] });
 * ```
 */
export function createExecuteExtension(options: ExecuteExtensionOptions = {}): ServerExtension {
  const cache = new ExecutorCache(
    options.maxCachedExecutors === undefined ? {} : { maxEntries: options.maxCachedExecutors },
  );
  const records = new ConnectorRecordCache({ ttlMs: options.connectorCacheTtlMs ?? 1000 });
  return {
    name: 'execute',
    registerRoutes(app, services) {
      const resolver =
        options.executors ??
        services.executors ??
        defaultExecutorResolver({
          registry: services.registry,
          egress: services.egress,
          ...options.upstream,
          metrics: services.metrics,
        });
      const run = registerExecuteRoute(app, services, {
        executors: new ConnectorExecutors(services.connectors, resolver, cache),
        records,
        deadlineMs: options.deadlineMs ?? DEFAULT_EXECUTE_DEADLINE_MS,
        searchHandler: () => services.extensions.find((extension) => extension.search)?.search,
      });
      for (const face of options.faces ?? []) face(app, services, run);
    },
    onConnectorUpdated: async (connector) => {
      records.evict(connector.id);
      cache.evict(connector.id);
    },
    beforeConnectorDelete: async (_tx, connector) => {
      // Inside the delete transaction; should it roll back, both are simply read and built again.
      records.evict(connector.id);
      cache.evict(connector.id);
    },
    stop() {
      cache.clear();
    },
  };
}
