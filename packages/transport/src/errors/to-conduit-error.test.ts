import {
  ApiError,
  NetworkError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
} from '@conduit/protocol';
import {
  HTTPError,
  NetworkError as KyNetworkError,
  TimeoutError as KyTimeoutError,
  SchemaValidationError,
} from 'ky';
import { describe, expect, it } from 'vitest';
import { testCallState } from '../test-utils/call-state';
import { toConduitError } from './to-conduit-error';

const BASE = 'https://api.test/v1';

describe('toConduitError', () => {
  it("maps ky's HTTPError by status, with a redacted request and Retry-After", () => {
    const state = testCallState(BASE, { path: '/x', query: { token: 'secret' } });
    const request = new Request(state.prepared.url, { headers: { authorization: 'Bearer secret' } });
    state.sent = request;
    const response = new Response('{}', { status: 429, headers: { 'retry-after': '7' } });
    const error = new HTTPError(response, request, {} as never);
    error.data = { errors: [{ message: 'slow down' }] };
    const mapped = toConduitError(error, state) as RateLimitError;
    expect(mapped).toBeInstanceOf(RateLimitError);
    expect(mapped.retryAfterMs).toBe(7_000);
    expect(mapped.message).toContain('slow down');
    expect(JSON.stringify(mapped)).not.toContain('secret');
    // Mapped once per raw error.
    expect(toConduitError(error, state)).toBe(mapped);
  });

  it('tries the errorMapper first', () => {
    const state = testCallState(
      BASE,
      { path: '/x' },
      {
        errorMapper: ({ status, request }) =>
          status === 409 ? new ApiError('conflict', { status, request }) : undefined,
      },
    );
    const request = new Request(state.prepared.url);
    const mapped = toConduitError(
      new HTTPError(new Response('', { status: 409 }), request, {} as never),
      state,
    );
    expect((mapped as Error).message).toBe('conflict');
  });

  it("maps ky's timeout and network errors, and a failed schema", () => {
    const state = testCallState(BASE, { path: '/x' });
    const request = new Request(state.prepared.url);
    expect(toConduitError(new KyTimeoutError(request), state)).toBeInstanceOf(TimeoutError);
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const network = toConduitError(new KyNetworkError(request, { cause: reset }), state) as NetworkError;
    expect(network).toBeInstanceOf(NetworkError);
    expect(network.message).toContain('ECONNRESET');
    const schema = toConduitError(
      new SchemaValidationError([{ message: 'Required', path: ['data', { key: 'gid' }] }]),
      state,
    ) as ResponseValidationError;
    expect(schema).toBeInstanceOf(ResponseValidationError);
    expect(schema.details?.[0]?.field).toBe('data.gid');
  });

  it('passes Conduit errors and unknown errors through', () => {
    const state = testCallState(BASE, { path: '/x' });
    const own = new ValidationError('bad', { details: [] });
    expect(toConduitError(own, state)).toBe(own);
    const bug = new RangeError('a bug');
    expect(toConduitError(bug, state)).toBe(bug);
  });
});
