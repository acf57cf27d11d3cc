import { migration0001Core } from './0001-core';
import { migration0004ApplicationAdmin } from './0004-application-admin';
import { migration0007ConnectSessions } from './0007-connect-sessions';
import { migration0008UnloggedRateLimits } from './0008-unlogged-rate-limits';
import { migration0011ApplicationSecretGeneration } from './0011-application-secret-generation';
import { migration0012StoreHeartbeat } from './0012-store-heartbeat';
import { migration0013WebhookOutbox } from './0013-webhook-outbox';
import { migration0020ApplicationReturnUrlOrigins } from './0020-application-return-url-origins';
import type { Migration } from './migration';

/**
 * Every migration of the server, in order. To change the schema, add a file
 * `NNNN-what-it-does.ts` exporting a `Migration` with the next version and append it here; never
 * edit one that has shipped. Versions are shared with the features' migrations (2 and 5 are
 * search's, 3 and 6 sync's).
 *
 * @example
 * ```ts
 * await applyMigrations(db, MIGRATIONS);
 * ```
 */
export const MIGRATIONS: readonly Migration[] = [
  migration0001Core,
  migration0004ApplicationAdmin,
  migration0007ConnectSessions,
  migration0008UnloggedRateLimits,
  migration0011ApplicationSecretGeneration,
  migration0012StoreHeartbeat,
  migration0013WebhookOutbox,
  migration0020ApplicationReturnUrlOrigins,
];

export type { Migration } from './migration';
