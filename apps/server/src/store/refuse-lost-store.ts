import { ConfigError } from '../config/config-error';
import type { Store } from './store';

/** What says a service ran here before, beside the store. */
export interface EarlierInstallSigns {
  /** The data directory's generated key file, when it was there before this start (the embedded store's). */
  readonly keyFile: string | undefined;
  /** How many encryption keys are configured: more than one means keys were rotated, so data existed. */
  readonly configuredKeys: number;
  /** `--new-install` / `CONDUIT_NEW_INSTALL=1`: an empty store is meant. */
  readonly newInstall: boolean;
}

/**
 * Refuses to start on an empty store (never migrated) when something beside it says a service ran
 * here before: the embedded store's key file, or a rotated set of keys. A zero-length or replaced
 * `conduit.db`, or a PostgreSQL URL or schema pointing at the wrong database, would otherwise start
 * a new, empty service without a word, and every client would find its connectors gone (issue
 * 28, finding 11). `newInstall` says an empty store is meant.
 *
 * @throws ConfigError naming what was found and how to go on
 * @example
 * ```ts
 * await refuseLostStore(store, { keyFile: existed ? keyPath : undefined, configuredKeys: 1, newInstall: false });
 * ```
 */
export async function refuseLostStore(store: Store, signs: EarlierInstallSigns): Promise<void> {
  if (signs.newInstall) return;
  const found =
    signs.keyFile !== undefined
      ? `the data directory holds the encryption key of an earlier install (${signs.keyFile})`
      : signs.configuredKeys > 1
        ? `${signs.configuredKeys} encryption keys are configured (CONDUIT_ENCRYPTION_KEYS: keys were rotated, so data was kept)`
        : undefined;
  if (found === undefined || !(await store.isEmpty())) return;
  const where =
    store.dialect === 'sqlite'
      ? 'the SQLite file (conduit.db) is empty or new'
      : 'the PostgreSQL schema is empty';
  throw new ConfigError(
    `refusing to start a new, empty service: ${where}, but ${found}. The database may have been lost or replaced: restore it, point CONDUIT_DATABASE_URL / CONDUIT_DATABASE_SCHEMA / --data-dir at it, or start once with --new-install (CONDUIT_NEW_INSTALL=1) if a new service is meant`,
  );
}
