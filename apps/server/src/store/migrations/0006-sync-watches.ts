import type { Migration } from './migration';

/**
 * Watching the upstream's change stream between runs (contract §4): per connector the cursor of
 * each watched scope (JSON, e.g. an upstream's sync tokens per workspace), when it is next due, and the
 * process holding it (`lease_owner`, `lease_expires_at`, epoch ms), so with several processes on
 * one PostgreSQL database each connector is watched by one at a time.
 */
export const migration0006SyncWatches: Migration = {
  version: 6,
  name: 'sync-watches',
  sqlite: `
    CREATE TABLE sync_watches (
      connector_id TEXT PRIMARY KEY REFERENCES connectors (id) ON DELETE CASCADE,
      cursors TEXT NOT NULL DEFAULT '{}',
      next_at INTEGER NOT NULL DEFAULT 0,
      lease_owner TEXT,
      lease_expires_at INTEGER
    );
  `,
  postgres: `
    CREATE TABLE sync_watches (
      connector_id TEXT PRIMARY KEY REFERENCES connectors (id) ON DELETE CASCADE,
      cursors TEXT NOT NULL DEFAULT '{}',
      next_at BIGINT NOT NULL DEFAULT 0,
      lease_owner TEXT,
      lease_expires_at BIGINT
    );
  `,
};
