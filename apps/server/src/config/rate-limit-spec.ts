import { requirePositiveDuration } from './duration';

/** At most `limit` requests per application in each window of `windowMs`. */
export interface RateLimitSpec {
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Parses `CONDUIT_RATE_LIMIT`: `<requests>/<window>` such as `600/60s` or `10000/1h`, or `off`.
 *
 * @example
 * ```ts
 * parseRateLimit('600/60s'); // { limit: 600, windowMs: 60000 }
 * parseRateLimit('off'); // null
 * ```
 */
export function parseRateLimit(text: string): RateLimitSpec | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'off' || trimmed === '0' || trimmed === 'none') return null;
  const match = /^(\d+)\s*\/\s*(.+)$/.exec(trimmed);
  if (!match) throw new Error(`"${text}" is not a rate limit (e.g. 600/60s, or off)`);
  const limit = Number(match[1]);
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new Error(`"${text}": the request count must be at least 1`);
  const windowMs = requirePositiveDuration(match[2]!);
  if (windowMs < 1000) throw new Error(`"${text}": the window must be at least 1s`);
  return { limit, windowMs };
}
