import {
  ApiError,
  CursorExpiredError,
  RateLimitError,
  ServerError,
  ValidationError,
} from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { toToolError } from './tool-error';

describe('toToolError', () => {
  it('renames params.offset to the cursor argument and other params to their own names', () => {
    const error = new ValidationError('bad', {
      details: [
        { field: 'params.offset', message: 'offset: bad', error_code: 'invalid_param' },
        { field: 'params.query.filter.eq', message: 'unknown field', error_code: 'invalid_query' },
      ],
    });
    expect(toToolError(error, 'cursor').arguments).toEqual([
      { name: 'cursor', problem: 'offset: bad', code: 'invalid_param' },
      { name: 'query.filter.eq', problem: 'unknown field', code: 'invalid_query' },
    ]);
  });

  it('gives the wait of a 429, and of a 503 through its Retry-After header', () => {
    expect(toToolError(new RateLimitError('slow', { status: 429, retryAfterMs: 1500 }))).toMatchObject({
      error: 'rate_limited',
      retryable: true,
      retry_after_seconds: 2,
      hint: 'call again in 2 s',
    });
    const unavailable = new ServerError('not ready', {
      status: 503,
      responseHeaders: { 'retry-after': '7' },
    });
    expect(toToolError(unavailable)).toMatchObject({ retry_after_seconds: 7, hint: 'call again in 7 s' });
    expect(toToolError(new ServerError('boom', { status: 500 })).hint).toBe('call again shortly');
  });

  it('says what to do for codes the model can act on, and never throws on foreign errors', () => {
    expect(toToolError(new CursorExpiredError('expired')).hint).toMatch(/without cursor/);
    expect(toToolError(new ApiError('nope', { status: 402, code: 'premium_required' })).hint).toMatch(
      /premium/,
    );
    expect(toToolError(new TypeError('x is undefined'))).toEqual({
      error: 'internal_error',
      message: 'x is undefined',
      retryable: false,
      arguments: [],
      hint: 'this is not caused by the arguments; report it',
    });
    expect(toToolError('a string').message).toBe('a string');
  });
});
