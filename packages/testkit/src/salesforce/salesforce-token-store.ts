import { createHmac, randomBytes } from 'node:crypto';

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
