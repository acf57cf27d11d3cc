import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { AuthenticationError } from '@conduit/protocol';
import * as z from 'zod';
import type { Clock } from '../clock';

/** What a bearer token says about its holder. */
export type TokenClaims =
  | {
      readonly kind: 'application';
      readonly applicationId: string;
      /**
       * The generation of the application's secret the token was issued for (1 for the first,
       * one more at each rotation): minting a scoped token checks it is still the current one.
       * Tokens issued before generations were carried have none (read as 1).
       */
      readonly secretGeneration?: number | undefined;
    }
  | { readonly kind: 'scoped'; readonly applicationId: string; readonly externalUserId: string };

/** A verified token: its claims and when it expires (seconds since the epoch). */
export type VerifiedToken = TokenClaims & { readonly issuedAt: number; readonly expiresAt: number };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 4096;
/** Verified tokens remembered per signer; a busy client presents the same token on every call. */
const VERIFIED_CACHE_SIZE = 10_000;

const PayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('application'),
    app: z.string().min(1),
    gen: z.number().int().positive().optional(),
    iat: z.number().int(),
    exp: z.number().int(),
  }),
  z.object({
    kind: z.literal('scoped'),
    app: z.string().min(1),
    sub: z.string().min(1),
    iat: z.number().int(),
    exp: z.number().int(),
  }),
]);

function invalid(message: string, code: string): AuthenticationError {
  return new AuthenticationError(message, { status: 401, code });
}

/**
 * Issues and verifies the service's bearer tokens: compact JWTs signed with HMAC-SHA256. They are
 * stateless, so any server process holding the same secret accepts them, and they carry `exp`.
 *
 * @example
 * ```ts
 * const signer = new TokenSigner(secret, clock);
 * const token = signer.issue({ kind: 'scoped', applicationId, externalUserId: 'u1' }, 1200);
 * signer.verify(token).externalUserId; // 'u1'
 * ```
 */
export class TokenSigner {
  readonly #key: KeyObject;
  readonly #clock: Clock;
  // A token's signature and claims never change, only whether it has expired: once verified, the
  // HMAC, JSON and schema work is not repeated for the next request carrying it.
  readonly #verified = new Map<string, VerifiedToken>();

  constructor(secret: Buffer, clock: Clock) {
    if (secret.length < 32) throw new Error('the token secret must be at least 32 bytes');
    this.#key = createSecretKey(secret);
    this.#clock = clock;
  }

  /** A token for `claims`, valid for `ttlSeconds` from now. */
  issue(claims: TokenClaims, ttlSeconds: number): string {
    const iat = Math.floor(this.#clock.now() / 1000);
    const payload =
      claims.kind === 'application'
        ? {
            kind: claims.kind,
            app: claims.applicationId,
            ...(claims.secretGeneration === undefined ? {} : { gen: claims.secretGeneration }),
            iat,
            exp: iat + ttlSeconds,
          }
        : {
            kind: claims.kind,
            app: claims.applicationId,
            sub: claims.externalUserId,
            iat,
            exp: iat + ttlSeconds,
          };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${this.#sign(body).toString('base64url')}`;
  }

  /**
   * The token's claims.
   *
   * @throws AuthenticationError (401, `invalid_token` or `token_expired`) when it is malformed, not
   *   signed with this secret, or expired
   */
  verify(token: string): VerifiedToken {
    const remembered = this.#verified.get(token);
    if (remembered !== undefined) {
      if (remembered.expiresAt > Math.floor(this.#clock.now() / 1000)) return remembered;
      this.#verified.delete(token);
      throw invalid('the bearer token has expired', 'token_expired');
    }
    const verified = this.#verifyAnew(token);
    if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.#verified.keys().next().value;
      if (oldest !== undefined) this.#verified.delete(oldest);
    }
    this.#verified.set(token, verified);
    return verified;
  }

  #verifyAnew(token: string): VerifiedToken {
    if (token.length > MAX_TOKEN_LENGTH) throw invalid('the bearer token is not valid', 'invalid_token');
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) {
      throw invalid('the bearer token is not valid', 'invalid_token');
    }
    const [header, payload, signature] = parts as [string, string, string];
    const expected = this.#sign(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    // The header is covered by the signature; requiring our exact header also rules out `alg: none`.
    if (header !== HEADER || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw invalid('the bearer token is not valid', 'invalid_token');
    }
    let claims: z.output<typeof PayloadSchema>;
    try {
      claims = PayloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    } catch {
      throw invalid('the bearer token is not valid', 'invalid_token');
    }
    if (claims.exp <= Math.floor(this.#clock.now() / 1000)) {
      throw invalid('the bearer token has expired', 'token_expired');
    }
    return claims.kind === 'application'
      ? {
          kind: 'application',
          applicationId: claims.app,
          secretGeneration: claims.gen,
          issuedAt: claims.iat,
          expiresAt: claims.exp,
        }
      : {
          kind: 'scoped',
          applicationId: claims.app,
          externalUserId: claims.sub,
          issuedAt: claims.iat,
          expiresAt: claims.exp,
        };
  }

  #sign(data: string): Buffer {
    return createHmac('sha256', this.#key).update(data).digest();
  }
}
