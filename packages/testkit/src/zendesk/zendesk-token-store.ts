import { randomBytes } from 'node:crypto';
import { pkceMatches } from '../oauth/pkce';

/**
 * OAuth behaviour of the simulated account (`shared/reference/support-desk-upstream.md` §3).
 *
 * @example
 * ```ts
 * await startZendeskSimulator({ oauth: { legacyClient: true } });
 * ```
 */
export interface ZendeskOAuthOptions {
  clientId?: string;
  clientSecret?: string;
  /** Tokens without expiry and without refresh token, as clients created before 2025-04-30 get. */
  legacyClient?: boolean;
}

interface Grant {
  userId: number;
  scopes: readonly string[];
  /** Epoch ms; undefined = never. */
  expiresAt: number | undefined;
}

/** Who a credential belongs to and what it may do. */
export type Authentication = { ok: true; userId: number; scopes: readonly string[] } | { ok: false };

function token(prefix: string): string {
  return `${prefix}${randomBytes(20).toString('hex')}`;
}

/** Bounds of the token request's lifetimes (seconds). */
const EXPIRES_IN = [300, 172_800] as const;
const REFRESH_EXPIRES_IN = [604_800, 7_776_000] as const;

/** API tokens, OAuth access and refresh tokens and authorization codes of one account. */
export class ZendeskTokenStore {
  readonly clientId: string;
  readonly clientSecret: string;
  legacyClient: boolean;
  private readonly apiTokens = new Map<string, number>();
  private readonly access = new Map<string, Grant>();
  private readonly refresh = new Map<string, Grant & { access: string }>();
  private readonly codes = new Map<
    string,
    {
      userId: number;
      scopes: readonly string[];
      expiresAt: number;
      redirectUri: string | undefined;
      challenge: string | undefined;
      method: string | undefined;
    }
  >();

  constructor(options: ZendeskOAuthOptions = {}) {
    this.clientId = options.clientId ?? 'conduit_test_client';
    this.clientSecret = options.clientSecret ?? token('secret_');
    this.legacyClient = options.legacyClient ?? false;
  }

  issueApiToken(userId: number, value: string = token('')): string {
    this.apiTokens.set(value, userId);
    return value;
  }

  issueAccessToken(
    userId: number,
    scopes: readonly string[] = ['read', 'write'],
    ttlSeconds?: number,
    now = Date.now(),
  ): string {
    const value = token('oat_');
    this.access.set(value, {
      userId,
      scopes,
      expiresAt: ttlSeconds === undefined ? undefined : now + ttlSeconds * 1000,
    });
    return value;
  }

  /**
   * A one-time code, valid 120 s (reference §3.1), bound to its redirect URI and, when the
   * authorization request carried one, its PKCE challenge.
   */
  issueAuthorizationCode(
    userId: number,
    now: number,
    scopes: readonly string[] = ['read'],
    redirectUri?: string,
    pkce: { challenge?: string | undefined; method?: string | undefined } = {},
  ): string {
    const value = token('code_');
    this.codes.set(value, {
      userId,
      scopes,
      expiresAt: now + 120_000,
      redirectUri,
      challenge: pkce.challenge,
      method: pkce.method,
    });
    return value;
  }

  revoke(value: string): boolean {
    const refresh = this.refresh.get(value);
    if (refresh !== undefined) this.access.delete(refresh.access);
    return this.apiTokens.delete(value) || this.access.delete(value) || this.refresh.delete(value);
  }

  expireAccessTokens(now: number): void {
    for (const grant of this.access.values()) grant.expiresAt = now - 1;
  }

