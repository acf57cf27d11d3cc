import type { OAuthTokens, RefreshCoordinator } from '@conduit/transport';
import type { SqlDatabase } from '../store/sql-database';

/** The OAuth fields of a connector's stored credentials, as the serializer compares them. */
export interface StoredOAuthCredentials {
  readonly refresh_token?: unknown;
  readonly access_token?: unknown;
}

/**
 * One OAuth refresh at a time per connector, across everything that holds its refresh token: the
 * execute path's cached executor, each sync run's executor and the watcher in this process (a
 * promise chain per connector id), and other server processes on the same PostgreSQL database (a
 * transaction-scoped advisory lock on the connector id; a SQLite file has one process). Under the
 * lock the stored credentials are read again: a refresh token rotated by a holder this one waited for
 * is adopted with its access token (no second grant); one rotated earlier is used for the grant in
 * place of the held one. A rotated-out refresh token is never sent (an upstream that rotates
 * refresh tokens may revoke the whole token family when one is replayed).
 *
 * @example
 * ```ts
 * const serializer = new RefreshSerializer(store.db);
 * const coordinateRefresh = serializer.coordinatorFor(record.id, () => readCredentials(record.id));
 * module.createExecutor({ credentials, coordinateRefresh });
 * ```
 */
export class RefreshSerializer {
  readonly #db: SqlDatabase;
  readonly #tails = new Map<string, Promise<unknown>>();

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /**
   * The coordinator of one connector's refreshes, for its executors' OAuth auth; `readStored`
   * reads and decrypts its credentials as stored now (undefined once it is deleted).
   */
  coordinatorFor(
    connectorId: string,
    readStored: () => Promise<StoredOAuthCredentials | undefined>,
  ): RefreshCoordinator {
    const latestOf = async () => {
      const stored = await readStored();
      return typeof stored?.refresh_token === 'string' ? stored : undefined;
    };
    return async (held, grant, { adoptable }) => {
      // What was stored when this holder's call failed: a change after it was made by a refresher
      // this one waited for, whose access token is newer than the failure.
      const before = (await latestOf())?.refresh_token;
      return this.#exclusive(connectorId, () =>
        this.#acrossProcesses(connectorId, async () => {
          const stored = await latestOf();
          const latest = stored?.refresh_token as string | undefined;
          if (latest === undefined || latest === held) return grant(held);
          const accessToken = stored?.access_token;
          if (adoptable && latest !== before && typeof accessToken === 'string' && accessToken !== '') {
            return { accessToken, refreshToken: latest, expiresAt: undefined } satisfies OAuthTokens;
          }
          // Rotated before this call failed (its access token may be as dead as this holder's), or
          // an executor that never held an access token and wants its own grant (a module may learn
          // its API host from the token response): a grant with the newest token, never the
          // rotated-out one.
          return grant(latest);
        }),
      );
    };
  }

  /** Runs `work` after every earlier refresh of the connector in this process settled. */
  async #exclusive<T>(connectorId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(connectorId) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(work);
    const tail = current.catch(() => undefined);
    this.#tails.set(connectorId, tail);
    try {
      return await current;
    } finally {
      if (this.#tails.get(connectorId) === tail) this.#tails.delete(connectorId);
    }
  }

  /**
   * On PostgreSQL, holds an advisory lock on the connector for the duration of `work` (in a
   * transaction of its own, released at its end). The grant's credentials are saved through the
   * pool meanwhile: an advisory lock blocks only other lockers, not writes to the row.
   */
  #acrossProcesses<T>(connectorId: string, work: () => Promise<T>): Promise<T> {
    if (this.#db.dialect !== 'postgres') return work();
    return this.#db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('conduit:oauth-refresh:' || $1, 0))", [
        connectorId,
      ]);
      return work();
    });
  }
}
