import type { Migration } from './migration';

/**
 * What the admin API keeps of an application beside its credentials: a display name, and when it
 * was revoked (its tokens and secret stop working; its connectors are kept until deleted).
 */
export const migration0004ApplicationAdmin: Migration = {
  version: 4,
  name: 'application-admin',
  sqlite: `
    ALTER TABLE applications ADD COLUMN name TEXT;
    ALTER TABLE applications ADD COLUMN revoked_at TEXT;
  `,
  postgres: `
    ALTER TABLE applications ADD COLUMN name TEXT, ADD COLUMN revoked_at TIMESTAMPTZ;
  `,
};
