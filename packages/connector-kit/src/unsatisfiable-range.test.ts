import { ApiError, NotFoundError, ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { unsatisfiableRange } from './unsatisfiable-range';

function answered(status: number, headers: Record<string, string> = {}): ApiError {
  return new ApiError(`HTTP ${status}`, { status, responseHeaders: headers });
}

describe('unsatisfiableRange', () => {
  it('turns a 416 into a ValidationError naming the range param, with the size the upstream gave', () => {
    const upstream = answered(416, { 'content-range': 'bytes */48213' });
    const error = unsatisfiableRange(upstream, 'range_header', 'bytes=50000-');
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: 'range_not_satisfiable',
      status: 400,
      cause: upstream,
      details: [
        {
          field: 'params.range_header',
          message: 'range_header: bytes=50000- is outside the content (48213 bytes)',
          error_code: 'range_not_satisfiable',
        },
      ],
    });
  });

  it('leaves the size out when the upstream did not give it', () => {
    const error = unsatisfiableRange(answered(416), 'range_header', 'bytes=9-') as ValidationError;
    expect(error.message).toBe('range_header: bytes=9- is outside the content');
  });

  it('returns any other error, or a 416 to a request without a range, as it is', () => {
    const notFound = new NotFoundError('gone', { status: 404 });
    expect(unsatisfiableRange(notFound, 'range_header', 'bytes=0-1')).toBe(notFound);
    const plain = new Error('socket hang up');
    expect(unsatisfiableRange(plain, 'range_header', 'bytes=0-1')).toBe(plain);
    const unasked = answered(416);
    expect(unsatisfiableRange(unasked, 'range_header', undefined)).toBe(unasked);
  });
});
