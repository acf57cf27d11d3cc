import { AuthenticationError } from '@conduit/protocol';
import type { MiddlewareHandler } from 'hono';
import { constantTimeEqual } from '../crypto/constant-time-equal';
import type { AppEnv } from './app-env';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

function refused(message: string, code: string): AuthenticationError {
  return new AuthenticationError(message, { status: 401, code, details: [{ message, error_code: code }] });
}

/**
 * Lets a request through only with `Authorization: Bearer <token>` equal to the operator's token
 * (compared in constant time); 401 `missing_token` or `invalid_token` otherwise. Operator tokens
 * (`CONDUIT_ADMIN_TOKEN`, `CONDUIT_METRICS_TOKEN`) are configuration, not signed tokens.
 *
 * @example
 * ```ts
 * app.use('/admin/v1/*', requireOperatorToken(() => config.adminToken!, 'admin'));
 * ```
 */
export function requireOperatorToken(expected: () => string, purpose: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined || header.trim() === '') {
      throw refused(`the ${purpose} token is required`, 'missing_token');
    }
    const match = BEARER.exec(header);
    if (!match || !constantTimeEqual(match[1]!, expected())) {
      throw refused(`the ${purpose} token is wrong`, 'invalid_token');
    }
    await next();
  };
}
