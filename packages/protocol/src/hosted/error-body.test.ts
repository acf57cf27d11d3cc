import { describe, expect, it } from 'vitest';
import { definedOptions } from '../defined-options';
import {
  ApiError,
  AuthenticationError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
} from '../errors/api-error';
import { UnsupportedOperationError, ValidationError } from '../errors/client-errors';
import { ConduitError } from '../errors/conduit-error';
import { parseSearchParams } from '../search/parse-search-params';
import { conduitErrorFromBody, ErrorBodySchema, errorBodyFrom } from './error-body';

describe('errorBodyFrom', () => {
  it('writes the details as entries', () => {
    const error = new ValidationError('project is required', {
      code: 'missing_param',
      status: 400,
      details: [{ field: 'params.project', message: 'project is required', error_code: 'missing_param' }],
    });
    expect(errorBodyFrom(error)).toEqual({
      message: 'project is required',
      errors: [{ field: 'params.project', message: 'project is required', error_code: 'missing_param' }],
    });
  });

  it('adds a general entry when no detail carries the code', () => {
    expect(errorBodyFrom(new NotFoundError('connector not found', { status: 404 }))).toEqual({
      message: 'connector not found',
      errors: [{ message: 'connector not found', error_code: 'not_found' }],
    });
  });

  it('puts entries with the error code first', () => {
    const error = new ValidationError('bad', {
      code: 'invalid_query',
      details: [
        { field: 'limit', message: 'bad limit', error_code: 'invalid_param' },
        { field: 'query.filter', message: 'bad filter', error_code: 'invalid_query' },
      ],
    });
    expect(errorBodyFrom(error).errors.map((entry) => entry.error_code)).toEqual([
      'invalid_query',
      'invalid_param',
    ]);
  });

  it('matches the error body schema', () => {
    expect(ErrorBodySchema.safeParse(errorBodyFrom(new ConduitError('x'))).success).toBe(true);
  });
});

