import type { RateLimiterOptions } from '@conduit/transport';
import type { ServerExtension } from '../extensions/server-extension';
import type { ServerServices } from '../extensions/server-services';
import { migration0003SyncState } from '../store/migrations/0003-sync-state';
import { migration0006SyncWatches } from '../store/migrations/0006-sync-watches';
import { upstreamHooks } from '../upstream/upstream-hooks';
import { UpstreamLimiters } from '../upstream/upstream-limiters';
import { DEFAULT_SYNC_CONFIG, type SyncConfig } from './sync-config';
import { registerSyncRoutes } from './sync-routes';
import type { SyncPageEvent } from './sync-run';
import { SyncScheduler } from './sync-scheduler';
import { moduleSyncUpstream, type SyncUpstreamFactory } from './sync-upstream';
import { syncableTypes } from './syncable-types';

/** Options of {@link createSyncExtension}. */
export interface SyncExtensionOptions {
  /** Scheduling and run settings; default {@link DEFAULT_SYNC_CONFIG} (see `loadSyncConfig`). */
  readonly config?: Partial<SyncConfig>;
  /** The per-connector upstream budgets; default the upstream's published limits. Share it with execute. */
  readonly limiters?: UpstreamLimiters;
  /**
   * Merged over each module's published limits when `limiters` is not given; `false` for none
   * (`CONDUIT_UPSTREAM_RATE_LIMIT=off`).
   */
  readonly rateLimit?: Partial<RateLimiterOptions> | false;
  /** Builds a connector's upstream reader; default its module's executor (see `moduleSyncUpstream`). */
  readonly upstream?: SyncUpstreamFactory;
  /** Per-attempt upstream timeout. Default 30 s. */
  readonly attemptTimeoutMs?: number;
  /** Upstream `fetch`; default the global one. */
  readonly fetch?: typeof globalThis.fetch;
  /** Told after each committed page (tests, diagnostics). */
  readonly onPage?: (event: SyncPageEvent) => void | Promise<void>;
}

/** The sync feature, with its scheduler once the app is built (for tests and tools). */
export interface SyncExtension extends ServerExtension {
  readonly scheduler: SyncScheduler | undefined;
}

/**
 * The sync feature (contract §4): copies the searchable fields of every searchable entity of a
 * connector into the search tables — a full run when the connector is created, incremental runs
 * every `intervalMs` and on demand, a full one (sweeping records deleted upstream) once per
 * `fullIntervalMs` — under leases so each run executes once across server processes. Adds the
 * `…/sync` routes and each connector's `sync` summary; deleting a connector erases its sync state.
 * Install it with `createSearchExtension()`, which owns the tables the records go to.
 *
 * @example
 * ```ts
 * const server = await createServer({
 *   extensions: [createExecuteExtension(), createSearchExtension(), createSyncExtension({ config: loadSyncConfig(process.env) })],
 * });
 * ```
 */
export function createSyncExtension(options: SyncExtensionOptions = {}): SyncExtension {
  const config: SyncConfig = { ...DEFAULT_SYNC_CONFIG, ...options.config };
  const limiters =
    options.limiters ?? (options.rateLimit === false ? undefined : new UpstreamLimiters(options.rateLimit));
  const factory = options.upstream ?? moduleSyncUpstream;
  let scheduler: SyncScheduler | undefined;

  const schedulerFor = (services: ServerServices): SyncScheduler => {
    scheduler ??= new SyncScheduler({
      db: services.store.db,
      connectors: services.connectors,
      registry: services.registry,
      logger: services.logger,
      clock: services.clock,
      metrics: services.metrics,
      config,
      ...(options.onPage === undefined ? {} : { onPage: options.onPage }),
      upstreamFor: async (record) => {
        const connector = await services.connectors.loadForCaller(
          { kind: 'application', applicationId: record.applicationId },
          record.id,
        );
        return factory({
          connector,
          registry: services.registry,
          limiter: limiters?.for(record.id, services.registry.forKind(record.connectorType)),
          hooks: upstreamHooks(services.metrics, connector.type),
          saveCredentials: (credentials) => services.connectors.saveCredentials(record, credentials),
          coordinateRefresh: services.connectors.refreshCoordinator(record),
          timeoutMs: options.attemptTimeoutMs ?? 30_000,
          fetch: options.fetch ?? services.egress.fetchFor(connector.type, connector.baseUrl),
        });
      },
    });
    return scheduler;
  };

  return {
    name: 'sync',
    migrations: [migration0003SyncState, migration0006SyncWatches],
    get scheduler() {
      return scheduler;
    },
    registerRoutes(app, services) {
      const built = schedulerFor(services);
      registerSyncRoutes(app, services, () => built);
    },
    async onConnectorCreated(connector, services) {
      if (!syncableTypes(services.registry).includes(connector.connectorType)) return;
      await schedulerFor(services).trigger(connector, 'created', true);
    },
    beforeConnectorDelete: async (_tx, connector) => {
      // The rows go with the connector (foreign keys cascade); what runs here must stop too.
      scheduler?.forget(connector.id);
      limiters?.forget(connector.id);
    },
    describeSync: (connectors, services) => schedulerFor(services).summaries(connectors),
    start(services) {
      schedulerFor(services).start();
    },
    async stop() {
      await scheduler?.stop();
    },
  };
}
