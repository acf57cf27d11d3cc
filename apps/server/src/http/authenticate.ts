import { AuthenticationError, RateLimitError } from '@conduit/protocol';
import type { MiddlewareHandler } from 'hono';
import type { TokenSigner } from '../crypto/token-signer';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { ApplicationStatusCache } from '../services/application-status-cache';
import type { Caller } from '../services/caller';
import type { InboundRateLimiter, RateLimitDecision } from '../services/inbound-rate-limiter';
import type { AppEnv } from './app-env';

/**
 * What authentication reads of the server's services; `ServerServices` has every member. Named
 * here rather than taking that bag, which belongs to the features' contract (`extensions/`), a
 * layer above `http/`: an HTTP helper imports nothing above it.
 */
export interface AuthenticationServices {
  readonly rateLimiter: InboundRateLimiter | undefined;
  readonly metrics: ServerMetrics;
  readonly applicationStatus: ApplicationStatusCache;
  tokenSigner(): Promise<TokenSigner>;
}

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
  services: AuthenticationServices,
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
  services: AuthenticationServices,
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
