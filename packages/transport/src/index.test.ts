import { parseRetryAfterMs } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import * as egress from './egress';
import * as transport from './index';

describe('@conduit/transport exports', () => {
  it('exposes the public API and nothing of ky', () => {
    expect(Object.keys(transport).sort()).toEqual(
      [
        'DEFAULT_RESPONSE_BOUNDS',
        'DEFAULT_RETRY_OPTIONS',
        'RateLimiter',
        'VERSION',
        'basicAuth',
        'bearerAuth',
        'buildUserAgent',
        'cachedTokenAuth',
        'clientCredentialsAuth',
        'consoleLogger',
        'createHttpError',
        'createOAuthTokenClient',
        'createRateLimiter',
        'createTransport',
        'defaultFetch',
        'errorMessageFromBody',
        'paginate',
        'parseRetryAfter',
        'refreshTokenAuth',
        'requestOAuthToken',
        'sleep',
        'systemClock',
        'tokenOfAuthorization',
      ].sort(),
    );
    expect(transport.VERSION).toBe('0.0.0-test');
  });

  it('keeps parseRetryAfter only as the deprecated name of the one parser, parseRetryAfterMs', () => {
    expect(transport.parseRetryAfter).toBe(parseRetryAfterMs);
  });

  it('keeps the egress policy and the layers that run on undici in @conduit/transport/egress', () => {
    expect(Object.keys(egress).sort()).toEqual([
      'assertUrlAllowed',
      'classifyAddress',
      'createBoundedFetch',
      'createEgressDispatcher',
      'createEgressFetch',
      'createEgressPolicy',
      'createProxyEgressDispatcher',
      'proxyFromEnv',
    ]);
  });

  it('does no I/O and starts no timer at construction', () => {
    const fetch = () => Promise.reject(new Error('must not be called'));
    const created = transport.createTransport({
      baseUrl: 'https://api.test/v1',
      fetch,
      limiter: { requestsPerInterval: 1, intervalMs: 1_000 },
      auth: transport.clientCredentialsAuth({
        tokenUrl: 'https://auth.test/token',
        clientId: 'c',
        clientSecret: 's',
        fetch,
      }),
    });
    expect(created.limiter?.stats).toEqual({ queued: 0, inFlight: 0, startedInWindow: 0, pausedForMs: 0 });
  });
});