describe('conduitErrorFromBody', () => {
  const body = (error_code: string, field?: string) => ({
    message: `failed: ${error_code}`,
    errors: [{ ...definedOptions({ field }), message: `entry ${error_code}`, error_code }],
  });

  it.each([
    { status: 401, code: 'token_expired', ErrorClass: AuthenticationError },
    { status: 403, code: 'user_mismatch', ErrorClass: PermissionError },
    { status: 404, code: 'not_found', ErrorClass: NotFoundError },
    { status: 500, code: 'internal', ErrorClass: ServerError },
    { status: 502, code: 'upstream_error', ErrorClass: ServerError },
    { status: 504, code: 'upstream_timeout', ErrorClass: ServerError },
    { status: 413, code: 'body_too_large', ErrorClass: ApiError },
    { status: 422, code: 'base_url_not_allowed', ErrorClass: ApiError },
    { status: 400, code: 'malformed_json', ErrorClass: ApiError },
  ])('maps $status $code to $ErrorClass.name', ({ status, code, ErrorClass }) => {
    const error = conduitErrorFromBody(status, body(code), { 'Content-Type': 'application/json' });
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.constructor).toBe(ErrorClass);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.message).toBe(`failed: ${code}`);
    expect(error.details).toEqual([{ message: `entry ${code}`, error_code: code }]);
    expect((error as ApiError).responseBody).toEqual(body(code));
    expect((error as ApiError).responseHeaders).toEqual({ 'content-type': 'application/json' });
  });

  it('reads Retry-After of a 429', () => {
    const error = conduitErrorFromBody(429, body('rate_limited'), new Headers({ 'Retry-After': '3' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3000);
    expect(error.retryable).toBe(true);
    expect((conduitErrorFromBody(429, body('rate_limited')) as RateLimitError).retryAfterMs).toBeUndefined();
  });

  it('marks 5xx retryable except those that never change', () => {
    expect(conduitErrorFromBody(503, body('not_ready')).retryable).toBe(true);
    expect(conduitErrorFromBody(501, body('not_implemented')).retryable).toBe(false);
  });

  it.each(['missing_param', 'invalid_param', 'invalid_query', 'invalid_cursor', 'unknown_connector_type'])(
    'maps a 400 %s to a ValidationError keeping its details',
    (code) => {
      const error = conduitErrorFromBody(400, body(code, 'params.x'));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.code).toBe(code);
      expect(error.status).toBe(400);
      expect(error.details).toEqual([{ field: 'params.x', message: `entry ${code}`, error_code: code }]);
    },
  );

  it('maps 422 credential and config faults to a ValidationError', () => {
    expect(conduitErrorFromBody(422, body('invalid_credentials', 'credentials.token'))).toBeInstanceOf(
      ValidationError,
    );
    expect(conduitErrorFromBody(422, body('invalid_config', 'config.subdomain')).code).toBe('invalid_config');
  });

  it.each(['unknown_entity', 'unsupported_action'])(
    'maps a 400 %s to an UnsupportedOperationError',
    (code) => {
      const error = conduitErrorFromBody(400, body(code, 'entity'));
      expect(error).toBeInstanceOf(UnsupportedOperationError);
      expect(error.code).toBe(code);
    },
  );

  it('gives back what errorBodyFrom wrote', () => {
    let original: ValidationError | undefined;
    try {
      parseSearchParams({ query: { filter: { eq: { nope: 1 } } } }, { name: 'string' });
    } catch (error) {
      original = error as ValidationError;
    }
    const rebuilt = conduitErrorFromBody(400, JSON.parse(JSON.stringify(errorBodyFrom(original!))));
    expect(rebuilt).toBeInstanceOf(ValidationError);
    expect(rebuilt.code).toBe(original!.code);
    expect(rebuilt.details).toEqual(original!.details);
    expect(rebuilt.message).toBe(original!.message);
  });

  it('copes with bodies outside the contract', () => {
    expect(conduitErrorFromBody(500, null).message).toBe('HTTP 500');
    expect(conduitErrorFromBody(500, null).code).toBe('server_error');
    expect(conduitErrorFromBody(404, { detail: 'Not Found' }).message).toBe('Not Found');
    expect(conduitErrorFromBody(400, { error: 'bad' }).message).toBe('bad');
    expect(conduitErrorFromBody(502, '<html>Bad gateway</html>').message).toBe('<html>Bad gateway</html>');
    expect(conduitErrorFromBody(400, '{"message":"as text","errors":[]}').message).toBe('as text');
    expect(conduitErrorFromBody(400, '{not json').message).toBe('{not json');
    expect(conduitErrorFromBody(418, 'x'.repeat(2000)).message.length).toBeLessThanOrEqual(500);
    expect(conduitErrorFromBody(400, { errors: 'nope', message: 5 }).message).toBe('HTTP 400');
    const entriesOnly = conduitErrorFromBody(400, {
      errors: [null, 3, { message: 'only a message' }, { error_code: 'c' }],
    });
    expect(entriesOnly.details).toEqual([
      { message: 'only a message', error_code: 'error' },
      { message: 'c', error_code: 'c' },
    ]);
    expect(entriesOnly.message).toBe('only a message');
  });

  it('redacts secrets in the response headers it keeps and attaches the request', () => {
    const request = {
      method: 'POST',
      url: 'https://conduit.test/execute',
      headers: { authorization: '[REDACTED]' },
    };
    const error = conduitErrorFromBody(
      401,
      body('invalid_token'),
      { 'Set-Cookie': 'session=abc' },
      request,
    ) as ApiError;
    expect(error.responseHeaders).toEqual({ 'set-cookie': '[REDACTED]' });
    expect(error.request).toEqual(request);
    expect(conduitErrorFromBody(400, body('invalid_param'), undefined, request).request).toEqual(request);
  });
});
