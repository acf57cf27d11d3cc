import type { Migration } from './migration';

/**
 * Sync bookkeeping (contract §4): per connector the generation counter of mark-and-sweep and the
 * outcome of past runs; the runs themselves, at most one queued or running per connector, leased
 * to one server process at a time (`lease_owner`, `lease_expires_at` in epoch ms); the listing
 * jobs of a run, one per entity and parent, with the upstream offset to resume from; and per
 * connector and entity when it last synced and the last error. Times are epoch milliseconds.
 */
export const migration0003SyncState: Migration = {
  version: 3,
  name: 'sync-state',
  sqlite: `
    CREATE TABLE sync_connectors (
      connector_id TEXT PRIMARY KEY REFERENCES connectors (id) ON DELETE CASCADE,
      generation INTEGER NOT NULL DEFAULT 0,
      last_finished_at INTEGER,
      last_success_at INTEGER,
      last_success_started_at INTEGER,
      last_full_success_at INTEGER,
      last_outcome TEXT CHECK (last_outcome IN ('succeeded', 'failed')),
      last_error TEXT
    );
    CREATE TABLE sync_runs (
      id TEXT PRIMARY KEY,
      connector_id TEXT NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
      mode TEXT NOT NULL CHECK (mode IN ('full', 'incremental')),
      trigger TEXT NOT NULL,
      generation INTEGER NOT NULL,
      modified_since TEXT,
      state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
      requested_at INTEGER NOT NULL,
      started_at INTEGER,
      finished_at INTEGER,
      lease_owner TEXT,
      lease_expires_at INTEGER,
      attempts INTEGER NOT NULL DEFAULT 0,
      error TEXT
    );
    CREATE UNIQUE INDEX sync_runs_one_active ON sync_runs (connector_id) WHERE state IN ('queued', 'running');
    CREATE INDEX sync_runs_claimable ON sync_runs (requested_at) WHERE state IN ('queued', 'running');
    CREATE INDEX sync_runs_by_connector ON sync_runs (connector_id, requested_at);
    CREATE TABLE sync_jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      run_id TEXT NOT NULL REFERENCES sync_runs (id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      parent_gid TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
      next_offset TEXT,
      pages INTEGER NOT NULL DEFAULT 0,
      records INTEGER NOT NULL DEFAULT 0,
      error TEXT,
      UNIQUE (run_id, kind, parent_gid)
    );
    CREATE INDEX sync_jobs_pending ON sync_jobs (run_id, state, id);
    CREATE TABLE sync_entities (
      connector_id TEXT NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
      entity TEXT NOT NULL,
      synced_at INTEGER,
      error TEXT,
      PRIMARY KEY (connector_id, entity)
    ) WITHOUT ROWID;
  `,
  postgres: `
    CREATE TABLE sync_connectors (
      connector_id TEXT PRIMARY KEY REFERENCES connectors (id) ON DELETE CASCADE,
      generation BIGINT NOT NULL DEFAULT 0,
      last_finished_at BIGINT,
      last_success_at BIGINT,
      last_success_started_at BIGINT,
      last_full_success_at BIGINT,
      last_outcome TEXT CHECK (last_outcome IN ('succeeded', 'failed')),
      last_error TEXT
    );
    CREATE TABLE sync_runs (
      id TEXT PRIMARY KEY,
      connector_id TEXT NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
      mode TEXT NOT NULL CHECK (mode IN ('full', 'incremental')),
      trigger TEXT NOT NULL,
      generation BIGINT NOT NULL,
      modified_since TEXT,
      state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
      requested_at BIGINT NOT NULL,
      started_at BIGINT,
      finished_at BIGINT,
      lease_owner TEXT,
      lease_expires_at BIGINT,
      attempts INTEGER NOT NULL DEFAULT 0,
      error TEXT
    );
    CREATE UNIQUE INDEX sync_runs_one_active ON sync_runs (connector_id) WHERE state IN ('queued', 'running');
    CREATE INDEX sync_runs_claimable ON sync_runs (requested_at) WHERE state IN ('queued', 'running');
    CREATE INDEX sync_runs_by_connector ON sync_runs (connector_id, requested_at);
    CREATE TABLE sync_jobs (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      run_id TEXT NOT NULL REFERENCES sync_runs (id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      parent_gid TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
      next_offset TEXT,
      pages INTEGER NOT NULL DEFAULT 0,
      records INTEGER NOT NULL DEFAULT 0,
      error TEXT,
      UNIQUE (run_id, kind, parent_gid)
    );
    CREATE INDEX sync_jobs_pending ON sync_jobs (run_id, state, id);
    CREATE TABLE sync_entities (
      connector_id TEXT NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
      entity TEXT NOT NULL,
      synced_at BIGINT,
      error TEXT,
      PRIMARY KEY (connector_id, entity)
    );
  `,
};
