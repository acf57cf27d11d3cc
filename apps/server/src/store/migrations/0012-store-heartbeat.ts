import type { Migration } from './migration';

/**
 * One row `/readyz` rewrites to prove the store takes writes: a full disk, a read-only file or
 * replica, or a role without write rights answered `SELECT 1` and so passed as ready while every
 * write failed (issue 28, finding 12). One row, however many processes: the write is a single
 * small upsert.
 */
export const migration0012StoreHeartbeat: Migration = {
  version: 12,
  name: 'store-heartbeat',
  sqlite: `
    CREATE TABLE store_heartbeat (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      beat_at TEXT NOT NULL
    );
  `,
  postgres: `
    CREATE TABLE store_heartbeat (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      beat_at TIMESTAMPTZ NOT NULL
    );
  `,
};
