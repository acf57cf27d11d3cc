import { AuthenticationError, ConduitError, describeRequest, RateLimitError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { mapPlatformHttpError } from './map-platform-http-error';
import { PlatformApiError } from './platform-api-error';
import { PlatformConnectionSyncError } from './platform-connection-sync-error';
import { PlatformConnectionSyncTimeoutError } from './platform-connection-sync-timeout-error';
import { PlatformDuplicateResourcesError } from './platform-duplicate-resources-error';
import { PlatformError } from './platform-error';
import { PlatformInputError } from './platform-input-error';
import { PlatformMissingResourceError } from './platform-missing-resource-error';
import { PlatformSafeModeError } from './platform-safe-mode-error';
import { PlatformSecretNotFoundError } from './platform-secret-not-found-error';
import { PlatformValueError } from './platform-value-error';
import { PlatformWorkspaceMismatchError } from './platform-workspace-mismatch-error';

const request = describeRequest('GET', 'https://api.example.test/v1/connections/c1', {
  authorization: 'Bearer secret-token',
});

const map = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  mapPlatformHttpError({ status, body, headers: new Headers(headers), request });

describe('platform errors', () => {
  it('form one hierarchy under ConduitError', () => {
    const errors = [
      new PlatformApiError('x', { status: 400 }),
      new PlatformMissingResourceError('x'),
      new PlatformWorkspaceMismatchError('x', {
        resourceType: 'connection',
        resourceId: 'c',
        expectedWorkspaceId: 'a',
        actualWorkspaceId: 'b',
      }),
      new PlatformSecretNotFoundError('x', { secretName: 'S', sources: ['environment'] }),
      new PlatformConnectionSyncError('x', { connectionId: 'c' }),
      new PlatformConnectionSyncTimeoutError('x', { connectionId: 'c', timeout: 5 }),
      new PlatformValueError('x'),
      new PlatformInputError('x'),
      new PlatformDuplicateResourcesError('x', {
        resourceType: 'source',
        resourceName: 'n',
        existingIds: ['1'],
      }),
      new PlatformSafeModeError('x', { resourceType: 'source', resourceId: '1', resourceName: 'prod' }),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(PlatformError);
      expect(ConduitError.isInstance(error)).toBe(true);
      expect(error.name).toBe(error.constructor.name);
    }
    expect(
      new PlatformSafeModeError('x', { resourceType: 's', resourceId: '1', resourceName: 'n' }),
    ).toBeInstanceOf(PlatformInputError);
    expect(new PlatformInputError('x')).toBeInstanceOf(PlatformValueError);
    expect(new PlatformConnectionSyncTimeoutError('x', { connectionId: 'c', timeout: 1 })).toBeInstanceOf(
      PlatformConnectionSyncError,
    );
  });

  it('carry what a caller needs to act', () => {
    const failed = new PlatformConnectionSyncError('failed', {
      connectionId: 'c1',
      jobId: 42,
      jobStatus: 'failed',
      jobHistoryUrl: 'https://web/workspaces/w/connections/c1/timeline',
    });
    expect(failed.jobUrl).toBe('https://web/workspaces/w/connections/c1/timeline#42::0');
    expect(failed.code).toBe('sync_failed');
    const timeout = new PlatformConnectionSyncTimeoutError('late', {
      connectionId: 'c1',
      jobId: 1,
      timeout: 300,
    });
    expect(timeout).toMatchObject({ timeout: 300, retryable: true, code: 'sync_timeout' });
    const safe = new PlatformSafeModeError('no', {
      resourceType: 'source',
      resourceId: 's1',
      resourceName: 'prod',
    });
    expect(safe).toMatchObject({ code: 'safe_mode_refused', resourceName: 'prod', inputValue: 'prod' });
    const value = new PlatformValueError('already on', { field: 'enabled', inputValue: true });
    expect(value.details).toEqual([{ field: 'enabled', message: 'already on', error_code: 'invalid_value' }]);
    const secret = new PlatformSecretNotFoundError('missing', {
      secretName: 'PLATFORM_CLOUD_CLIENT_ID',
      sources: ['environment'],
    });
    expect(secret.toJSON()).toMatchObject({ code: 'secret_not_found', name: 'PlatformSecretNotFoundError' });
  });
});

describe('mapPlatformHttpError', () => {
  it('maps a public 404 problem to PlatformMissingResourceError with its resource', () => {
    const error = map(404, {
      status: 404,
      type: 'https://reference.airbyte.com/reference/errors#resource-not-found',
      title: 'resource-not-found',
      detail: 'The requested resource could not be found.',
      data: { resourceType: 'connection', resourceId: 'c1' },
    });
    expect(error).toBeInstanceOf(PlatformMissingResourceError);
    expect(error).toMatchObject({
      resourceType: 'connection',
      resourceId: 'c1',
      status: 404,
      code: 'not_found',
    });
    expect(error.request?.headers?.authorization).toBe('[REDACTED]');
  });

  it('maps a Config API 404 by its id', () => {
    const error = map(404, { id: 'j9', message: 'Could not find configuration for JOB: 9.' });
    expect(error).toMatchObject({ resourceId: 'j9' });
    expect(error.message).toContain('Could not find configuration');
  });

  it('keeps the problem details of other failures and their retryability', () => {
    const conflict = map(409, {
      status: 409,
      type: 'https://reference.airbyte.com/reference/errors#try-again-later',
      title: 'try-again-later',
      detail: 'Please try again later.',
      data: { message: 'A sync is already running for: c1' },
    });
    expect(conflict).toBeInstanceOf(PlatformApiError);
    expect(conflict).toMatchObject({
      status: 409,
      title: 'try-again-later',
      code: 'conflict',
      retryable: false,
    });
    expect(conflict.message).toContain('A sync is already running for: c1');

    const limited = map(429, { message: 'Too Many Requests' }, { 'retry-after': '3' });
    expect(limited).toMatchObject({ retryable: true, retryAfterMs: 3000, code: 'rate_limited' });
    expect((limited as PlatformApiError).cause).toBeInstanceOf(RateLimitError);

    const unauthorized = map(401, undefined);
    expect(unauthorized).toMatchObject({ status: 401, code: 'unauthorized', retryable: false });
    expect((unauthorized as PlatformApiError).cause).toBeInstanceOf(AuthenticationError);

    const outage = map(503, '<html>down</html>');
    expect(outage).toMatchObject({ retryable: true, code: 'server_error' });
    expect(outage.message).toContain('HTTP 503');

    const invalid = map(422, {
      message: 'Some properties contained invalid input.',
      validationErrors: [{ propertyPath: 'connectionId', message: 'must not be null' }],
    });
    expect(invalid.message).toContain('connectionId: must not be null');

    const framework = map(400, {
      message: 'Bad Request',
      _embedded: { errors: [{ message: 'client_id is required' }] },
    });
    expect(framework.message).toContain('client_id is required');
  });

  it('redacts secrets in the kept body', () => {
    const error = map(400, { message: 'bad', client_secret: 'hunter2' }) as PlatformApiError;
    expect(JSON.stringify(error.responseBody)).not.toContain('hunter2');
  });
});
