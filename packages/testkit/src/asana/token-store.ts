import { randomBytes } from 'node:crypto';
import { pkceMatches } from '../oauth/pkce';

/**
 * OAuth settings of the simulator.
 *
 * @example
 * ```ts
 * const sim = await startAsanaSimulator({ oauth: { accessTokenTtlSeconds: 5, rotateRefreshTokens: true } });
 * ```
 */
export interface AsanaOAuthOptions {
  clientId?: string;
  clientSecret?: string;
  /** When set, code exchanges must send exactly this `redirect_uri`. */
  redirectUri?: string;
  /** Lifetime of access tokens (and the `expires_in` reported). Default 3600 s. */
  accessTokenTtlSeconds?: number;
  /**
   * Whether a refresh returns a new refresh token (and invalidates the old one). Default false:
   * Asana documents a refresh token only on the code exchange, so clients must keep the old one.
   */
  rotateRefreshTokens?: boolean;
}

/** Outcome of checking a bearer token. */
export type TokenVerdict = 'ok' | 'invalid' | 'expired';

interface AccessToken {
  expiresAt: number;
  refreshToken: string;
  revoked: boolean;
}

interface AuthorizationCode {
  expiresAt: number;
  redirectUri: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
}

/** A successful token response body. */
export interface TokenGrant {
  access_token: string;
  expires_in: number;
  token_type: 'bearer';
  refresh_token?: string;
}

/** A failed token request: the OAuth 2 error code, its HTTP status, and a description. */
export interface TokenError {
  status: 400 | 401;
  error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';
  description: string;
}

function secretToken(prefix: string, ownerGid: string): string {
  const digits = BigInt(`0x${randomBytes(7).toString('hex')}`)
    .toString()
    .padStart(16, '1')
    .slice(0, 16);
  return `${prefix}/${ownerGid}/${digits}:${randomBytes(16).toString('hex')}`;
}

/**
 * Every credential the simulator accepts: personal access tokens (long-lived, revocable) and
 * OAuth access tokens (expire after `accessTokenTtlSeconds` of simulator time) with their refresh
 * tokens and one-time authorization codes (PKCE S256 and plain supported). All act as the
 * dataset's account owner.
 *
 * @example
 * ```ts
 * store.authenticate(sim.tokens.personalAccessToken, Date.now()); // 'ok'
 * ```
 */
export class AsanaTokenStore {
  readonly personalAccessToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** A refresh token issued at start, so tests can refresh without the browser step. */
  readonly refreshToken: string;
  accessTokenTtlSeconds: number;
  readonly rotateRefreshTokens: boolean;
  readonly redirectUri: string | undefined;
  private readonly personalTokens = new Set<string>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, { revoked: boolean }>();
  private readonly codes = new Map<string, AuthorizationCode>();

  constructor(
    private readonly ownerGid: string,
    options: AsanaOAuthOptions & { personalAccessToken?: string } = {},
  ) {
    this.personalAccessToken = options.personalAccessToken ?? secretToken('2', ownerGid);
    this.personalTokens.add(this.personalAccessToken);
    this.clientId =
      options.clientId ??
      BigInt(`0x${randomBytes(6).toString('hex')}`)
        .toString()
        .slice(0, 16);
    this.clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3600;
    this.rotateRefreshTokens = options.rotateRefreshTokens ?? false;
    this.redirectUri = options.redirectUri;
    this.refreshToken = secretToken('1', ownerGid);
    this.refreshTokens.set(this.refreshToken, { revoked: false });
  }

  /** Checks a bearer token at simulator time `now`. */
  authenticate(token: string, now: number): TokenVerdict {
    if (this.personalTokens.has(token)) return 'ok';
    const access = this.accessTokens.get(token);
    if (access === undefined || access.revoked) return 'invalid';
    return now >= access.expiresAt ? 'expired' : 'ok';
  }

  /** Adds another valid personal access token (each token has its own rate-limit budget). */
  issuePersonalAccessToken(): string {
    const token = secretToken('2', this.ownerGid);
    this.personalTokens.add(token);
    return token;
  }

