import {
  ApiError,
  AuthenticationError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
} from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { createHttpError, errorMessageFromBody } from './create-http-error';

const request = { method: 'GET', url: 'https://api.test/x' };

describe('createHttpError', () => {
  it('maps statuses to classes with their codes and retryability', () => {
    const cases = [
      [400, ApiError, 'api_error', false],
      [401, AuthenticationError, 'unauthorized', false],
      [403, PermissionError, 'forbidden', false],
      [404, NotFoundError, 'not_found', false],
      [408, ApiError, 'api_error', true],
      [429, RateLimitError, 'rate_limited', true],
      [500, ServerError, 'server_error', true],
      [503, ServerError, 'server_error', true],
    ] as const;
    for (const [status, ErrorClass, code, retryable] of cases) {
      const error = createHttpError({ status, body: undefined, headers: new Headers(), request });
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error.code).toBe(code);
      expect(error.retryable).toBe(retryable);
      expect(error.status).toBe(status);
      expect(error.request).toBe(request);
    }
  });

  it('redacts secrets in JSON bodies and response headers', () => {
    const error = createHttpError({
      status: 400,
      body: { message: 'bad', echo: { access_token: 'secret-a' } },
      headers: new Headers({ 'set-cookie': 'session=secret-b', 'x-request-id': 'r1' }),
      request,
    });
    expect(error.responseBody).toEqual({ message: 'bad', echo: { access_token: '[REDACTED]' } });
    expect(error.responseHeaders).toEqual({ 'set-cookie': '[REDACTED]', 'x-request-id': 'r1' });
    expect(JSON.stringify(error)).not.toMatch(/secret-a|secret-b/);
  });

  it('sets retryAfterMs on rate-limit errors', () => {
    const error = createHttpError({
      status: 429,
      body: '',
      headers: new Headers(),
      request,
      retryAfterMs: 5_000,
    });
    expect((error as RateLimitError).retryAfterMs).toBe(5_000);
  });

  it('falls back to the status line for a message', () => {
    expect(
      createHttpError({
        status: 504,
        statusText: 'Gateway Timeout',
        body: '<html/>',
        headers: new Headers(),
        request,
      }).message,
    ).toBe('HTTP 504 Gateway Timeout');
  });
});

describe('errorMessageFromBody', () => {
  it('reads the common shapes', () => {
    expect(errorMessageFromBody({ message: 'm' })).toBe('m');
    expect(errorMessageFromBody({ error: 'invalid_grant', error_description: 'd' })).toBe('d');
    expect(errorMessageFromBody({ error: 'invalid_grant' })).toBe('invalid_grant');
    expect(errorMessageFromBody({ error: { message: 'nested' } })).toBe('nested');
    expect(errorMessageFromBody({ errors: [{ message: 'first' }, { message: 'second' }] })).toBe('first');
    expect(errorMessageFromBody({ errors: ['plain'] })).toBe('plain');
    expect(errorMessageFromBody('  Service   unavailable\n')).toBe('Service unavailable');
  });

  it('ignores HTML, empty and unknown bodies, and truncates long messages', () => {
    expect(errorMessageFromBody('<!DOCTYPE html><html></html>')).toBeUndefined();
    expect(errorMessageFromBody('')).toBeUndefined();
    expect(errorMessageFromBody({ errors: [] })).toBeUndefined();
    expect(errorMessageFromBody(null)).toBeUndefined();
    expect(errorMessageFromBody(42)).toBeUndefined();
    expect(errorMessageFromBody({ message: 'x'.repeat(1_000) })?.length).toBeLessThan(560);
  });
});
