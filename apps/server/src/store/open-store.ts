import { chmod, mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations/index';
import { PostgresDatabase } from './postgres-database';
import { SqlStore } from './sql-store';
import { SqliteDatabase } from './sqlite-database';
import type { Store } from './store';

/** The file of the embedded store inside the data directory. */
export const SQLITE_FILE_NAME = 'conduit.db';

/** Where the store lives. */
export interface OpenStoreOptions {
  /** PostgreSQL URL; when absent the embedded SQLite store in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (created when missing). */
  databaseSchema?: string | undefined;
  /** Directory of the embedded store. Required without `databaseUrl`. */
  dataDir?: string | undefined;
  /** The migrations to know; default `MIGRATIONS`. */
  migrations?: readonly Migration[];
  /** Connections of the PostgreSQL pool (`CONDUIT_DATABASE_POOL_SIZE`). Default 10. */
  poolSize?: number | undefined;
  /** PostgreSQL's limit on one statement, in ms (`CONDUIT_DATABASE_STATEMENT_TIMEOUT`). Default 30000. */
  statementTimeoutMs?: number | undefined;
  /** Told about background connection errors of the PostgreSQL pool. */
  onBackgroundError?: (error: Error) => void;
}

/**
 * Opens the store the configuration names: PostgreSQL when `databaseUrl` is set, else the SQLite
 * file `conduit.db` in `dataDir` (created with mode 0600 in a 0700 directory). Migrations are not
 * applied here; call `store.migrate()` (the server does at start).
 *
 * @example
 * ```ts
 * const store = await openStore({ dataDir: '/var/lib/conduit' });
 * await store.migrate();
 * ```
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const migrations = options.migrations ?? MIGRATIONS;
  if (options.databaseUrl !== undefined) {
    const db = new PostgresDatabase({
      connectionString: options.databaseUrl,
      ...(options.databaseSchema === undefined ? {} : { schema: options.databaseSchema }),
      ...(options.onBackgroundError === undefined ? {} : { onBackgroundError: options.onBackgroundError }),
      ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
      ...(options.statementTimeoutMs === undefined ? {} : { statementTimeoutMs: options.statementTimeoutMs }),
    });
    return new SqlStore(db, migrations);
  }
  if (options.dataDir === undefined) throw new Error('openStore needs databaseUrl or dataDir');
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const file = join(options.dataDir, SQLITE_FILE_NAME);
  // Create the file ourselves so it is private from the first byte; SQLite gives its -wal and -shm
  // companions the same mode.
  await (await open(file, 'a', 0o600)).close();
  await chmod(file, 0o600);
  return new SqlStore(await SqliteDatabase.open(file), migrations);
}
