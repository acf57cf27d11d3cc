import { describe, expect, it } from 'vitest';
import { definedOptions } from '../defined-options';
import {
  ApiError,
  type ApiErrorOptions,
  NotFoundError,
  RateLimitError,
  ServerError,
} from '../errors/api-error';
import {
  CursorExpiredError,
  TimeoutError,
  UnsupportedOperationError,
  ValidationError,
} from '../errors/client-errors';
import type { ConduitError } from '../errors/conduit-error';
import { decodeHostedError, encodeHostedError, reviveErrorClass } from './hosted-error-codec';

class QuotaError extends ApiError {
  override readonly name: string = 'QuotaError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, { code: 'quota_exceeded', ...options });
  }
}

/** What the server sends for an error, and what the client makes of it: the same error. */
function roundTrip(error: ConduitError, status: number, upstreamStatus?: number | null, headers?: Headers) {
  const body = JSON.parse(JSON.stringify(encodeHostedError(error, definedOptions({ upstreamStatus }))));
  return decodeHostedError(status, body, {
    ...(headers ? { headers } : {}),
    errorClasses: { quota_exceeded: QuotaError },
  });
}

describe('the hosted-service error codec', () => {
  it('round-trips the service’s own errors with their class, code, status and details', () => {
    const invalid = new ValidationError('limit: too big', {
      status: 400,
      details: [{ field: 'params.limit', message: 'limit: too big', error_code: 'invalid_param' }],
    });
    const back = roundTrip(invalid, 400);
    expect(back).toBeInstanceOf(ValidationError);
    expect(back).toMatchObject({
      code: 'invalid_param',
      status: 400,
      message: 'limit: too big',
      details: invalid.details,
    });

    const unsupported = roundTrip(
      new UnsupportedOperationError('search is hosted only', { code: 'hosted_only', status: 400 }),
      400,
    );
    expect(unsupported).toBeInstanceOf(UnsupportedOperationError);
    expect(unsupported.code).toBe('hosted_only');

    const limited = roundTrip(
      new RateLimitError('slow down', { status: 429 }),
      429,
      undefined,
      new Headers({ 'retry-after': '1.5' }),
    );
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfterMs).toBe(1_500);

    const cursor = roundTrip(new CursorExpiredError('restart the listing', { status: 400 }), 400);
    expect(cursor).toBeInstanceOf(CursorExpiredError);

    // A download range past the end keeps its code, which `conduit download --resume` reads as
    // "the file is already whole".
    const message = 'range_header: bytes=300- is outside the content (300 bytes)';
    const pastEnd = roundTrip(
      new ValidationError(message, {
        code: 'range_not_satisfiable',
        status: 400,
        details: [{ field: 'params.range_header', message, error_code: 'range_not_satisfiable' }],
      }),
      400,
    );
    expect(pastEnd).toBeInstanceOf(ValidationError);
    expect(pastEnd).toMatchObject({ code: 'range_not_satisfiable', status: 400 });
  });

  it('round-trips upstream failures as the error local mode throws', () => {
    const missing = roundTrip(
      new ApiError('the upstream answered 404', {
        status: 502,
        code: 'upstream_error',
        details: [{ message: 'Not a recognized ID', error_code: 'not_found' }],
      }),
      502,
      404,
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', retryable: false });

    const quota = roundTrip(
      new ApiError('the upstream answered 422', {
        status: 502,
        code: 'upstream_error',
        details: [{ message: 'quota', error_code: 'quota_exceeded' }],
      }),
      502,
      422,
    );
    expect(quota).toBeInstanceOf(QuotaError);
    expect(quota).toMatchObject({ status: 422, code: 'quota_exceeded' });

    const silent = roundTrip(new ApiError('no answer', { status: 502, code: 'upstream_error' }), 502, null);
    expect(silent).toBeInstanceOf(ServerError);

    const timeout = roundTrip(
      new TimeoutError('the upstream did not answer', { status: 504, code: 'upstream_timeout' }),
      504,
    );
    expect(timeout).toBeInstanceOf(TimeoutError);
    expect(timeout.code).toBe('upstream_timeout');
  });

  it('encodes upstream_status only for upstream failures', () => {
    expect(encodeHostedError(new ApiError('x', { status: 500 }))).not.toHaveProperty('upstream_status');
    expect(encodeHostedError(new ApiError('x', { status: 502 }), { upstreamStatus: null })).toMatchObject({
      upstream_status: null,
    });
  });

  it('revives a connector class by code and leaves everything else alone', () => {
    const plain = new ApiError('quota', { status: 422, code: 'quota_exceeded' });
    expect(reviveErrorClass(plain, { quota_exceeded: QuotaError })).toBeInstanceOf(QuotaError);
    const other = new ApiError('x', { status: 400, code: 'other' });
    expect(reviveErrorClass(other, { quota_exceeded: QuotaError })).toBe(other);
    const notApi = new Error('x');
    expect(reviveErrorClass(notApi, { quota_exceeded: QuotaError })).toBe(notApi);
  });
});
