import { NetworkError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { createNetworkError, describeNetworkCause, isConnectionFailure } from './create-network-error';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('describeNetworkCause', () => {
  it("unwraps undici's 'fetch failed' to the socket error", () => {
    const error = new TypeError('fetch failed', {
      cause: withCode('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED'),
    });
    expect(describeNetworkCause(error)).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });

  it("unwraps 'terminated' mid-body and adds the code", () => {
    const error = new TypeError('terminated', { cause: withCode('other side closed', 'UND_ERR_SOCKET') });
    expect(describeNetworkCause(error)).toBe('other side closed (UND_ERR_SOCKET)');
  });

  it('reads AggregateError (one failure per address)', () => {
    const aggregate = Object.assign(
      new AggregateError(
        [
          withCode('connect ECONNREFUSED ::1:9', 'ECONNREFUSED'),
          withCode('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED'),
        ],
        '',
      ),
      { code: 'ECONNREFUSED' },
    );
    expect(describeNetworkCause(new TypeError('fetch failed', { cause: aggregate }))).toBe(
      'connect ECONNREFUSED ::1:9',
    );
  });

  it('falls back to the outer message', () => {
    expect(describeNetworkCause(new TypeError('fetch failed'))).toBe('fetch failed');
    expect(describeNetworkCause('weird')).toBe('weird');
  });
});

describe('isConnectionFailure', () => {
  it('recognises fetch network failures, not programming errors', () => {
    expect(isConnectionFailure(new TypeError('fetch failed'))).toBe(true);
    expect(isConnectionFailure(new TypeError('terminated'))).toBe(true);
    expect(isConnectionFailure(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isConnectionFailure(new TypeError('Invalid header value'))).toBe(false);
    expect(isConnectionFailure(new Error('boom'))).toBe(false);
    expect(isConnectionFailure('fetch failed')).toBe(false);
  });
});

describe('createNetworkError', () => {
  it('names the request and keeps the cause', () => {
    const cause = new TypeError('fetch failed', {
      cause: withCode('getaddrinfo ENOTFOUND x.test', 'ENOTFOUND'),
    });
    const error = createNetworkError(cause, { method: 'GET', url: 'https://x.test/a' });
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('GET https://x.test/a failed: getaddrinfo ENOTFOUND x.test');
    expect(error.cause).toBe(cause);
    expect(error.retryable).toBe(true);
  });
});
