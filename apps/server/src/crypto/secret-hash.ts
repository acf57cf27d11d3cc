import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { SecretHash } from '../store/store';

const CURRENT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;
const CURRENT_PARAMS = `scrypt:N=${CURRENT.N},r=${CURRENT.r},p=${CURRENT.p}`;

function derive(
  secret: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  keylen: number,
): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    // The asynchronous form runs on the libuv pool, so a burst of logins does not stall the event loop.
    scrypt(secret, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function parseParams(params: string): { N: number; r: number; p: number } | undefined {
  const match = /^scrypt:N=(\d+),r=(\d+),p=(\d+)$/.exec(params);
  if (!match) return undefined;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Bounds keep a tampered row from making one verification allocate gigabytes.
  if (N < 2 || N > 1 << 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  return { N, r, p };
}

/**
 * Hashes an application secret with scrypt and a fresh 16-byte salt.
 *
 * @example
 * ```ts
 * const hash = await hashSecret(clientSecret);
 * ```
 */
export async function hashSecret(secret: string): Promise<SecretHash> {
  const salt = randomBytes(16);
  const hash = await derive(secret, salt, CURRENT.N, CURRENT.r, CURRENT.p, CURRENT.keylen);
  return { hash, salt, params: CURRENT_PARAMS };
}

/**
 * True when `secret` matches the stored hash; compares in constant time.
 *
 * @example
 * ```ts
 * if (!(await verifySecret(body.client_secret, application.secret))) throw unauthorized();
 * ```
 */
export async function verifySecret(secret: string, stored: SecretHash): Promise<boolean> {
  const params = parseParams(stored.params);
  if (!params || stored.hash.length === 0) return false;
  const candidate = await derive(secret, stored.salt, params.N, params.r, params.p, stored.hash.length);
  return timingSafeEqual(candidate, stored.hash);
}

/**
 * True when a stored hash was made with other cost parameters than today's, so it should be
 * recomputed the next time the plaintext is at hand.
 *
 * @example
 * ```ts
 * if (needsRehash(application.secret)) await store.updateApplicationSecret(id, await hashSecret(secret), now);
 * ```
 */
export function needsRehash(stored: SecretHash): boolean {
  return stored.params !== CURRENT_PARAMS || stored.hash.length !== CURRENT.keylen;
}

/** A hash that matches nothing, verified against for unknown client ids so timing does not tell them apart. */
let decoy: Promise<SecretHash> | undefined;

/**
 * Spends the same work as a real verification and returns false. Used when the client id is
 * unknown, so response time does not reveal which ids exist.
 *
 * @example
 * ```ts
 * const ok = application ? await verifySecret(secret, application.secret) : await verifyAgainstDecoy(secret);
 * ```
 */
export async function verifyAgainstDecoy(secret: string): Promise<false> {
  decoy ??= hashSecret(randomBytes(32).toString('base64'));
  await verifySecret(secret, await decoy);
  return false;
}
