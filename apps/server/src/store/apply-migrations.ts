import { createHash } from 'node:crypto';
import type { Migration } from './migrations/migration';
import type { SqlDatabase } from './sql-database';

/** What a migration run did. */
export interface MigrationReport {
  /** Versions applied by this run, in order. */
  applied: number[];
  /** Versions recorded in the database that this server does not know (a newer server ran). */
  unknown: number[];
}

const HISTORY_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )
`;

function checksumOf(sql: string): string {
  return createHash('sha256').update(sql.trim()).digest('hex');
}

function checkOrder(migrations: readonly Migration[]): void {
  let previous = 0;
  for (const migration of migrations) {
    if (!Number.isInteger(migration.version) || migration.version <= previous) {
      throw new Error(
        `migration versions must be increasing positive integers; ${migration.version} (${migration.name}) follows ${previous}`,
      );
    }
    previous = migration.version;
  }
}

/**
 * Brings the schema up to date: creates `schema_migrations` when missing, then applies every
 * migration not yet recorded, each in its own transaction with its record, under the database's
 * migration lock. Running it again (or from several processes at once) applies nothing twice.
 * Throws when an applied migration's SQL has changed since it ran.
 *
 * @example
 * ```ts
 * const { applied } = await applyMigrations(db, MIGRATIONS);
 * ```
 */
export async function applyMigrations(
  db: SqlDatabase,
  migrations: readonly Migration[],
  now: () => Date = () => new Date(),
): Promise<MigrationReport> {
  checkOrder(migrations);
  return db.withMigrationLock(async () => {
    await db.runScript(HISTORY_TABLE);
    const rows = await db.query<{ version: unknown; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
    const recorded = new Map(rows.map((row) => [Number(row.version), row]));
    const known = new Set(migrations.map((migration) => migration.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      const sql = migration[db.dialect];
      const checksum = checksumOf(sql);
      const record = recorded.get(migration.version);
      if (record) {
        if (record.checksum !== checksum) {
          throw new Error(
            `migration ${migration.version} (${migration.name}) was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      await db.transaction(async (tx) => {
        await tx.runScript(sql);
        await tx.execute(
          'INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)',
          [migration.version, migration.name, checksum, now().toISOString()],
        );
      });
      applied.push(migration.version);
    }
    return { applied, unknown: [...recorded.keys()].filter((version) => !known.has(version)) };
  });
}
