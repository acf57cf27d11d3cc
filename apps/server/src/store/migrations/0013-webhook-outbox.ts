import type { Migration } from './migration';

/**
 * The outbox of webhook deliveries (issue 28, finding 5): each event to send, stored when it
 * happens and drained by whichever server process finds it due, so a restart (SIGTERM or kill -9)
 * loses no pending retry. Times are epoch milliseconds, as in `connect_sessions`. A process takes
 * a row for one attempt by setting `lease_owner`/`lease_until` (others skip a leased row until the
 * lease runs out, so no two send the same attempt); `state` is `pending`, `delivered` or
 * `given_up`. The signing secret stays sealed in the session's row; the body is the event JSON,
 * sent byte for byte on every attempt. Deliveries go with their session.
 */
export const migration0013WebhookOutbox: Migration = {
  version: 13,
  name: 'webhook-outbox',
  sqlite: `
    CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES connect_sessions (id) ON DELETE CASCADE,
      url TEXT NOT NULL,
      body TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'given_up')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      lease_owner TEXT,
      lease_until INTEGER,
      last_error TEXT,
      created_at INTEGER NOT NULL,
      finished_at INTEGER
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
    CREATE INDEX webhook_deliveries_by_session ON webhook_deliveries (session_id);
  `,
  postgres: `
    CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES connect_sessions (id) ON DELETE CASCADE,
      url TEXT NOT NULL,
      body TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'given_up')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at BIGINT NOT NULL,
      lease_owner TEXT,
      lease_until BIGINT,
      last_error TEXT,
      created_at BIGINT NOT NULL,
      finished_at BIGINT
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
    CREATE INDEX webhook_deliveries_by_session ON webhook_deliveries (session_id);
  `,
};
