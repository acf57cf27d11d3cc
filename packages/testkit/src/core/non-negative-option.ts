import { ValidationError } from '@conduit/protocol';

/**
 * Checks a simulator option that must be a finite number ≥ 0 (a TTL, a latency, a limit) and
 * answers it, or throws a `ValidationError` naming the option.
 *
 * @example
 * ```ts
 * let latencyMs = nonNegativeOption('latencyMs', options.latencyMs ?? 0);
 * ```
 */
export function nonNegativeOption(field: string, value: number): number {
  if (!(Number.isFinite(value) && value >= 0)) {
    throw new ValidationError(`${field}: must be a non-negative number`, {
      details: [{ field, message: 'must be a non-negative number', error_code: 'invalid_param' }],
    });
  }
  return value;
}
