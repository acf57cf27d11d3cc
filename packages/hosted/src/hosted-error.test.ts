import {
  ApiError,
  AuthenticationError,
  CursorExpiredError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { hostedErrorFromBody } from './hosted-error';

const upstream = (status: number | null, cause?: string) => ({
  message: `Asana answered ${status}: nope`,
  errors: [
    { message: `Asana answered ${status}: nope`, error_code: 'upstream_error' },
    ...(cause ? [{ message: 'nope', error_code: cause }] : []),
  ],
  upstream_status: status,
});

describe('hostedErrorFromBody', () => {
  it("gives upstream failures the upstream's class, status and code, and never a retry", () => {
    const missing = hostedErrorFromBody(502, upstream(404, 'not_found'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', retryable: false });
    expect(hostedErrorFromBody(502, upstream(403, 'forbidden'))).toBeInstanceOf(PermissionError);
    const premium = hostedErrorFromBody(502, upstream(402, 'premium_required'));
    expect(premium).toBeInstanceOf(ApiError);
    expect(premium).toMatchObject({ status: 402, code: 'premium_required' });
    const outage = hostedErrorFromBody(502, upstream(503, 'server_error'));
    expect(outage).toBeInstanceOf(ServerError);
    expect(outage.retryable).toBe(false);
    const unreachable = hostedErrorFromBody(502, upstream(null));
    expect(unreachable).toBeInstanceOf(ServerError);
    expect(unreachable).toMatchObject({ status: 502, code: 'upstream_error', retryable: false });
  });

  it('maps refused upstream credentials, upstream timeouts and expired cursors', () => {
    const refused = hostedErrorFromBody(502, {
      message: 'refused',
      errors: [
        { message: 'refused', error_code: 'upstream_auth_failed' },
        { message: 'invalid_grant', error_code: 'invalid_grant' },
      ],
      upstream_status: 400,
    });
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(refused).toMatchObject({ code: 'upstream_auth_failed', status: 400, retryable: false });
    const slow = hostedErrorFromBody(504, {
      message: 'slow',
      errors: [{ message: 'slow', error_code: 'upstream_timeout' }],
    });
    expect(slow).toBeInstanceOf(TimeoutError);
    expect(slow).toMatchObject({ code: 'upstream_timeout', retryable: false });
    const cursor = hostedErrorFromBody(400, {
      message: 'expired',
      errors: [{ field: 'params.offset', message: 'expired', error_code: 'cursor_expired' }],
    });
    expect(cursor).toBeInstanceOf(CursorExpiredError);
    expect(cursor.details).toEqual([
      { field: 'params.offset', message: 'expired', error_code: 'cursor_expired' },
    ]);
  });

  it('leaves the other answers to the common mapping', () => {
    const invalid = hostedErrorFromBody(400, {
      message: 'bad',
      errors: [{ field: 'params.task_gid', message: 'bad', error_code: 'invalid_param' }],
    });
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.details[0]?.field).toBe('params.task_gid');
    const limited = hostedErrorFromBody(
      429,
      { message: 'slow down', errors: [{ message: 'slow down', error_code: 'rate_limited' }] },
      new Headers({ 'retry-after': '7' }),
    );
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfterMs).toBe(7000);
    expect(hostedErrorFromBody(503, 'down').retryable).toBe(true);
  });
});
