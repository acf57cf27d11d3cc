import { createHash, timingSafeEqual } from 'node:crypto';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Compares a presented secret with the expected one in constant time. Both are hashed first, so
 * neither the content nor the length of the expected secret leaks through timing.
 *
 * @example
 * ```ts
 * if (!constantTimeEqual(presented, config.adminToken)) throw unauthorized();
 * ```
 */
export function constantTimeEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}
