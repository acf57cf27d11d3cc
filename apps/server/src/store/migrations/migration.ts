/**
 * One versioned change of the schema, written once per dialect. Applied in `version` order, each in
 * its own transaction, and recorded in `schema_migrations`; an applied migration is never edited
 * (its checksum is checked at start), a later one changes what it did.
 *
 * @example
 * ```ts
 * export const migration0002: Migration = {
 *   version: 2,
 *   name: 'sync-state',
 *   sqlite: 'CREATE TABLE sync_state (connector_id TEXT PRIMARY KEY REFERENCES connectors(id) ON DELETE CASCADE)',
 *   postgres: 'CREATE TABLE sync_state (connector_id TEXT PRIMARY KEY REFERENCES connectors(id) ON DELETE CASCADE)',
 * };
 * ```
 */
export interface Migration {
  /** A positive integer, unique, increasing with each new migration. */
  readonly version: number;
  /** Short kebab-case description, stored beside the version. */
  readonly name: string;
  /** The DDL for the embedded SQLite store; several statements separated by `;`. */
  readonly sqlite: string;
  /** The DDL for PostgreSQL; several statements separated by `;`. */
  readonly postgres: string;
}
