import type { SyncSummary } from '@conduit/protocol';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Migration } from '../store/migrations/migration';
import type { ConnectorDeleteHook, ConnectorRecord } from '../store/store';
import type { SearchHandler } from './search-handler';
import type { ServerServices } from './server-services';

/**
 * A feature plugged into the server (execute, sync, search, …): its routes, its tables, and hooks
 * into the connector lifecycle. `createApp` registers the routes after the core middleware (request
 * ids, logs, metrics, body limit, and authentication plus rate limiting under
 * `/v1/integrations/*` and `/api/v1/connectors/*`), so a route there sees `c.get('caller')`.
 *
 * @example
 * ```ts
 * const syncExtension: ServerExtension = {
 *   name: 'sync',
 *   migrations: [migration0002SyncState],
 *   registerRoutes(app, services) {
 *     app.post('/api/v1/connectors/sources/:id/sync', async (c) => {
 *       const connector = await services.connectors.loadForCaller(requireCaller(c), c.req.param('id'));
 *       return c.json({ sync_id: await scheduler.trigger(connector.record) }, 202);
 *     });
 *   },
 *   onConnectorCreated: (connector) => scheduler.scheduleFull(connector),
 *   beforeConnectorDelete: (tx, connector) => tx.execute('DELETE FROM synced_records WHERE connector_id = $1', [connector.id]).then(() => {}),
 *   describeSync: (connectors) => scheduler.summaries(connectors),
 * };
 * ```
 */
export interface ServerExtension {
  readonly name: string;
  /** Migrations of the tables this feature owns, applied at start with the core ones. */
  readonly migrations?: readonly Migration[];
  /** Adds routes. Called once while the app is built. */
  registerRoutes?(app: Hono<AppEnv>, services: ServerServices): void;
  /** After a connector is created (e.g. schedule its first full sync). Failures are logged, not raised. */
  onConnectorCreated?(connector: ConnectorRecord, services: ServerServices): Promise<void>;
  /**
   * After a connector's credentials, config or name were replaced (a re-authorization): drop what
   * was built from the old ones. Failures are logged, not raised.
   */
  onConnectorUpdated?(connector: ConnectorRecord, services: ServerServices): Promise<void>;
  /** Inside the transaction deleting a connector, before its row goes: erase what the feature keeps. */
  beforeConnectorDelete?: ConnectorDeleteHook;
  /** The `sync` summaries of connectors about to be returned, by connector id. */
  describeSync?(
    connectors: readonly ConnectorRecord[],
    services: ServerServices,
  ): Promise<ReadonlyMap<string, SyncSummary>>;
  /**
   * Answers the execute route's `search` action over the feature's synced copy. The first
   * extension that has one serves every search; without any, `search` answers 400
   * `unsupported_action`.
   */
  readonly search?: SearchHandler;
  /** Starts background work once the server listens (e.g. the sync scheduler). */
  start?(services: ServerServices): Promise<void> | void;
  /** Stops background work; called on shutdown after the listener closes, before the store does. */
  stop?(): Promise<void> | void;
}
