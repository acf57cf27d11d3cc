import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A lower-case ULID (Crockford base 32: 10 characters of millisecond time, 16 of randomness).
 *
 * @example
 * ```ts
 * lowerCaseUlid(); // '01j8x5m3qd2b0v7y4c9e6h1k2n'
 * ```
 */
export function lowerCaseUlid(now: number = Date.now(), random: Uint8Array = randomBytes(16)): string {
  let time = '';
  let rest = Math.floor(now);
  for (let index = 0; index < 10; index += 1) {
    time = (alphabet[rest % 32] as string) + time;
    rest = Math.floor(rest / 32);
  }
  let randomPart = '';
  for (let index = 0; index < 16; index += 1) randomPart += alphabet[(random[index] as number) % 32];
  return time + randomPart;
}

/**
 * The suffix `randomNameSuffix: true` appends to a deployed name: ` (ID: xxxxxxxxx)`, the first 6
 * (time-ordered) and last 3 (random) characters of a lower-case ULID.
 *
 * @example
 * ```ts
 * `faker${randomNameSuffix()}`; // 'faker (ID: 01j8x5k2n)'
 * ```
 */
export function randomNameSuffix(now?: number): string {
  const ulid = lowerCaseUlid(now);
  return ` (ID: ${ulid.slice(0, 6)}${ulid.slice(-3)})`;
}
