import { CreatedConnectorSchema, type SyncSummary, SyncSummarySchema } from '@conduit/protocol';
import { expect } from 'vitest';
import { createExecuteExtension } from '../../execute/execute-extension';
import { createSearchExtension } from '../../search/search-extension';
import type { Store } from '../../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../../test-support/test-app';
import { createSyncExtension, type SyncExtension } from '../sync-extension';

/** A server with sync, execute and search, one connector synced once and watched. */
export interface WatchedConnector {
  readonly store: Store;
  readonly t: TestApp;
  readonly sync: SyncExtension;
  readonly token: string;
  readonly connectorId: string;
  /** Moves the (manual) server clock on until `done` holds, as time would pass. */
  until(done: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
  summary(): Promise<SyncSummary>;
  /** The connector's runs, oldest first. */
  runs(): Promise<{ mode: string; trigger: string }[]>;
  /** Waits until no run is going on. */
  settledRuns(): Promise<void>;
  /** A hosted `search` of an entity. */
  search(entity: string, query: unknown): Promise<{ id: string; data: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/**
 * Starts a server on the given store with the watcher on (every second of its manual clock),
 * creates a connector and waits until its first full run succeeded and the first watch, having
 * taken its cursors, caught up with an incremental run.
 *
 * @example
 * ```ts
 * const w = await startWatchedConnector('sqlite', 'sync_watch_sqlite', { connector_type: 'asana', credentials, config });
 * await w.until(async () => (await storedRecords(w.store, w.connectorId)).tasks.includes(gid));
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
  const search = async (entity: string, query: unknown) => {
    const response = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
      token,
      body: { entity, action: 'search', params: { query } },
    });
    expect(response.status, response.text).toBe(200);
    return (response.body as { hits: { id: string; data: Record<string, unknown> }[] }).hits;
  };

  await until(async () => (await summary()).last_success_at !== null);
  // The first watch takes its cursors and catches up with an incremental run.
  await until(async () => (await runs()).some((run) => run.trigger === 'watch'));
  expect((await runs()).map((run) => [run.mode, run.trigger])).toEqual([
    ['full', 'created'],
    ['incremental', 'watch'],
  ]);
  await settledRuns();
  return {
    store,
    t,
    sync,
    token,
    connectorId,
    until,
    summary,
    runs,
    settledRuns,
    search,
    close: async () => {
      await sync.stop?.();
      await t.close();
      await store.close();
      await location.cleanup();
    },
  };
}
