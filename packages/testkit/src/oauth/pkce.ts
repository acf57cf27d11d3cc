import { createHash } from 'node:crypto';

/**
 * Whether a token request's `code_verifier` answers the authorization request's `code_challenge`
 * (RFC 7636 §4.6): `S256` compares BASE64URL(SHA-256(verifier)), `plain` the verifier itself. A
 * code issued without a challenge needs no verifier.
 *
 * @example
 * ```ts
 * pkceMatches({ challenge: 'E9Mel…', method: 'S256' }, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'); // true
 * ```
 */
export function pkceMatches(
  issued: { challenge: string | undefined; method: string | undefined },
  verifier: string | null | undefined,
): boolean {
  if (issued.challenge === undefined) return true;
  const given = verifier ?? '';
  const derived = issued.method === 'S256' ? createHash('sha256').update(given).digest('base64url') : given;
  return given !== '' && derived === issued.challenge;
}
