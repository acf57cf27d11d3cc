import { createExecuteExtension, type ExecuteExtensionOptions } from '../../execute/execute-extension';
import { createSearchExtension } from '../../search/search-extension';
import type { Store } from '../../store/store';
import {
  type StoreKind,
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../../test-support/test-app';
import { createSyncExtension, type SyncExtension, type SyncExtensionOptions } from '../sync-extension';

/** A server with execute, search and sync over a fresh store, its sync loop started. */
export interface SyncTestApp {
  readonly location: TestStoreLocation;
  readonly store: Store;
  readonly t: TestApp;
  readonly sync: SyncExtension;
  /** Stops the sync loop, the server and the store, and removes the store. */
  close(): Promise<void>;
}

/** Options of {@link startSyncTestApp}. */
export interface SyncTestAppOptions {
  readonly sync?: SyncExtensionOptions;
  readonly execute?: ExecuteExtensionOptions;
}

/**
 * Opens a fresh SQLite or PostgreSQL store, migrates it for execute, search and sync, starts the
 * server (with `CONDUIT_ALLOW_UPSTREAM_OVERRIDE` on, so connectors can aim at a simulator) and its
 * sync loop. The simulator is the test's own.
 *
 * @example
 * ```ts
 * const app = await startSyncTestApp('sqlite', 'sync_errors', {
 *   sync: { config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000 } },
 * });
 * const token = await app.t.applicationToken();
 * await app.close();
 * ```
 */
export async function startSyncTestApp(
  kind: StoreKind,
  label: string,
  options: SyncTestAppOptions = {},
): Promise<SyncTestApp> {
  const location = await testStoreLocation(kind, label);
  const store = await location.open();
  const sync = createSyncExtension(options.sync);
  let t: TestApp | undefined;
  const close = async (): Promise<void> => {
    await sync.stop?.();
    await t?.close();
    await store.close();
    await location.cleanup();
  };
  try {
    const extensions = [createExecuteExtension(options.execute), createSearchExtension(), sync];
    await store.migrate(extensions.flatMap((extension) => extension.migrations ?? []));
    t = await startTestApp(store, { extensions, allowUpstreamOverride: true });
    await sync.start?.(t.app.services);
    return { location, store, t, sync, close };
  } catch (error) {
    await close();
    throw error;
  }
}
