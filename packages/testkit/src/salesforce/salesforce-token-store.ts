import { createHmac, randomBytes } from 'node:crypto';
import { pkceMatches } from '../oauth/pkce';

/**
 * OAuth settings of the Salesforce simulator's connected app.
 *
 * @example
 * ```ts
 * const sim = await startSalesforceSimulator({ oauth: { sessionTtlSeconds: 5, rotateRefreshTokens: true } });
 * ```
 */
export interface SalesforceOAuthOptions {
  /** Consumer key. Default: random `3MVG9…`. */
  clientId?: string;
  /** Consumer secret. Default: random. */
  clientSecret?: string;
  /** The refresh token issued at start. Default: random `5Aep861…`. */
  refreshToken?: string;
  /**
   * Refresh-token rotation: each refresh returns a new refresh token and invalidates the old
   * one; replaying a rotated-out token revokes the whole family. Default false (Salesforce's
   * default: no `refresh_token` in the refresh response).
   */
  rotateRefreshTokens?: boolean;
  /** Session (access token) lifetime in seconds of simulator time. Default 7200 (2 h). */
  sessionTtlSeconds?: number;
}

/** A token endpoint failure: always 400 with `{error, error_description}`. */
export interface SalesforceTokenError {
  error:
    | 'invalid_grant'
    | 'invalid_client_id'
    | 'invalid_client'
    | 'invalid_request'
    | 'redirect_uri_mismatch'
    | 'unsupported_grant_type';
  error_description: string;
}

interface Family {
  current: string;
  revoked: boolean;
}

interface Session {
  expiresAt: number;
  family: Family | undefined;
  revoked: boolean;
}

function base62(bytes: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(bytes)].map((byte) => alphabet[byte % 62]).join('');
}

/**
 * Sessions and refresh tokens of the simulated org. Access tokens look like real session ids
 * (`00D…!AQ…`), expire after `sessionTtlSeconds` of simulator time and only announce it through
 * a 401 (the token response carries no `expires_in`, like Salesforce's).
 *
 * @example
 * ```ts
 * const store = new SalesforceTokenStore('00D000000000001', {});
 * const grant = store.refresh(Date.now(), { refreshToken: store.refreshToken, clientId: store.clientId, clientSecret: store.clientSecret });
 * ```
 */
