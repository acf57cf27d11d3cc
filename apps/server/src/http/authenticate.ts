import { AuthenticationError, RateLimitError } from '@conduit/protocol';
import type { MiddlewareHandler } from 'hono';
import type { Caller } from '../services/caller';
import type { RateLimitDecision } from '../services/inbound-rate-limiter';
import type { ServerServices } from '../services/server-services';
import type { AppEnv } from './app-env';

function unauthorized(message: string, code: string): AuthenticationError {
  return new AuthenticationError(message, { status: 401, code, details: [{ message, error_code: code }] });
}

/**
 * Counts a request against the application's limit, or throws 429 with `Retry-After` (the seconds
 * until the window resets) when it is over.
 *
 * @example
 * ```ts
 * await enforceRateLimit(services, caller.applicationId);
 * ```
 */
export async function enforceRateLimit(
  services: ServerServices,
  applicationId: string,
  onDecision?: (decision: RateLimitDecision) => void,
): Promise<void> {
  const limiter = services.rateLimiter;
  if (!limiter) return;
  const decision = await limiter.hit(`app:${applicationId}`);
  onDecision?.(decision);
  if (decision.allowed) return;
  services.metrics.rateLimited.inc();
  const message = `rate limit of ${decision.limit} requests exceeded; retry in ${decision.resetSeconds}s`;
  throw new RateLimitError(message, {
    status: 429,
    retryAfterMs: decision.resetSeconds * 1000,
    details: [{ message, error_code: 'rate_limited' }],
  });
}

/** Options of {@link authenticate}. */
export interface AuthenticateOptions {
  /** Accept only this kind of token (the scoped-token route needs an application token). */
  readonly only?: Caller['kind'];
}

/**
 * Verifies `Authorization: Bearer <token>` (401 `missing_token`, `invalid_token`, `token_expired`;
 * `invalid_token` too once its application is revoked), sets `c.get('caller')` and counts the request against the application's rate limit (429).
 *
 * @example
 * ```ts
 * app.use('/api/v1/connectors/*', authenticate(services));
 * ```
 */
export function authenticate(
  services: ServerServices,
  options: AuthenticateOptions = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined || header.trim() === '')
      throw unauthorized('a bearer token is required', 'missing_token');
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!match) throw unauthorized('the Authorization header must be "Bearer <token>"', 'invalid_token');
    const verified = (await services.tokenSigner()).verify(match[1]!);
    if (options.only !== undefined && verified.kind !== options.only) {
      throw unauthorized(
        options.only === 'application'
          ? 'this call needs an application token'
          : 'this call needs a scoped token',
        'invalid_token',
      );
    }
    const caller: Caller =
      verified.kind === 'scoped'
        ? { kind: 'scoped', applicationId: verified.applicationId, externalUserId: verified.externalUserId }
        : { kind: 'application', applicationId: verified.applicationId };
    c.set('caller', caller);
    // Tokens are signed, not stored: a revocation is seen through the application's status
    // (remembered for a moment, see ApplicationStatusCache), alongside the rate-limit count.
    const [active] = await Promise.all([
      services.applicationStatus.isActive(caller.applicationId),
      enforceRateLimit(services, caller.applicationId, (decision) => c.set('rateLimit', decision)),
    ]);
    if (!active) throw unauthorized('the application of this token was revoked', 'invalid_token');
    await next();
  };
}
