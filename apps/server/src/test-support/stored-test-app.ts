import type { Store } from '../store/store';
import {
  type StoreKind,
  startTestApp,
  type TestApp,
  type TestAppOptions,
  type TestStoreLocation,
  testStoreLocation,
} from './test-app';

/** A test app over a fresh store of its own. */
export interface StoredTestApp {
  readonly location: TestStoreLocation;
  readonly store: Store;
  readonly t: TestApp;
  /** Stops the app, closes the store and removes it. */
  close(): Promise<void>;
}

/**
 * Opens a fresh SQLite or PostgreSQL store, migrates it (with the migrations of
 * `options.extensions`) and starts a test app on it; a failed start cleans up what it made.
 *
 * @example
 * ```ts
 * const app = await startStoredTestApp('sqlite', 'client-abort');
 * const token = await app.t.applicationToken();
 * await app.close();
 * ```
 */
export async function startStoredTestApp(
  kind: StoreKind,
  label: string,
  options: TestAppOptions = {},
): Promise<StoredTestApp> {
  const location = await testStoreLocation(kind, label);
  const store = await location.open();
  let t: TestApp | undefined;
  const close = async (): Promise<void> => {
    await t?.close();
    await store.close();
    await location.cleanup();
  };
  try {
    await store.migrate((options.extensions ?? []).flatMap((extension) => extension.migrations ?? []));
    t = await startTestApp(store, options);
    return { location, store, t, close };
  } catch (error) {
    await close();
    throw error;
  }
}