  /** Checks an `Authorization` header: Basic `{email}/token:{api_token}` or Bearer. */
  authenticate(
    header: string | undefined,
    now: number,
    emailOf: (userId: number) => string | undefined,
  ): Authentication {
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
    if (basic !== null) {
      const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const user = decoded.slice(0, colon);
      const secret = decoded.slice(colon + 1);
      // Password access (no `/token` suffix) is off, as on accounts that follow Zendesk's advice.
      if (colon < 0 || !user.endsWith('/token')) return { ok: false };
      const userId = this.apiTokens.get(secret);
      if (
        userId === undefined ||
        emailOf(userId)?.toLowerCase() !== user.slice(0, -'/token'.length).toLowerCase()
      ) {
        return { ok: false };
      }
      return { ok: true, userId, scopes: ['read', 'write'] };
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (bearer !== null) {
      const grant = this.access.get(bearer[1] as string);
      if (grant === undefined || (grant.expiresAt !== undefined && now >= grant.expiresAt))
        return { ok: false };
      return { ok: true, userId: grant.userId, scopes: grant.scopes };
    }
    return { ok: false };
  }

  /**
   * `POST /oauth/tokens` with a JSON body: `authorization_code` and `refresh_token` grants.
   * Refreshing rotates: the old access and refresh tokens stop working at once.
   */
  exchange(body: Record<string, unknown>, now: number): { status: number; body: Record<string, unknown> } {
    const fail = (error: string, description: string, status = 400) => ({
      status,
      body: { error, error_description: description },
    });
    if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret) {
      return fail(
        'invalid_client',
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
        401,
      );
    }
    const expiresIn = body.expires_in;
    const refreshExpiresIn = body.refresh_token_expires_in ?? 2_592_000;
    if (
      expiresIn !== undefined &&
      expiresIn !== null &&
      (typeof expiresIn !== 'number' || expiresIn <= EXPIRES_IN[0] || expiresIn >= EXPIRES_IN[1])
    ) {
      return fail(
        'invalid_request',
        `expires_in must be greater than ${EXPIRES_IN[0]} and less than ${EXPIRES_IN[1]}`,
      );
    }
    if (
      typeof refreshExpiresIn !== 'number' ||
      refreshExpiresIn <= REFRESH_EXPIRES_IN[0] ||
      refreshExpiresIn >= REFRESH_EXPIRES_IN[1]
    ) {
      return fail(
        'invalid_request',
        `refresh_token_expires_in must be greater than ${REFRESH_EXPIRES_IN[0]} and less than ${REFRESH_EXPIRES_IN[1]}`,
      );
    }
    let grant: { userId: number; scopes: readonly string[] };
    if (body.grant_type === 'authorization_code') {
      const code = this.codes.get(String(body.code));
      this.codes.delete(String(body.code));
      if (
        code === undefined ||
        now >= code.expiresAt ||
        (code.redirectUri !== undefined && code.redirectUri !== body.redirect_uri) ||
        !pkceMatches(code, typeof body.code_verifier === 'string' ? body.code_verifier : undefined)
      ) {
        return fail(
          'invalid_grant',
          'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
        );
      }
      grant = code;
    } else if (body.grant_type === 'refresh_token') {
      const old = this.refresh.get(String(body.refresh_token));
      if (old === undefined || (old.expiresAt !== undefined && now >= old.expiresAt)) {
        return fail(
          'invalid_grant',
          'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
        );
      }
      this.refresh.delete(String(body.refresh_token));
      this.access.delete(old.access);
      grant = old;
    } else {
      return fail(
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
      );
    }
    const ttl = typeof expiresIn === 'number' ? expiresIn : undefined;
    const accessToken = this.issueAccessToken(
      grant.userId,
      grant.scopes,
      this.legacyClient ? undefined : ttl,
      now,
    );
    const out: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'bearer',
      scope: grant.scopes.join(' '),
    };
    if (!this.legacyClient) {
      const refreshToken = token('ort_');
      this.refresh.set(refreshToken, {
        ...grant,
        expiresAt: now + refreshExpiresIn * 1000,
        access: accessToken,
      });
      out.refresh_token = refreshToken;
      out.refresh_token_expires_in = refreshExpiresIn;
      if (ttl !== undefined) out.expires_in = ttl;
    }
    return { status: 201, body: out };
  }
}
