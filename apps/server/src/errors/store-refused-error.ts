import { StoreUnavailableError } from './store-unavailable-error';

/**
 * The database answered but refused the connection: an unknown role, a wrong password, a database
 * that does not exist. At start-up the server reports it as a bad `CONDUIT_DATABASE_URL` (waiting
 * will not fix it, unlike an unreachable database); a request that meets it later gets the same
 * 503 `store_unavailable` as any store outage, since the request itself was fine.
 *
 * @example
 * ```ts
 * throw new StoreRefusedError('the database refused the connection', { cause: error });
 * ```
 */
export class StoreRefusedError extends StoreUnavailableError {
  override readonly name: string = 'StoreRefusedError';
}