export class SalesforceTokenStore {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly refreshToken: string;
  rotateRefreshTokens: boolean;
  sessionTtlSeconds: number;
  private readonly refreshTokens = new Map<string, { family: Family }>();
  private readonly codes = new Map<
    string,
    {
      expiresAt: number;
      redirectUri: string;
      scope: string;
      challenge: string | undefined;
      method: string | undefined;
    }
  >();
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly orgId: string,
    options: SalesforceOAuthOptions,
  ) {
    this.clientId = options.clientId ?? `3MVG9${base62(80)}`;
    this.clientSecret = options.clientSecret ?? base62(64);
    this.refreshToken = options.refreshToken ?? `5Aep861${base62(80)}`;
    this.rotateRefreshTokens = options.rotateRefreshTokens ?? false;
    this.sessionTtlSeconds = options.sessionTtlSeconds ?? 7200;
    this.refreshTokens.set(this.refreshToken, { family: { current: this.refreshToken, revoked: false } });
  }

  /** Whether a bearer token is a live session at `now`. */
  authenticate(token: string, now: number): boolean {
    const session = this.sessions.get(token);
    if (session === undefined || session.revoked || session.family?.revoked === true) return false;
    return now < session.expiresAt;
  }

  /** Checks the client of a token request (body or Basic header). */
  checkClient(clientId: string | null, clientSecret: string | null): SalesforceTokenError | undefined {
    if (clientId === null || clientId !== this.clientId) {
      return { error: 'invalid_client_id', error_description: 'client identifier invalid' };
    }
    if (clientSecret !== this.clientSecret) {
      return { error: 'invalid_client', error_description: 'invalid client credentials' };
    }
    return undefined;
  }

  /**
   * The refresh-token grant: a new session, and with rotation a new refresh token. An unknown,
   * revoked or rotated-out token is `invalid_grant` (a rotated-out one also revokes its family).
   */
  refresh(
    now: number,
    refreshToken: string | null,
  ): { accessToken: string; refreshToken?: string } | SalesforceTokenError {
    const invalid: SalesforceTokenError = {
      error: 'invalid_grant',
      error_description: 'expired access/refresh token',
    };
    if (refreshToken === null || refreshToken === '') {
      return { error: 'invalid_request', error_description: 'refresh_token is missing' };
    }
    const entry = this.refreshTokens.get(refreshToken);
    if (entry === undefined || entry.family.revoked) return invalid;
    if (entry.family.current !== refreshToken) {
      // Replay of a rotated-out token: Salesforce treats it as theft and revokes the family.
      entry.family.revoked = true;
      return invalid;
    }
    const accessToken = this.newSession(now, entry.family);
    if (!this.rotateRefreshTokens) return { accessToken };
    const next = `5Aep861${base62(80)}`;
    entry.family.current = next;
    this.refreshTokens.set(next, { family: entry.family });
    return { accessToken, refreshToken: next };
  }

  /**
   * A one-time authorization code of the web-server flow, bound to its redirect URI, scopes and
   * PKCE challenge. It lives 15 minutes (Salesforce's documented code lifetime).
   */
  issueAuthorizationCode(
    now: number,
    request: {
      redirectUri: string;
      scope?: string | undefined;
      challenge?: string | undefined;
      method?: string | undefined;
    },
  ): string {
    const code = `aPrx${base62(60)}`;
    this.codes.set(code, {
      expiresAt: now + 15 * 60_000,
      redirectUri: request.redirectUri,
      scope: request.scope ?? 'api',
      challenge: request.challenge,
      method: request.method,
    });
    return code;
  }

  /**
   * The `authorization_code` grant: the code is good once, for the same `redirect_uri` and a
   * `code_verifier` matching its challenge. A new session, and a new refresh token (its own
   * family) when the `refresh_token` scope was granted.
   */
  exchangeCode(
    now: number,
    params: { code: string | null; redirectUri: string | null; codeVerifier: string | null },
  ): { accessToken: string; refreshToken?: string; scope: string } | SalesforceTokenError {
    const entry = params.code === null ? undefined : this.codes.get(params.code);
    if (params.code !== null) this.codes.delete(params.code);
    if (entry === undefined || now >= entry.expiresAt) {
      return { error: 'invalid_grant', error_description: 'expired authorization code' };
    }
    if (params.redirectUri !== entry.redirectUri) {
      return { error: 'redirect_uri_mismatch', error_description: 'redirect_uri must match configuration' };
    }
    if (!pkceMatches(entry, params.codeVerifier)) {
      return { error: 'invalid_grant', error_description: 'invalid code verifier' };
    }
    const scopes = entry.scope.split(' ');
    if (!scopes.includes('refresh_token') && !scopes.includes('offline_access')) {
      return { accessToken: this.newSession(now, undefined), scope: entry.scope };
    }
    const refreshToken = `5Aep861${base62(80)}`;
    const family: Family = { current: refreshToken, revoked: false };
    this.refreshTokens.set(refreshToken, { family });
    return { accessToken: this.newSession(now, family), refreshToken, scope: entry.scope };
  }

  /** A fresh session without a refresh (as if the user had signed in). */
  issueAccessToken(now: number): string {
    return this.newSession(now, undefined);
  }

  /** Revokes a refresh token (and its family's sessions) or a single session. */
  revoke(token: string): boolean {
    const entry = this.refreshTokens.get(token);
    if (entry !== undefined) {
      entry.family.revoked = true;
      return true;
    }
    const session = this.sessions.get(token);
    if (session === undefined) return false;
    session.revoked = true;
    return true;
  }

  /** Ends every session now (refresh tokens stay valid). */
  expireSessions(): void {
    for (const session of this.sessions.values()) session.expiresAt = Number.NEGATIVE_INFINITY;
  }

  /** `signature` of a token response: HMAC-SHA256 of `id` + `issued_at`, keyed by the client secret. */
  sign(id: string, issuedAt: string): string {
    return createHmac('sha256', this.clientSecret)
      .update(id + issuedAt)
      .digest('base64');
  }

  private newSession(now: number, family: Family | undefined): string {
    const token = `${this.orgId.slice(0, 15)}!AQ${base62(4)}.${base62(96)}`;
    this.sessions.set(token, { expiresAt: now + this.sessionTtlSeconds * 1000, family, revoked: false });
    return token;
  }
}
