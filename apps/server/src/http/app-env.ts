import { AuthenticationError } from '@conduit/protocol';
import type { Context } from 'hono';
import type { Logger } from '../logging/logger';
import type { Caller } from '../services/caller';
import type { RateLimitDecision } from '../services/inbound-rate-limiter';

/** Per-request values the core middleware sets for every handler. */
export interface AppVariables {
  /** The request id, echoed in `x-request-id` and on every log line of the request. */
  requestId: string;
  /** The server's logger, bound to this request's id. */
  logger: Logger;
  /** The authenticated caller; set under the authenticated prefixes. */
  caller: Caller | undefined;
  /** The application's rate-limit decision on this request; set by `authenticate`, answered as `RateLimit-*`. */
  rateLimit: RateLimitDecision | undefined;
}

/** The Hono environment of the server's app. */
export interface AppEnv {
  Variables: AppVariables;
}

/**
 * The authenticated caller of a request, for handlers under the authenticated prefixes.
 *
 * @throws AuthenticationError 401 when no authentication ran (a route outside those prefixes)
 * @example
 * ```ts
 * app.get('/api/v1/connectors/sources/:id/sync', async (c) => {
 *   const caller = requireCaller(c);
 *   …
 * });
 * ```
 */
export function requireCaller(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) {
    throw new AuthenticationError('a bearer token is required', {
      status: 401,
      code: 'missing_token',
      details: [{ message: 'a bearer token is required', error_code: 'missing_token' }],
    });
  }
  return caller;
}
