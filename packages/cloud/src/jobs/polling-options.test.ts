import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { pollDelayMs, resolvePollingOptions } from './polling-options';

describe('polling options', () => {
  it('start at 1 s and grow to a 2 s cap by default', () => {
    const options = resolvePollingOptions();
    expect(options).toEqual({ initialIntervalMs: 1000, maxIntervalMs: 2000, backoffFactor: 2, batch: true });
    expect([1, 2, 3, 10].map((observation) => pollDelayMs(options, observation))).toEqual([
      1000, 2000, 2000, 2000,
    ]);
  });

  it('take seconds and grow geometrically up to the cap', () => {
    const options = resolvePollingOptions({
      initialInterval: 0.25,
      maxInterval: 5,
      backoffFactor: 3,
      batch: false,
    });
    expect([1, 2, 3, 4, 5].map((observation) => pollDelayMs(options, observation))).toEqual([
      250, 750, 2250, 5000, 5000,
    ]);
    expect(options.batch).toBe(false);
  });

  it('refuse nonsense', () => {
    expect(() => resolvePollingOptions({ maxInterval: 0 })).toThrow(ValidationError);
    expect(() => resolvePollingOptions({ initialInterval: 3, maxInterval: 2 })).toThrow(ValidationError);
    expect(() => resolvePollingOptions({ backoffFactor: 0.5 })).toThrow(ValidationError);
    expect(() => resolvePollingOptions({ initialInterval: Number.NaN })).toThrow(ValidationError);
  });
});
