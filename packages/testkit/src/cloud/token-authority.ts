import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { CloudSimulatorClock } from './cloud-simulator-clock';

/** What the token endpoint answers with for valid client credentials. */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** The verdict on an `Authorization` header. */
export type BearerVerdict = 'valid' | 'missing' | 'unknown' | 'expired' | 'revoked';

/**
 * Issues and checks bearer tokens: the client-credentials exchange hands out JWT-shaped tokens
 * that expire on the simulated clock, and one static token (the "pre-generated bearer token" a
 * user may configure) is accepted until revoked.
 *
 * @example
 * ```ts
 * const authority = new TokenAuthority({ clock, clientId: 'id', clientSecret: 'secret', bearerToken: 'static', tokenLifetimeSeconds: 900 });
 * const token = authority.exchange('id', 'secret');
 * authority.verify(`Bearer ${token?.access_token}`); // 'valid'
 * ```
 */
export class TokenAuthority {
  readonly #clock: CloudSimulatorClock;
  readonly #signingKey = randomBytes(32);
  readonly #issued = new Map<string, { expiresAt: number; revoked: boolean }>();
  #clientId: string;
  #clientSecret: string;
  #bearerToken: string;
  #bearerRevoked = false;
  /** Lifetime of exchanged tokens; the hosted default is 15 minutes. */
  tokenLifetimeSeconds: number;

  constructor(options: {
    clock: CloudSimulatorClock;
    clientId: string;
    clientSecret: string;
    bearerToken: string;
    tokenLifetimeSeconds: number;
  }) {
    this.#clock = options.clock;
    this.#clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
    this.#bearerToken = options.bearerToken;
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds;
  }

  /** The currently valid credentials. */
  get credentials(): { clientId: string; clientSecret: string; bearerToken: string } {
    return { clientId: this.#clientId, clientSecret: this.#clientSecret, bearerToken: this.#bearerToken };
  }

  /** How many tokens the exchange has handed out so far. */
  get issuedCount(): number {
    return this.#issued.size;
  }

  /** Exchanges client credentials for a token, or returns `undefined` when they are wrong. */
  exchange(clientId: string, clientSecret: string): AccessTokenResponse | undefined {
    if (clientId !== this.#clientId || clientSecret !== this.#clientSecret) return undefined;
    const issuedAt = this.#clock.now();
    const expiresAt = issuedAt + this.tokenLifetimeSeconds * 1000;
    const token = this.#sign({
      sub: clientId,
      jti: randomUUID(),
      iat: Math.floor(issuedAt / 1000),
      exp: Math.floor(expiresAt / 1000),
    });
    this.#issued.set(token, { expiresAt, revoked: false });
    return { access_token: token, token_type: 'Bearer', expires_in: this.tokenLifetimeSeconds };
  }

  /** Judges an `Authorization` header value. */
  verify(header: string | undefined): BearerVerdict {
    if (header === undefined || header.trim() === '') return 'missing';
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!match) return 'unknown';
    const token = (match[1] as string).trim();
    if (token === this.#bearerToken) return this.#bearerRevoked ? 'revoked' : 'valid';
    const issued = this.#issued.get(token);
    if (!issued) return 'unknown';
    if (issued.revoked) return 'revoked';
    return this.#clock.now() >= issued.expiresAt ? 'expired' : 'valid';
  }

  /** Makes every token issued so far invalid, to exercise a client's refresh-on-401 path. */
  expireIssuedTokens(): void {
    for (const issued of this.#issued.values()) issued.revoked = true;
  }

  /** Rejects the static bearer token from now on (or accepts it again). */
  setBearerTokenRevoked(revoked: boolean): void {
    this.#bearerRevoked = revoked;
  }

  /** Replaces the client secret, so the old one is refused by the token endpoint. */
  rotateClientSecret(secret: string): void {
    this.#clientSecret = secret;
  }

  #sign(claims: Record<string, unknown>): string {
    const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
    const signature = createHmac('sha256', this.#signingKey).update(head).digest('base64url');
    return `${head}.${signature}`;
  }
}
