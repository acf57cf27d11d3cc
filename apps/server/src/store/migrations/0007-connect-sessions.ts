import type { Migration } from './migration';

/**
 * Connect sessions (issue 18): an application's invitation for one external user to connect an
 * account through `/connect/{id}`. The id is the page's only credential, so it is long and random;
 * times are epoch milliseconds; `connector_id` is the connector to re-authorize, then the one the
 * session created or repaired. Sessions go with their application.
 *
 * `connect_oauth_states` holds each OAuth authorization started from a session: the state is kept
 * only as its SHA-256 (the browser carries the value), the PKCE verifier sealed like credentials,
 * and `used_at` makes the callback single use. A session's webhook secret (HMAC key of its
 * completion notice) is sealed too.
 */
export const migration0007ConnectSessions: Migration = {
  version: 7,
  name: 'connect-sessions',
  sqlite: `
    CREATE TABLE connect_sessions (
      id TEXT PRIMARY KEY,
      application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      external_user_id TEXT NOT NULL,
      connector_types TEXT NOT NULL,
      return_url TEXT,
      webhook_url TEXT,
      webhook_secret_ciphertext BLOB,
      webhook_secret_key_id TEXT,
      webhook_secret_nonce BLOB,
      reauthorize_connector_id TEXT,
      connector_id TEXT,
      status TEXT NOT NULL CHECK (status IN ('pending', 'completed')),
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      completed_at INTEGER
    );
    CREATE INDEX connect_sessions_by_application ON connect_sessions (application_id, created_at);
    CREATE TABLE connect_oauth_states (
      state_hash TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES connect_sessions (id) ON DELETE CASCADE,
      connector_type TEXT NOT NULL,
      config TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      verifier_ciphertext BLOB NOT NULL,
      verifier_key_id TEXT NOT NULL,
      verifier_nonce BLOB NOT NULL,
      created_at INTEGER NOT NULL,
      used_at INTEGER
    );
  `,
  postgres: `
    CREATE TABLE connect_sessions (
      id TEXT PRIMARY KEY,
      application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      external_user_id TEXT NOT NULL,
      connector_types TEXT NOT NULL,
      return_url TEXT,
      webhook_url TEXT,
      webhook_secret_ciphertext BYTEA,
      webhook_secret_key_id TEXT,
      webhook_secret_nonce BYTEA,
      reauthorize_connector_id TEXT,
      connector_id TEXT,
      status TEXT NOT NULL CHECK (status IN ('pending', 'completed')),
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      completed_at BIGINT
    );
    CREATE INDEX connect_sessions_by_application ON connect_sessions (application_id, created_at);
    CREATE TABLE connect_oauth_states (
      state_hash TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES connect_sessions (id) ON DELETE CASCADE,
      connector_type TEXT NOT NULL,
      config TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      verifier_ciphertext BYTEA NOT NULL,
      verifier_key_id TEXT NOT NULL,
      verifier_nonce BYTEA NOT NULL,
      created_at BIGINT NOT NULL,
      used_at BIGINT
    );
  `,
};
