import { migration0001Core } from './0001-core';
import type { Migration } from './migration';

/**
 * Every migration of the server, in order. To change the schema, add a file
 * `NNNN-what-it-does.ts` exporting a `Migration` with the next version and append it here; never
 * edit one that has shipped.
 *
 * @example
 * ```ts
 * await applyMigrations(db, MIGRATIONS);
 * ```
 */
export const MIGRATIONS: readonly Migration[] = [migration0001Core];

export type { Migration } from './migration';
