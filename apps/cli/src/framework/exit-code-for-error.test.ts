import {
  PlatformApiError,
  PlatformConnectionSyncError,
  PlatformInputError,
  PlatformMissingResourceError,
  PlatformSafeModeError,
  PlatformSecretNotFoundError,
} from '@conduit/cloud';
import {
  ApiError,
  AuthenticationError,
  ConduitError,
  CursorExpiredError,
  decodeHostedError,
  encodeHostedError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnsupportedOperationError,
  ValidationError,
} from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { exitCodeForError, isAbortError } from './exit-code-for-error';
import { EXIT_CODE_TABLE, EXIT_CODES } from './exit-codes';
import { UsageError } from './usage-error';

const api = { status: 400 };

describe('exitCodeForError', () => {
  it.each([
    ['AuthenticationError', new AuthenticationError('no', { status: 401 }), 3],
    ['PermissionError', new PermissionError('no', { status: 403 }), 3],
    ['NotFoundError', new NotFoundError('no', { status: 404 }), 4],
    ['ValidationError', new ValidationError('bad', { details: [] }), 5],
    ['UnsupportedOperationError', new UnsupportedOperationError('hosted only', { code: 'hosted_only' }), 5],
    ['CursorExpiredError', new CursorExpiredError('restart'), 5],
    ['RateLimitError', new RateLimitError('slow down', { status: 429 }), 6],
    ['ServerError', new ServerError('boom', { status: 503 }), 7],
    ['NetworkError', new NetworkError('refused'), 7],
    ['TimeoutError', new TimeoutError('slow'), 7],
    ['ResponseValidationError', new ResponseValidationError('odd body'), 7],
    ['another ApiError (402)', new ApiError('premium', { ...api, status: 402 }), 7],
    ['another ApiError (409)', new ApiError('conflict', { ...api, status: 409 }), 7],
  ])('maps %s', (_name, error, code) => {
    expect(exitCodeForError(error)).toBe(code);
  });

  it('maps a subclass of an API error by its nearest known class', () => {
    class PremiumRequiredError extends ApiError {}
    expect(exitCodeForError(new PremiumRequiredError('premium', { status: 402 }))).toBe(EXIT_CODES.upstream);
    class TokenRevoked extends AuthenticationError {}
    expect(exitCodeForError(new TokenRevoked('revoked', { status: 401 }))).toBe(EXIT_CODES.auth);
  });

  it('maps a Conduit error from another copy of the package by code, then by status', () => {
    const foreign = (code: string, status?: number) =>
      Object.assign(new Error('x'), {
        [Symbol.for('conduit.error')]: true,
        code,
        status,
        retryable: false,
        details: [],
      });
    expect(exitCodeForError(foreign('not_found'))).toBe(4);
    expect(exitCodeForError(foreign('hosted_only'))).toBe(5);
    expect(exitCodeForError(foreign('rate_limited'))).toBe(6);
    expect(exitCodeForError(foreign('something_new', 401))).toBe(3);
    expect(exitCodeForError(foreign('something_new', 422))).toBe(5);
    expect(exitCodeForError(foreign('something_new', 502))).toBe(7);
    expect(exitCodeForError(foreign('something_new'))).toBe(1);
  });

  it('maps the hosted service’s refusals it decodes as a plain ApiError by their code', () => {
    // What the server sends for a connector whose config.base_url it does not allow.
    const refused = (code: string, field: string, status = 422) =>
      decodeHostedError(
        status,
        encodeHostedError(
          new ValidationError(`${field} is refused`, {
            status,
            code,
            details: [{ field, message: `${field} is refused`, error_code: code }],
          }),
        ),
      );
    const baseUrl = refused('base_url_not_allowed', 'config.base_url');
    expect(baseUrl.constructor).toBe(ApiError);
    expect(exitCodeForError(baseUrl)).toBe(EXIT_CODES.validation);
    expect(exitCodeForError(refused('instance_url_not_allowed', 'config.instance_url'))).toBe(
      EXIT_CODES.validation,
    );
    expect(exitCodeForError(refused('webhook_url_not_allowed', 'webhook_url', 400))).toBe(
      EXIT_CODES.validation,
    );
    // An upstream's own 422 passed through locally stays an upstream failure.
    expect(exitCodeForError(new ApiError('quota', { status: 422 }))).toBe(EXIT_CODES.upstream);
  });

  it('maps the cloud workspace client’s errors, which carry no HTTP status, by their code', () => {
    const where = { workspaceId: 'w', workspaceUrl: 'https://cloud.test/workspaces/w' };
    expect(
      exitCodeForError(
        new PlatformSafeModeError('refused', {
          resourceType: 'connection',
          resourceId: '1',
          resourceName: 'prod',
          ...where,
        }),
      ),
    ).toBe(5);
    expect(exitCodeForError(new PlatformInputError('bad', { field: 'name' }))).toBe(5);
    expect(
      exitCodeForError(new PlatformSecretNotFoundError('no token', { secretName: 'X', sources: [] })),
    ).toBe(3);
    expect(
      exitCodeForError(
        new PlatformMissingResourceError('gone', {
          resourceType: 'connection',
          resourceId: '1',
          status: 404,
        }),
      ),
    ).toBe(4);
    expect(
      exitCodeForError(
        new PlatformConnectionSyncError('failed', { connectionId: '1', jobId: 2, jobStatus: 'failed' }),
      ),
    ).toBe(7);
    expect(exitCodeForError(new PlatformApiError('conflict', { status: 409 }))).toBe(7);
    expect(exitCodeForError(new PlatformApiError('no', { status: 401, code: 'unauthorized' }))).toBe(3);
  });

  it('uses the exit code a CLI error carries', () => {
    expect(exitCodeForError(new UsageError('bad flag'))).toBe(2);
    expect(
      exitCodeForError(new CliError('no credentials', { code: 'missing_credentials', exitCode: 3 })),
    ).toBe(3);
  });

  it('makes a CLI error a Conduit error (the one error base) that keeps its exit code', () => {
    const error = new UsageError('unknown flag --jsn', {
      code: 'unknown_flag',
      hint: 'did you mean --json?',
    });
    expect(error).toBeInstanceOf(ConduitError);
    expect(ConduitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unknown_flag',
      exitCode: 2,
      retryable: false,
      hint: 'did you mean --json?',
    });
    expect(error.toJSON()).toEqual({
      name: 'UsageError',
      message: 'unknown flag --jsn',
      code: 'unknown_flag',
      retryable: false,
      details: [],
    });
    expect(exitCodeForError(error)).toBe(2);
  });

  it('calls an abort an interruption and anything else internal', () => {
    expect(exitCodeForError(new DOMException('stop', 'AbortError'))).toBe(130);
    expect(isAbortError(Object.assign(new Error('x'), { code: 'ABORT_ERR' }))).toBe(true);
    expect(exitCodeForError(new TypeError('undefined is not a function'))).toBe(1);
    expect(exitCodeForError('a string')).toBe(1);
    expect(exitCodeForError(new ConduitError('unclassified'))).toBe(1);
  });

  it('documents every code it can return', () => {
    const documented = new Set(EXIT_CODE_TABLE.map((row) => row.code));
    for (const code of Object.values(EXIT_CODES)) expect(documented.has(code)).toBe(true);
  });
});
