import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_OPTIONS, resolveRetryOptions } from './retry-options';

describe('resolveRetryOptions', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_RETRY_OPTIONS).toMatchObject({
      limit: 3,
      initialDelayMs: 300,
      maxDelayMs: 10_000,
      maxRetryAfterMs: 60_000,
      methods: ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'],
      statusCodes: [408, 429, 500, 502, 503, 504],
    });
  });

  it('merges request over transport over defaults, ignoring explicit undefined', () => {
    expect(
      resolveRetryOptions({ limit: 5, maxDelayMs: 1 }, { limit: 1, initialDelayMs: undefined }),
    ).toMatchObject({
      limit: 1,
      maxDelayMs: 1,
      initialDelayMs: 300,
    });
  });

  it('turns retries off with false, unless the request sets its own policy', () => {
    expect(resolveRetryOptions({ limit: 5 }, false)).toBe(false);
    expect(resolveRetryOptions(false, undefined)).toBe(false);
    expect(resolveRetryOptions(false, { limit: 2 })).toMatchObject({ limit: 2, initialDelayMs: 300 });
  });
});
