import { CreatedConnectorSchema, type SyncSummary, SyncSummarySchema } from '@conduit/protocol';
import { createExecuteExtension } from '../../execute/execute-extension';
import { createSearchExtension } from '../../search/search-extension';
import type { Store } from '../../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../../test-support/test-app';
import { createSyncExtension } from '../sync-extension';

/** A server whose sync watches one connector's change stream, with the helpers its tests use. */
export interface WatchedConnector {
  readonly t: TestApp;
  readonly store: Store;
  readonly token: string;
  readonly connectorId: string;
  /** Moves the (manual) server clock on until `done` holds, as time would pass. */
  until(done: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
  summary(): Promise<SyncSummary>;
  /** The connector's runs, oldest first. */
  runs(): Promise<{ mode: string; trigger: string }[]>;
  /** Waits until no run is running. */
  settledRuns(): Promise<void>;
  /** `search` through the execute route: the hits' data. */
  search(entity: string, filter: unknown): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * Starts a server on a SQLite or PostgreSQL store with the sync extension watching every second
 * (runs hourly), creates the connector through the API, and waits for its first full run and the
 * incremental run the first watch queues (its cursors start after the run).
 *
 * @example
 * ```ts
 * const w = await startWatchedConnector('sqlite', 'sync_watch_x', { connector_type: 'asana', credentials, config });
 * await w.until(async () => (await w.search('tasks', { eq: { gid } })).length === 0);
 * ```
 */
export async function startWatchedConnector(
  kind: 'sqlite' | 'postgres',
  name: string,
  connector: { connector_type: string; credentials: unknown; config: Record<string, unknown> },
): Promise<WatchedConnector> {
  const location: TestStoreLocation = await testStoreLocation(kind, name);
  const store = await location.open();
  const sync = createSyncExtension({
    config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000, watchMs: 1_000 },
  });
  const extensions = [createExecuteExtension(), createSearchExtension(), sync];
  await store.migrate(extensions.flatMap((extension) => extension.migrations ?? []));
  const t = await startTestApp(store, { extensions, allowUpstreamOverride: true });
  await sync.start?.(t.app.services);
  const token = await t.applicationToken();
  const created = await t.request('POST', '/v1/integrations/connectors', {
    token,
    body: { external_user_id: 'watched', ...connector },
  });
  const connectorId = CreatedConnectorSchema.parse(created.body).id;

  const until = async (done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the watch');
      t.clock.advance(1_000);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  };
  const summary = async (): Promise<SyncSummary> =>
    SyncSummarySchema.parse(
      (await t.request('GET', `/api/v1/connectors/sources/${connectorId}/sync`, { token })).body,
    );
  const runs = () =>
    store.db.query<{ mode: string; trigger: string }>(
      'SELECT mode, trigger FROM sync_runs WHERE connector_id = $1 ORDER BY requested_at',
      [connectorId],
    );
  const settledRuns = async () => {
    await until(async () => (await summary()).state !== 'running');
  };
  const search = async (entity: string, filter: unknown) => {
    const reply = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
      token,
      body: { entity, action: 'search', params: { query: { filter }, limit: 1000 } },
    });
    return (reply.body as { hits: { data: Record<string, unknown> }[] }).hits.map((hit) => hit.data);
  };
  const close = async () => {
    await sync.stop?.();
    await t.close();
    await store.close();
    await location.cleanup();
  };
  try {
    await until(async () => (await summary()).last_success_at !== null, 60_000);
    // The first watch takes its cursors and catches up with an incremental run.
    await until(async () => (await runs()).some((run) => run.trigger === 'watch'), 60_000);
    await settledRuns();
  } catch (error) {
    await close();
    throw error;
  }
  return { t, store, token, connectorId, until, summary, runs, settledRuns, search, close };
}
