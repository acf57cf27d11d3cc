import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
} from './api-error';
import {
  CursorExpiredError,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
  UnsupportedOperationError,
  ValidationError,
} from './client-errors';
import { ConduitError } from './conduit-error';

describe('ConduitError', () => {
  it('defaults its code, status, retryable and details', () => {
    const error = new ConduitError('boom');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConduitError');
    expect(error.message).toBe('boom');
    expect(error.code).toBe('error');
    expect(error.status).toBeUndefined();
    expect(error.retryable).toBe(false);
    expect(error.details).toEqual([]);
    expect(error.request).toBeUndefined();
    expect('cause' in error).toBe(false);
  });

  it('keeps a cause when one is given', () => {
    const cause = new Error('inner');
    expect(new ConduitError('outer', { cause }).cause).toBe(cause);
  });

  it('recognises instances across copies of the package through the Symbol.for brand', () => {
    // A second copy of the package has its own class, but the same global symbol.
    const brand = Symbol.for('conduit.error');
    class OtherCopyError extends Error {
      readonly [brand] = true;
    }
    const foreign = new OtherCopyError('from another copy');
    expect(foreign instanceof ConduitError).toBe(false);
    expect(ConduitError.isInstance(foreign)).toBe(true);
    expect(ConduitError.isInstance(new NotFoundError('gone', { status: 404 }))).toBe(true);
  });

  it('refuses look-alikes without the brand', () => {
    expect(ConduitError.isInstance(new Error('plain'))).toBe(false);
    expect(ConduitError.isInstance({ name: 'ConduitError', code: 'x' })).toBe(false);
    expect(ConduitError.isInstance({ [Symbol.for('conduit.error')]: 'yes' })).toBe(false);
    expect(ConduitError.isInstance(null)).toBe(false);
    expect(ConduitError.isInstance('ConduitError')).toBe(false);
  });

  it('serialises to a plain object, leaving out what is unknown', () => {
    expect(new ConduitError('plain').toJSON()).toEqual({
      name: 'ConduitError',
      message: 'plain',
      code: 'error',
      retryable: false,
      details: [],
    });
    const full = new ValidationError('bad', {
      status: 400,
      details: [{ field: 'params.project', message: 'project is required', error_code: 'missing_param' }],
      request: { method: 'POST', url: 'https://x.test/execute', headers: { authorization: '[REDACTED]' } },
    });
    expect(JSON.parse(JSON.stringify(full))).toEqual({
      name: 'ValidationError',
      message: 'bad',
      code: 'invalid_param',
      status: 400,
      retryable: false,
      details: [{ field: 'params.project', message: 'project is required', error_code: 'missing_param' }],
      request: { method: 'POST', url: 'https://x.test/execute', headers: { authorization: '[REDACTED]' } },
    });
  });
});

describe('HTTP errors', () => {
  it.each([
    {
      ErrorClass: AuthenticationError,
      status: 401,
      name: 'AuthenticationError',
      code: 'unauthorized',
      retryable: false,
    },
    {
      ErrorClass: PermissionError,
      status: 403,
      name: 'PermissionError',
      code: 'forbidden',
      retryable: false,
    },
    { ErrorClass: NotFoundError, status: 404, name: 'NotFoundError', code: 'not_found', retryable: false },
    {
      ErrorClass: RateLimitError,
      status: 429,
      name: 'RateLimitError',
      code: 'rate_limited',
      retryable: true,
    },
    { ErrorClass: ServerError, status: 503, name: 'ServerError', code: 'server_error', retryable: true },
    { ErrorClass: ApiError, status: 402, name: 'ApiError', code: 'api_error', retryable: false },
  ])('$name at $status has code $code', ({ ErrorClass, status, name, code, retryable }) => {
    const error = new ErrorClass('failed', { status });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ConduitError);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.retryable).toBe(retryable);
    expect(error.responseHeaders).toEqual({});
    expect(error.responseBody).toBeUndefined();
  });

  it('lets options override the class defaults', () => {
    const error = new ServerError('not implemented', {
      status: 501,
      retryable: false,
      code: 'not_implemented',
    });
    expect(error.retryable).toBe(false);
    expect(error.code).toBe('not_implemented');
  });

  it('keeps the response body, headers and the requested wait', () => {
    const error = new RateLimitError('slow down', {
      status: 429,
      retryAfterMs: 2000,
      responseBody: { message: 'slow down' },
      responseHeaders: { 'retry-after': '2' },
    });
    expect(error.retryAfterMs).toBe(2000);
    expect(error.responseBody).toEqual({ message: 'slow down' });
    expect(error.responseHeaders).toEqual({ 'retry-after': '2' });
    expect(new RateLimitError('slow down', { status: 429 }).retryAfterMs).toBeUndefined();
  });
});

describe('client-side errors', () => {
  it.each([
    {
      error: new ValidationError('v', { details: [] }),
      name: 'ValidationError',
      code: 'invalid_param',
      retryable: false,
    },
    {
      error: new ResponseValidationError('r'),
      name: 'ResponseValidationError',
      code: 'invalid_response',
      retryable: false,
    },
    { error: new NetworkError('n'), name: 'NetworkError', code: 'network_error', retryable: true },
    { error: new TimeoutError('t'), name: 'TimeoutError', code: 'timeout', retryable: true },
    {
      error: new UnsupportedOperationError('u'),
      name: 'UnsupportedOperationError',
      code: 'unsupported_action',
      retryable: false,
    },
    {
      error: new CursorExpiredError('c'),
      name: 'CursorExpiredError',
      code: 'cursor_expired',
      retryable: false,
    },
  ])('$name has code $code', ({ error, name, code, retryable }) => {
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(error.retryable).toBe(retryable);
    expect(ConduitError.isInstance(error)).toBe(true);
  });

  it('keeps the time limit of a timeout', () => {
    expect(new TimeoutError('slow', { timeoutMs: 30_000 }).timeoutMs).toBe(30_000);
    expect(new TimeoutError('slow').timeoutMs).toBeUndefined();
  });

  it('takes another code for an unsupported operation', () => {
    expect(new UnsupportedOperationError('hosted only', { code: 'hosted_only' }).code).toBe('hosted_only');
  });
});

describe('class defaults', () => {
  it('survive options that set a field to undefined explicitly', () => {
    const error = new ServerError('boom', { status: 503, retryable: undefined, code: undefined });
    expect(error.retryable).toBe(true);
    expect(error.code).toBe('server_error');
    const rate = new RateLimitError('slow down', { status: 429, retryAfterMs: undefined, code: undefined });
    expect(rate.code).toBe('rate_limited');
    expect(rate.retryable).toBe(true);
    expect(new NetworkError('reset', { retryable: undefined }).retryable).toBe(true);
  });
});
