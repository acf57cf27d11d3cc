import {
  type ConnectorModule,
  type ConnectorRegistry,
  readSyncPage,
  type SyncChangePage,
  type SyncJobKey,
  type SyncListingContext,
  type SyncPlan,
} from '@conduit/connector-kit';
import type { RateLimiter, RefreshCoordinator, TransportHooks } from '@conduit/transport';
import type { LoadedConnector } from '../services/connector-service';
import { VERSION } from '../version';

/** One page of an upstream listing. */
export interface UpstreamPage {
  readonly records: Record<string, unknown>[];
  /** The offset of the next page; null on the last one. */
  readonly nextOffset: string | null;
}

/** Reads one connector's upstream for a sync, page by page, with the plan of its module. */
export interface SyncUpstream {
  /** Which entities, how each is listed, what a failed listing leaves incomplete. */
  readonly plan: SyncPlan;
  /** The searchable fields of each entity (the columns of its search collection). */
  readonly searchableFields: ConnectorModule['searchableFields'];
  page(
    job: SyncJobKey,
    offset: string | null,
    context: SyncListingContext,
    signal: AbortSignal,
  ): Promise<UpstreamPage>;
  /** The upstream's change stream, bound to this connector, when its kind has one. */
  readonly changes?: {
    /** Absent: the connector is one scope, `''`. */
    readonly scopeEntity?: string;
    /**
     * `share` is the part of the connector's published quota idle watching may spend (the stream
     * is told the requests a minute it makes).
     */
    read(
      scope: string,
      cursor: string | null,
      signal?: AbortSignal,
      context?: { readonly now: number; readonly share: number; readonly everything?: boolean },
    ): Promise<SyncChangePage>;
    fetch(entity: string, id: string, signal?: AbortSignal): Promise<Record<string, unknown> | null>;
  };
}

/** What building a connector's upstream reader needs. */
export interface SyncUpstreamOptions {
  readonly connector: LoadedConnector;
  /** The connector's request budget in this process; undefined for none (`CONDUIT_UPSTREAM_RATE_LIMIT=off`). */
  /** The connector modules the server runs (the connector's module and its sync plan come from it). */
  readonly registry: ConnectorRegistry;
  readonly limiter: RateLimiter | undefined;
  readonly hooks?: TransportHooks;
  /** Persists refreshed OAuth credentials (sealed, connector `active`). */
  readonly saveCredentials: (credentials: unknown) => Promise<void>;
  /** Serializes OAuth refreshes with the connector's other executors (execute, other processes). */
  readonly coordinateRefresh?: RefreshCoordinator;
  /** Per-attempt timeout. */
  readonly timeoutMs: number;
  readonly fetch?: typeof globalThis.fetch;
}

/** Builds the upstream reader of a connector for a sync run. */
export type SyncUpstreamFactory = (options: SyncUpstreamOptions) => SyncUpstream;

/**
 * A connector's upstream as a sync reads it: its module's executor (auth with OAuth refresh,
 * retries with `Retry-After`, the shared limiter, error mapping), reading raw pages of the list
 * actions its module's sync plan names.
 *
 * @example
 * ```ts
 * const upstream = moduleSyncUpstream({ connector, limiter, saveCredentials, timeoutMs: 30_000 });
 * const page = await upstream.page(upstream.plan.root, null, { pageSize: 100, modifiedSince: null }, signal);
 * ```
 */
export function moduleSyncUpstream(options: SyncUpstreamOptions): SyncUpstream {
  const { connector } = options;
  const module = options.registry.forKind(connector.type);
  const plan = module?.sync;
  if (!module || !plan) throw new TypeError(`cannot sync a ${connector.type} connector`);
  const executor = module.createExecutor({
    credentials: connector.credentials,
    baseUrl: connector.baseUrl,
    rateLimit: options.limiter ?? false,
    // A background run may wait out long upstream pauses: nobody is holding a request open.
    retry: { limit: 6, maxRetryAfterMs: 300_000 },
    timeoutMs: options.timeoutMs,
    userAgent: `conduit-server-sync/${VERSION}`,
    saveCredentials: options.saveCredentials,
    ...(options.coordinateRefresh === undefined ? {} : { coordinateRefresh: options.coordinateRefresh }),
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  return {
    plan,
    searchableFields: module.searchableFields,
    page: (job, offset, context, signal) => readSyncPage(executor, plan, job, offset, context, signal),
    ...(plan.changes === undefined
      ? {}
      : {
          changes: {
            ...(plan.changes.scopeEntity === undefined ? {} : { scopeEntity: plan.changes.scopeEntity }),
            read: (scope, cursor, signal, context) =>
              plan.changes!.read(
                executor,
                scope,
                cursor,
                signal,
                context === undefined
                  ? undefined
                  : {
                      now: context.now,
                      ...(context.everything === true ? { everything: true } : {}),
                      requestsPerMinute:
                        ((module.rateLimit.requestsPerInterval * 60_000) / module.rateLimit.intervalMs) *
                        context.share,
                    },
              ),
            fetch: (entity, id, signal) => plan.changes!.fetch(executor, entity, id, signal),
          },
        }),
  };
}
