import { ResponseValidationError } from '@conduit/protocol';

/**
 * Parses a platform timestamp to epoch milliseconds. The server prints `OffsetDateTime`s the Java
 * way, leaving out seconds when they are zero (`2024-06-01T12:00Z`), and some fields are epoch
 * seconds (`createdAt`); both are accepted.
 *
 * @example
 * ```ts
 * parsePlatformTime('2024-06-01T12:00Z'); // 1717243200000
 * parsePlatformTime(1717243200, 'seconds'); // 1717243200000
 * ```
 */
export function parsePlatformTime(
  value: string | number,
  unit: 'seconds' | 'milliseconds' = 'seconds',
): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidTime(String(value));
    return unit === 'seconds' ? value * 1000 : value;
  }
  // ECMAScript's date-time format allows `THH:mm` without seconds, so Date.parse reads all three
  // shapes; a bare offset-less local time would be ambiguous and is refused.
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) throw invalidTime(value);
  const parsed = Date.parse(value.trim());
  if (Number.isNaN(parsed)) throw invalidTime(value);
  return parsed;
}

function invalidTime(value: string): ResponseValidationError {
  return new ResponseValidationError(`The platform sent an unreadable timestamp: "${value}"`, {
    details: [
      { field: 'startTime', message: `unreadable timestamp ${value}`, error_code: 'invalid_response' },
    ],
  });
}
