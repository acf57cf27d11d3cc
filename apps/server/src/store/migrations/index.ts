import { migration0001Core } from './0001-core';
import { migration0004ApplicationAdmin } from './0004-application-admin';
import type { Migration } from './migration';

/**
 * Every migration of the server, in order. To change the schema, add a file
 * `NNNN-what-it-does.ts` exporting a `Migration` with the next version and append it here; never
 * edit one that has shipped. Versions are shared with the features' migrations (2 and 3 are the
 * search index's and the sync state's).
 *
 * @example
 * ```ts
 * await applyMigrations(db, MIGRATIONS);
 * ```
 */
export const MIGRATIONS: readonly Migration[] = [migration0001Core, migration0004ApplicationAdmin];

export type { Migration } from './migration';
