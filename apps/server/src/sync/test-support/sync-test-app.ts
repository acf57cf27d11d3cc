import { createExecuteExtension, type ExecuteExtensionOptions } from '../../execute/execute-extension';
import type { ServerExtension } from '../../extensions/server-extension';
import { createSearchExtension } from '../../search/search-extension';
import { type StoredTestApp, startStoredTestApp } from '../../test-support/stored-test-app';
import type { StoreKind } from '../../test-support/test-app';
import { createSyncExtension, type SyncExtension, type SyncExtensionOptions } from '../sync-extension';

/** A server with execute, search and sync over a fresh store, its sync loop started. */
export interface SyncTestApp extends StoredTestApp {
  readonly sync: SyncExtension;
}

/** Options of {@link startSyncTestApp}. */
export interface SyncTestAppOptions {
  readonly sync?: SyncExtensionOptions;
  readonly execute?: ExecuteExtensionOptions;
  /** More features, after execute, search and sync. */
  readonly extensions?: readonly ServerExtension[];
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
  const sync = createSyncExtension(options.sync);
  const stored = await startStoredTestApp(kind, label, {
    extensions: [
      createExecuteExtension(options.execute),
      createSearchExtension(),
      sync,
      ...(options.extensions ?? []),
    ],
    allowUpstreamOverride: true,
  });
  const close = async (): Promise<void> => {
    await sync.stop?.();
    await stored.close();
  };
  try {
    await sync.start?.(stored.t.app.services);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...stored, sync, close };
}