  /** Issues an access token directly (as if a refresh had happened), for tests that skip OAuth. */
  issueAccessToken(now: number, refreshToken = this.refreshToken): string {
    const token = `${randomBytes(3).toString('hex')}/${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, {
      expiresAt: now + this.accessTokenTtlSeconds * 1000,
      refreshToken,
      revoked: false,
    });
    return token;
  }

  /** Issues a one-time authorization code, as the consent screen would (valid 10 minutes). */
  issueAuthorizationCode(
    now: number,
    options: { redirectUri?: string; codeChallenge?: string; codeChallengeMethod?: string } = {},
  ): string {
    const code = randomBytes(18).toString('base64url');
    this.codes.set(code, {
      expiresAt: now + 600_000,
      redirectUri: options.redirectUri,
      codeChallenge: options.codeChallenge,
      codeChallengeMethod: options.codeChallengeMethod,
    });
    return code;
  }

  /** Revokes a personal, access or refresh token (a refresh token takes its access tokens along). */
  revoke(token: string): boolean {
    if (this.personalTokens.delete(token)) return true;
    const access = this.accessTokens.get(token);
    if (access !== undefined) {
      access.revoked = true;
      return true;
    }
    const refresh = this.refreshTokens.get(token);
    if (refresh === undefined) return false;
    refresh.revoked = true;
    for (const entry of this.accessTokens.values()) if (entry.refreshToken === token) entry.revoked = true;
    return true;
  }

  /** Makes every OAuth access token expired (as if an hour had passed), leaving refresh tokens valid. */
  expireAccessTokens(): void {
    for (const entry of this.accessTokens.values()) entry.expiresAt = Number.NEGATIVE_INFINITY;
  }

  /** Checks client credentials. */
  checkClient(clientId: string | null, clientSecret: string | null): TokenError | undefined {
    if (clientId === this.clientId && clientSecret === this.clientSecret) return undefined;
    return { status: 401, error: 'invalid_client', description: 'The client credentials are invalid.' };
  }

  /** `grant_type=authorization_code`. */
  exchangeCode(
    now: number,
    params: { code: string | null; redirectUri: string | null; codeVerifier: string | null },
  ): TokenGrant | TokenError {
    if (params.code === null || params.code === '') {
      return { status: 400, error: 'invalid_request', description: 'The code parameter is missing.' };
    }
    const entry = this.codes.get(params.code);
    // Codes are single-use: a second exchange of the same code must fail.
    this.codes.delete(params.code);
    if (entry === undefined || now >= entry.expiresAt) {
      return {
        status: 400,
        error: 'invalid_grant',
        description: 'The authorization code is invalid or expired.',
      };
    }
    const expectedRedirect = entry.redirectUri ?? this.redirectUri;
    if (expectedRedirect !== undefined && params.redirectUri !== expectedRedirect) {
      return { status: 400, error: 'invalid_grant', description: 'The redirect_uri does not match.' };
    }
    if (
      !pkceMatches({ challenge: entry.codeChallenge, method: entry.codeChallengeMethod }, params.codeVerifier)
    ) {
      return { status: 400, error: 'invalid_grant', description: 'The code_verifier does not match.' };
    }
    const refreshToken = secretToken('1', this.ownerGid);
    this.refreshTokens.set(refreshToken, { revoked: false });
    return {
      access_token: this.issueAccessToken(now, refreshToken),
      expires_in: this.accessTokenTtlSeconds,
      token_type: 'bearer',
      refresh_token: refreshToken,
    };
  }

  /** `grant_type=refresh_token`. */
  refresh(now: number, refreshToken: string | null): TokenGrant | TokenError {
    if (refreshToken === null || refreshToken === '') {
      return {
        status: 400,
        error: 'invalid_request',
        description: 'The refresh_token parameter is missing.',
      };
    }
    const entry = this.refreshTokens.get(refreshToken);
    if (entry === undefined || entry.revoked) {
      return { status: 400, error: 'invalid_grant', description: 'The refresh token is invalid or revoked.' };
    }
    if (!this.rotateRefreshTokens) {
      return {
        access_token: this.issueAccessToken(now, refreshToken),
        expires_in: this.accessTokenTtlSeconds,
        token_type: 'bearer',
      };
    }
    entry.revoked = true;
    const next = secretToken('1', this.ownerGid);
    this.refreshTokens.set(next, { revoked: false });
    return {
      access_token: this.issueAccessToken(now, next),
      expires_in: this.accessTokenTtlSeconds,
      token_type: 'bearer',
      refresh_token: next,
    };
  }
}
