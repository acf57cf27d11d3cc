import type { MiddlewareHandler } from 'hono';
import type { RateLimitDecision } from '../services/inbound-rate-limiter';
import type { AppEnv } from './app-env';

/**
 * The IETF draft's rate-limit fields (draft-ietf-httpapi-ratelimit-headers, the separate-field
 * form most clients read): the window's limit, what is left of it and the seconds until it resets.
 *
 * @example
 * ```ts
 * rateLimitFields({ allowed: true, limit: 100, remaining: 99, resetSeconds: 60 });
 * // { 'ratelimit-limit': '100', 'ratelimit-remaining': '99', 'ratelimit-reset': '60' }
 * ```
 */
export function rateLimitFields(decision: RateLimitDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.allowed ? decision.remaining : 0),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

/**
 * Puts the `RateLimit-*` fields of the request's rate-limit decision (set by `authenticate`) on
 * its answer, a 429 included, so callers can pace themselves before they are refused. Registered
 * ahead of `authenticate`, so it sees the answer the error handler made of a refusal too.
 *
 * @example
 * ```ts
 * app.use('/v1/integrations/*', rateLimitHeaders());
 * ```
 */
export function rateLimitHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const decision = c.get('rateLimit');
    if (decision === undefined) return;
    const fields = rateLimitFields(decision);
    try {
      for (const [name, value] of Object.entries(fields)) c.res.headers.set(name, value);
    } catch {
      // A response with immutable headers (one passed through from fetch): copied with them.
      const headers = new Headers(c.res.headers);
      for (const [name, value] of Object.entries(fields)) headers.set(name, value);
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    }
  };
}
