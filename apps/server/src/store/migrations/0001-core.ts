import type { Migration } from './migration';

/**
 * Applications, connectors (credentials sealed with AES-256-GCM beside their key id and nonce),
 * settings (plain or sealed values) and the shared rate-limit windows.
 */
export const migration0001Core: Migration = {
  version: 1,
  name: 'core',
  sqlite: `
    CREATE TABLE applications (
      id TEXT PRIMARY KEY,
      client_id TEXT NOT NULL UNIQUE,
      secret_hash BLOB NOT NULL,
      secret_salt BLOB NOT NULL,
      secret_params TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE connectors (
      id TEXT PRIMARY KEY,
      application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      external_user_id TEXT NOT NULL,
      connector_type TEXT NOT NULL,
      name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('active', 'needs_reauth', 'error')),
      config TEXT NOT NULL,
      credentials_ciphertext BLOB NOT NULL,
      credentials_key_id TEXT NOT NULL,
      credentials_nonce BLOB NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX connectors_by_owner ON connectors (application_id, external_user_id, created_at);
    CREATE INDEX connectors_by_key ON connectors (credentials_key_id);
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT,
      ciphertext BLOB,
      key_id TEXT,
      nonce BLOB,
      updated_at TEXT NOT NULL,
      CHECK ((value IS NULL) <> (ciphertext IS NULL))
    );
    CREATE TABLE rate_limit_windows (
      bucket TEXT NOT NULL,
      window_start INTEGER NOT NULL,
      hits INTEGER NOT NULL,
      PRIMARY KEY (bucket, window_start)
    );
  `,
  postgres: `
    CREATE TABLE applications (
      id TEXT PRIMARY KEY,
      client_id TEXT NOT NULL UNIQUE,
      secret_hash BYTEA NOT NULL,
      secret_salt BYTEA NOT NULL,
      secret_params TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL
    );
    CREATE TABLE connectors (
      id TEXT PRIMARY KEY,
      application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      external_user_id TEXT NOT NULL,
      connector_type TEXT NOT NULL,
      name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('active', 'needs_reauth', 'error')),
      config JSONB NOT NULL,
      credentials_ciphertext BYTEA NOT NULL,
      credentials_key_id TEXT NOT NULL,
      credentials_nonce BYTEA NOT NULL,
      created_at TIMESTAMPTZ NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX connectors_by_owner ON connectors (application_id, external_user_id, created_at);
    CREATE INDEX connectors_by_key ON connectors (credentials_key_id);
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT,
      ciphertext BYTEA,
      key_id TEXT,
      nonce BYTEA,
      updated_at TIMESTAMPTZ NOT NULL,
      CHECK ((value IS NULL) <> (ciphertext IS NULL))
    );
    CREATE TABLE rate_limit_windows (
      bucket TEXT NOT NULL,
      window_start BIGINT NOT NULL,
      hits INTEGER NOT NULL,
      PRIMARY KEY (bucket, window_start)
    );
  `,
};
