import { ValidationError } from '@conduit/protocol';

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

function invalidFault(field: string, message: string, value: unknown): ValidationError {
  return new ValidationError(`fault ${field}: ${message}, got ${describeValue(value)}`, {
    details: [{ field, message, error_code: 'invalid_param' }],
  });
}

/**
 * Checks the parts of an injected fault, throwing a `ValidationError` that names the field. A
 * malformed fault used to be queued as it was and then served as something else (a status of 99
 * or `'abc'` as a 500 "Something went wrong", `times: 0` as one fault, a delay without `ms` as no
 * delay), so the test failed far from the mistake. Every simulator's fault API checks with these.
 *
 * @example
 * ```ts
 * faultChecks.kind(fault.kind, ['status', 'reset', 'delay']);
 * faultChecks.status(fault.status);
 * faultChecks.times(options.times);
 * ```
 */
export const faultChecks = {
  /** One of the fault kinds the simulator knows. */
  kind(value: unknown, kinds: readonly string[]): void {
    faultChecks.oneOf('kind', value, kinds);
  },

  /** One of a few strings (a kind, a target host). */
  oneOf(field: string, value: unknown, allowed: readonly string[]): void {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      throw invalidFault(field, `must be one of ${allowed.map((item) => `'${item}'`).join(', ')}`, value);
    }
  },

  /**
   * A path matched from its start: request paths always start with `/`, so `tasks` would wait
   * forever for a request that never comes.
   */
  absolutePath(value: unknown): void {
    if (typeof value === 'string' && !value.startsWith('/')) {
      throw invalidFault('path', "must start with '/'", value);
    }
  },

  /** An HTTP status a server can send: an integer from 100 to 599. */
  status(value: unknown, field = 'status'): void {
    if (!(Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599)) {
      throw invalidFault(field, 'must be an HTTP status, an integer from 100 to 599', value);
    }
  },

  /** How many requests it hits: absent (1), an integer ≥ 1, or `Infinity` when the API allows it. */
  times(value: unknown, options: { infinite?: boolean } = {}): void {
    if (value === undefined || (options.infinite === true && value === Number.POSITIVE_INFINITY)) return;
    if (!(Number.isInteger(value) && (value as number) >= 1)) {
      throw invalidFault('times', `must be an integer ≥ 1${options.infinite ? ' or Infinity' : ''}`, value);
    }
  },

  /** A finite number ≥ 0 (milliseconds, seconds, bytes); `optional` lets it be absent. */
  amount(field: string, value: unknown, options: { optional?: boolean } = {}): void {
    if (value === undefined && options.optional === true) return;
    if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw invalidFault(field, 'must be a non-negative number', value);
    }
  },
};
