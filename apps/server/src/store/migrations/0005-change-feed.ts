import type { Migration } from './migration';

/**
 * The change feed of the search copy (contract §4, `GET …/changes`): per synced record its latest
 * change, `upsert` or `delete`, under a sequence number that grows with every change. Keeping only
 * the latest change of a record bounds the table by the records ever seen (tombstones included)
 * while a reader behind by any amount still learns every record's current state; `seq` is the
 * feed's position. On PostgreSQL the sequence is shared by every process on the database, so a
 * cursor works on any of them and survives restarts. `changed_at` is epoch milliseconds.
 */
export const migration0005ChangeFeed: Migration = {
  version: 5,
  name: 'change-feed',
  sqlite: `
    CREATE TABLE search_changes (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      collection_id INTEGER NOT NULL REFERENCES search_collections (id) ON DELETE CASCADE,
      connector_id TEXT NOT NULL,
      record_id TEXT NOT NULL,
      operation TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
      changed_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX search_changes_latest ON search_changes (collection_id, record_id);
    CREATE INDEX search_changes_feed ON search_changes (connector_id, seq);
  `,
  postgres: `
    CREATE TABLE search_changes (
      seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      collection_id BIGINT NOT NULL REFERENCES search_collections (id) ON DELETE CASCADE,
      connector_id TEXT NOT NULL,
      record_id TEXT NOT NULL,
      operation TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
      changed_at BIGINT NOT NULL
    );
    CREATE UNIQUE INDEX search_changes_latest ON search_changes (collection_id, record_id);
    CREATE INDEX search_changes_feed ON search_changes (connector_id, seq);
  `,
};
