import { AuthenticationError, ResponseValidationError } from '@conduit/protocol';
import type { RecordedRequest, TestServer } from '@conduit/testkit';
import { describe, expect, it, vi } from 'vitest';
import { createTransport } from '../create-transport';
import type { TransportRetryEvent } from '../events/transport-hooks';
import { useTestServers } from '../test-utils/use-test-servers';
import { basicAuth } from './basic-auth';
import { bearerAuth } from './bearer-auth';
import { cachedTokenAuth } from './cached-token-auth';
import { type ClientCredentialsAuthOptions, clientCredentialsAuth } from './client-credentials-auth';
import { requestOAuthToken } from './oauth-token-endpoint';
import { type OAuthTokens, refreshTokenAuth } from './refresh-token-auth';

const serve = useTestServers();

interface OAuthServerOptions {
  /** Access tokens the API accepts (mutable, so a test can revoke one). */
  valid: Set<string>;
  /** What the token endpoint answers, per token request. */
  token: (request: RecordedRequest, count: number) => { status?: number; json: unknown };
  /** Milliseconds the token endpoint takes, so concurrent callers overlap with it. */
  tokenDelayMs?: number;
}

/** An API that accepts only the tokens in `valid`, and an OAuth token endpoint, on one server. */
async function oauthServer(options: OAuthServerOptions): Promise<TestServer> {
  let count = 0;
  const server = await serve({
    'POST /oauth/token': async (request) => {
      count += 1;
      const current = count;
      if (options.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, options.tokenDelayMs));
      const { status, json } = options.token(request, current);
      return { status: status ?? 200, json };
    },
    '/api/*': (request) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !options.valid.has(token)) {
        return { status: 401, json: { errors: [{ message: 'Not Authorized' }] } };
      }
      return { json: { data: { path: request.path, token } } };
    },
  });
  return server;
}

describe('bearerAuth', () => {
  it('sends a static token', async () => {
    const server = await oauthServer({ valid: new Set(['pat-1']), token: () => ({ json: {} }) });
    const transport = createTransport({ baseUrl: `${server.url}/api`, auth: bearerAuth('pat-1') });
    await expect(transport.json({ path: '/me' })).resolves.toMatchObject({ data: { token: 'pat-1' } });
  });

  it('reads a token function per attempt and replays once after a 401 when the token changed', async () => {
    const server = await oauthServer({ valid: new Set(['pat-2']), token: () => ({ json: {} }) });
    const tokens = ['pat-1', 'pat-2', 'pat-2'];
    const source = vi.fn(async () => tokens.shift() ?? 'pat-2');
    const transport = createTransport({ baseUrl: `${server.url}/api`, auth: bearerAuth(source) });
    await expect(transport.json({ path: '/me' })).resolves.toMatchObject({ data: { token: 'pat-2' } });
    expect(server.requestsTo('/api/*').map((request) => request.headers.authorization)).toEqual([
      'Bearer pat-1',
      'Bearer pat-2',
    ]);
  });

  it('sets a static token with the request, on its origin only, without calling authorize', async () => {
    const server = await serve((request) => ({ json: request.headers.authorization ?? null }));
    const other = await serve((request) => ({ json: request.headers.authorization ?? null }));
    const strategy = bearerAuth('pat-1');
    const authorize = vi.spyOn(strategy, 'authorize');
    const transport = createTransport({ baseUrl: server.url, auth: strategy });
    // The strategy's credentials win over a header the request brings, as authorize() would set them.
    await expect(transport.json({ path: '/', headers: { Authorization: 'Bearer mine' } })).resolves.toBe(
      'Bearer pat-1',
    );
    await expect(transport.json({ url: `${other.url}/` })).resolves.toBeNull();
    await expect(transport.json({ path: '/', auth: false })).resolves.toBeNull();
    await expect(transport.json({ url: `${other.url}/`, auth: true })).resolves.toBe('Bearer pat-1');
    expect(authorize).not.toHaveBeenCalled();
  });

  it("describes a fixed strategy's headers as redacted, whatever their names, sent or not", async () => {
    const server = await serve(() => ({ status: 500, json: { error: 'down' } }));
    const strategy = { headers: { 'X-App-Key': 'k-secret' }, authorize: () => undefined };
    const errors: unknown[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      auth: strategy,
      retry: false,
      hooks: { onError: (event) => errors.push(event.request) },
    });
    const aborted = AbortSignal.abort(new Error('stop'));
    await expect(transport.json({ path: '/', signal: aborted })).rejects.toThrow('stop');
    const failure = await transport.json({ path: '/' }).catch((error: unknown) => error);
    expect((failure as { request: { headers: Record<string, string> } }).request.headers['x-app-key']).toBe(
      '[REDACTED]',
    );
    expect(errors).toHaveLength(2);
    for (const request of errors) {
      expect((request as { headers: Record<string, string> }).headers['x-app-key']).toBe('[REDACTED]');
    }
    expect(JSON.stringify([failure, errors])).not.toContain('k-secret');
    expect(server.requestsTo('/*')[0]?.headers['x-app-key']).toBe('k-secret');
  });

  it('calls authorize on every attempt for a strategy with fixed headers that can also refresh', async () => {
    const server = await serve((request) => ({ json: request.headers.authorization ?? null }));
    const strategy = {
      headers: { authorization: 'Bearer stale' },
      authorize: vi.fn((headers: Headers) => headers.set('authorization', 'Bearer fresh')),
      refresh: async () => false,
    };
    const transport = createTransport({ baseUrl: server.url, auth: strategy });
    await expect(transport.json({ path: '/' })).resolves.toBe('Bearer fresh');
    expect(strategy.authorize).toHaveBeenCalledOnce();
  });

  it('does not replay when the token function returns the token that failed', async () => {
    const server = await oauthServer({ valid: new Set(), token: () => ({ json: {} }) });
    const transport = createTransport({ baseUrl: `${server.url}/api`, auth: bearerAuth(() => 'revoked') });
    await expect(transport.json({ path: '/me' })).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.requestsTo('/api/*')).toHaveLength(1);
  });
});

describe('basicAuth', () => {
  it('sends UTF-8 Basic credentials', async () => {
    const server = await serve((request) => ({ json: request.headers.authorization }));
    const transport = createTransport({ baseUrl: server.url, auth: basicAuth('zoë', 'pa:ss') });
    const header = await transport.json<string>({ path: '/' });
    expect(header).toBe(`Basic ${Buffer.from('zoë:pa:ss', 'utf8').toString('base64')}`);
  });
});

describe('refreshTokenAuth', () => {
  const clientOptions = (server: TestServer) => ({
    tokenUrl: `${server.url}/oauth/token`,
    clientId: 'client-1',
    clientSecret: 'shh-secret',
  });

  it('refreshes once for 20 concurrent 401s, replays all 20, and persists the tokens once', async () => {
    const valid = new Set<string>();
    const server = await oauthServer({
      valid,
      tokenDelayMs: 50,
      token: () => {
        valid.add('access-2');
        return {
          json: {
            access_token: 'access-2',
            refresh_token: 'refresh-2',
            expires_in: 3600,
            token_type: 'bearer',
          },
        };
      },
    });
    const persisted: OAuthTokens[] = [];
    const retries: TransportRetryEvent[] = [];
    const transport = createTransport({
      baseUrl: `${server.url}/api`,
      auth: refreshTokenAuth({
        ...clientOptions(server),
        refreshToken: 'refresh-1',
        accessToken: 'access-1', // expired server-side: every first attempt gets a 401
        extraParams: { redirect_uri: 'http://localhost:8787/callback' },
        onTokens: async (tokens) => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          persisted.push(tokens);
        },
      }),
      hooks: { onRetry: (event) => retries.push(event) },
    });

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        transport.json<{ data: { token: string } }>({ path: `/tasks/${index}` }),
      ),
    );

    expect(results.every((result) => result.data.token === 'access-2')).toBe(true);
    const tokenRequests = server.requestsTo('POST /oauth/token');
    expect(tokenRequests).toHaveLength(1);
    const form = tokenRequests[0]!.form();
    expect(Object.fromEntries(form)).toEqual({
      redirect_uri: 'http://localhost:8787/callback',
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'client-1',
      client_secret: 'shh-secret',
    });
    expect(tokenRequests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(tokenRequests[0]!.headers.authorization).toBeUndefined();
    expect(persisted).toHaveLength(1);
    expect(persisted[0]).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(persisted[0]!.expiresAt).toBeGreaterThan(Date.now() + 3_500_000);
    const apiRequests = server.requestsTo('/api/*');
    expect(apiRequests).toHaveLength(40);
    expect(apiRequests.filter((request) => request.headers.authorization === 'Bearer access-2')).toHaveLength(
      20,
    );
    expect(retries).toHaveLength(20);
    expect(retries.every((event) => event.reason === 'auth-refresh' && event.status === 401)).toBe(true);
  });

  it('replays a request only once after a 401', async () => {
    const server = await oauthServer({
      valid: new Set(), // nothing is ever accepted
      token: (_request, count) => ({ json: { access_token: `access-${count + 1}` } }),
    });
    const transport = createTransport({
      baseUrl: `${server.url}/api`,
      auth: refreshTokenAuth({ ...clientOptions(server), refreshToken: 'r', accessToken: 'access-1' }),
    });
    const error = await transport.json({ path: '/me' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).status).toBe(401);
    expect(server.requestsTo('/api/*').map((request) => request.headers.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    expect(server.requestsTo('POST /oauth/token')).toHaveLength(1);
  });

  it('refreshes before the first request without an access token, and keeps the refresh token when none comes back', async () => {
    const valid = new Set<string>();
    const server = await oauthServer({
      valid,
      token: (_request, count) => {
        valid.clear();
        valid.add(`access-${count}`);
        return { json: { access_token: `access-${count}`, expires_in: 3600 } };
      },
    });
    const persisted: OAuthTokens[] = [];
    const transport = createTransport({
      baseUrl: `${server.url}/api`,
      auth: refreshTokenAuth({
        ...clientOptions(server),
        refreshToken: 'long-lived',
        onTokens: (t) => void persisted.push(t),
      }),
    });
    await expect(transport.json({ path: '/a' })).resolves.toMatchObject({ data: { token: 'access-1' } });
    expect(server.requestsTo('/api/*')).toHaveLength(1);
    // Revoke the access token server-side: the next call refreshes again, with the same refresh token.
    valid.clear();
    await expect(transport.json({ path: '/b' })).resolves.toMatchObject({ data: { token: 'access-2' } });
    const refreshTokens = server
      .requestsTo('POST /oauth/token')
      .map((request) => request.form().get('refresh_token'));
    expect(refreshTokens).toEqual(['long-lived', 'long-lived']);
    expect(persisted.map((tokens) => tokens.refreshToken)).toEqual(['long-lived', 'long-lived']);
  });

  it('lets a coordinator adopt tokens another holder stored, or grant with its newer refresh token', async () => {
    const valid = new Set<string>(['access-1']);
    const server = await oauthServer({
      valid,
      token: (request, count) => {
        valid.add(`access-granted-${count}`);
        return {
          json: {
            access_token: `access-granted-${count}`,
            refresh_token: `rotated-by-${request.form().get('refresh_token')}`,
          },
        };
      },
    });
    // What "another holder" stored; the coordinator decides, the auth follows.
    let decision: 'adopt' | 'grant-newer' = 'adopt';
    const seen: { held: string; adoptable: boolean }[] = [];
    const persisted: OAuthTokens[] = [];
    const transport = createTransport({
      baseUrl: `${server.url}/api`,
      auth: refreshTokenAuth({
        ...clientOptions(server),
        refreshToken: 'refresh-1',
        accessToken: 'access-1',
        onTokens: (tokens) => void persisted.push(tokens),
        coordinateRefresh: async (held, grant, { adoptable }) => {
          seen.push({ held, adoptable });
          if (decision === 'adopt') {
            valid.add('access-elsewhere');
            return {
              accessToken: 'access-elsewhere',
              refreshToken: 'refresh-elsewhere',
              expiresAt: undefined,
            };
          }
          return grant('refresh-newest');
        },
      }),
    });
    await expect(transport.json({ path: '/a' })).resolves.toMatchObject({ data: { token: 'access-1' } });
    valid.delete('access-1');
    await expect(transport.json({ path: '/b' })).resolves.toMatchObject({
      data: { token: 'access-elsewhere' },
    });
    // Adopted: no grant was made and nothing persisted (the other holder stored it).
    expect(server.requestsTo('POST /oauth/token')).toEqual([]);
    expect(persisted).toEqual([]);
    decision = 'grant-newer';
    valid.delete('access-elsewhere');
    await expect(transport.json({ path: '/c' })).resolves.toMatchObject({
      data: { token: 'access-granted-1' },
    });
    expect(
      server.requestsTo('POST /oauth/token').map((request) => request.form().get('refresh_token')),
    ).toEqual(['refresh-newest']);
    expect(persisted.map((tokens) => tokens.refreshToken)).toEqual(['rotated-by-refresh-newest']);
    // The held refresh token followed each outcome: the adopted one, then the grant's.
    expect(seen).toEqual([
      { held: 'refresh-1', adoptable: true },
      { held: 'refresh-elsewhere', adoptable: true },
    ]);
  });

  it('refreshes ahead of expiry, using the injected clock', async () => {
    let now = 1_000_000;
    const valid = new Set<string>(['access-0']);
    const server = await oauthServer({
      valid,
      token: (_request, count) => {
        valid.add(`access-${count}`);
        return {
          json: { access_token: `access-${count}`, refresh_token: `refresh-${count}`, expires_in: 3600 },
        };
      },
    });
    const transport = createTransport({
      baseUrl: `${server.url}/api`,
      auth: refreshTokenAuth({
        ...clientOptions(server),
        refreshToken: 'refresh-0',
        accessToken: 'access-0',
        expiresAt: new Date(now + 120_000),
        now: () => now,
      }),
    });
    await expect(transport.json({ path: '/a' })).resolves.toMatchObject({ data: { token: 'access-0' } });
    now += 61_000; // inside the 60 s margin before expiry
    await expect(transport.json({ path: '/b' })).resolves.toMatchObject({ data: { token: 'access-1' } });
    now += 3_000_000;
    await expect(transport.json({ path: '/c' })).resolves.toMatchObject({ data: { token: 'access-1' } });
    now += 600_000;
    await expect(transport.json({ path: '/d' })).resolves.toMatchObject({ data: { token: 'access-2' } });
    const refreshTokens = server
      .requestsTo('POST /oauth/token')
      .map((request) => request.form().get('refresh_token'));
    expect(refreshTokens).toEqual(['refresh-0', 'refresh-1']); // the rotated token is used next time
    expect(server.requestsTo('/api/*')).toHaveLength(4); // no 401 on the way
  });

  it('fails with AuthenticationError code invalid_grant when the refresh token is rejected', async () => {
    const server = await oauthServer({
      valid: new Set(),
      token: () => ({
        status: 400,
        json: { error: 'invalid_grant', error_description: 'Refresh token revoked' },
      }),
    });
    const onTokens = vi.fn();
    const transport = createTransport({
      baseUrl: `${server.url}/api`,
      auth: refreshTokenAuth({
        ...clientOptions(server),
        refreshToken: 'dead',
        accessToken: 'expired',
        onTokens,
      }),
    });
    const error = (await transport
      .json({ path: '/me' })
      .catch((reason: unknown) => reason)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBe('invalid_grant');
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('Token request failed: invalid_grant (Refresh token revoked)');
    expect(JSON.stringify(error)).not.toMatch(/shh-secret|dead/);
    expect(onTokens).not.toHaveBeenCalled();
    // The refresh grant is not retried: a repeated refresh token can revoke the token family.
    expect(server.requestsTo('POST /oauth/token')).toHaveLength(1);
  });

  it('does not retry the refresh grant on a server error', async () => {
    const server = await oauthServer({
      valid: new Set(),
      token: () => ({ status: 503, json: { error: 'temporarily_unavailable' } }),
    });
    const transport = createTransport({
      baseUrl: `${server.url}/api`,
      auth: refreshTokenAuth({ ...clientOptions(server), refreshToken: 'r' }),
    });
    await expect(transport.json({ path: '/me' })).rejects.toMatchObject({ name: 'ServerError', status: 503 });
    expect(server.requestsTo('POST /oauth/token')).toHaveLength(1);
    expect(server.requestsTo('/api/*')).toHaveLength(0);
  });
});

describe('clientCredentialsAuth', () => {
  /** A transport on `server`'s API whose client-credentials auth uses `server`'s token endpoint. */
  const clientCredentialsTransport = (
    server: TestServer,
    options: Partial<ClientCredentialsAuthOptions> = {},
  ) =>
    createTransport({
      baseUrl: `${server.url}/api`,
      auth: clientCredentialsAuth({
        tokenUrl: `${server.url}/oauth/token`,
        clientId: 'c',
        clientSecret: 's',
        ...options,
      }),
    });

  /** A token endpoint that issues `<prefix>-<n>` for `expiresIn` seconds, accepted by the API from then on. */
  const issuing =
    (valid: Set<string>, prefix: string, expiresIn: number) => (_request: RecordedRequest, count: number) => {
      valid.add(`${prefix}-${count}`);
      return { json: { access_token: `${prefix}-${count}`, expires_in: expiresIn } };
    };

  it('caches the token across calls and fetches it once for concurrent first calls', async () => {
    const valid = new Set<string>();
    const server = await oauthServer({ valid, tokenDelayMs: 30, token: issuing(valid, 'cc', 3600) });
    const transport = clientCredentialsTransport(server, {
      clientId: 'machine',
      clientSecret: 'machine-secret',
      scope: ['read', 'write'],
      extraParams: { audience: 'https://api.example' },
    });
    await Promise.all(Array.from({ length: 10 }, () => transport.json({ path: '/x' })));
    for (let index = 0; index < 5; index += 1) await transport.json({ path: '/y' });
    const tokenRequests = server.requestsTo('POST /oauth/token');
    expect(tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(tokenRequests[0]!.form())).toEqual({
      audience: 'https://api.example',
      grant_type: 'client_credentials',
      scope: 'read write',
      client_id: 'machine',
      client_secret: 'machine-secret',
    });
    expect(
      server.requestsTo('/api/*').every((request) => request.headers.authorization === 'Bearer cc-1'),
    ).toBe(true);
  });

  it('fetches a new token when the cached one nears expiry', async () => {
    let now = 5_000_000;
    const valid = new Set<string>();
    const server = await oauthServer({ valid, token: issuing(valid, 'cc', 600) });
    const transport = clientCredentialsTransport(server, { refreshMarginMs: 30_000, now: () => now });
    await transport.json({ path: '/1' });
    now += 569_000; // 31 s before expiry: still fine
    await transport.json({ path: '/2' });
    now += 2_000; // 29 s before expiry: inside the margin
    await transport.json({ path: '/3' });
    expect(server.requestsTo('/api/*').map((request) => request.headers.authorization)).toEqual([
      'Bearer cc-1',
      'Bearer cc-1',
      'Bearer cc-2',
    ]);
  });

  it('caps the margin for short-lived tokens instead of refetching on every call', async () => {
    let now = 0;
    const valid = new Set<string>();
    const server = await oauthServer({ valid, token: issuing(valid, 'short', 30) });
    const transport = clientCredentialsTransport(server, { now: () => now });
    await transport.json({ path: '/1' });
    now += 10_000;
    await transport.json({ path: '/2' });
    now += 6_000; // past half of the 30 s lifetime
    await transport.json({ path: '/3' });
    expect(server.requestsTo('POST /oauth/token')).toHaveLength(2);
  });

  it('fetches a new token after a 401 and replays', async () => {
    const valid = new Set<string>();
    const server = await oauthServer({
      valid,
      token: (_request, count) => {
        valid.clear();
        valid.add(`cc-${count}`);
        return { json: { access_token: `cc-${count}`, expires_in: 3600 } };
      },
    });
    const transport = clientCredentialsTransport(server);
    await transport.json({ path: '/1' });
    valid.clear(); // revoked
    await expect(transport.json({ path: '/2' })).resolves.toMatchObject({ data: { token: 'cc-2' } });
    expect(server.requestsTo('POST /oauth/token')).toHaveLength(2);
  });

  it('authenticates the client with HTTP Basic when asked, and retries transient token failures', async () => {
    const valid = new Set<string>(['cc']);
    const server = await oauthServer({
      valid,
      token: () => ({ json: { access_token: 'cc', expires_in: 3600 } }),
    });
    server.inject({ kind: 'server-error', status: 503 }, { route: 'POST /oauth/token' });
    const transport = clientCredentialsTransport(server, {
      clientId: 'id with space',
      clientSecret: 'sec:ret',
      clientAuthentication: 'basic',
      userAgent: 'conduit-cloud/0.1.0',
    });
    await transport.json({ path: '/x' });
    const tokenRequests = server.requestsTo('POST /oauth/token');
    expect(tokenRequests).toHaveLength(2);
    expect(tokenRequests[1]!.headers.authorization).toBe(
      `Basic ${Buffer.from('id+with+space:sec%3Aret').toString('base64')}`,
    );
    expect(tokenRequests[1]!.form().has('client_secret')).toBe(false);
    expect(tokenRequests[1]!.headers['user-agent']).toMatch(/^conduit-cloud\/0\.1\.0 conduit-transport\//);
  });
});

describe('cachedTokenAuth', () => {
  it('does not refresh again for a token that a concurrent caller already replaced', async () => {
    let fetched = 0;
    const auth = cachedTokenAuth({ getToken: async () => ({ accessToken: `t-${++fetched}` }) });
    const headers = new Headers();
    await auth.authorize(headers, { method: 'GET', url: 'http://x.test' });
    expect(headers.get('authorization')).toBe('Bearer t-1');
    // First 401 for t-1: refresh.
    await expect(auth.refresh?.({ failedToken: 't-1' })).resolves.toBe(true);
    expect(fetched).toBe(2);
    // A late 401 for t-1 arrives: t-2 is already current, so no refresh.
    await expect(auth.refresh?.({ failedToken: 't-1' })).resolves.toBe(true);
    expect(fetched).toBe(2);
    // A 401 for the current token: refresh.
    await expect(auth.refresh?.({ failedToken: 't-2' })).resolves.toBe(true);
    expect(fetched).toBe(3);
  });

  it('lets a waiting caller abort without failing the shared fetch', async () => {
    let release: (value: { accessToken: string }) => void = () => undefined;
    const auth = cachedTokenAuth({ getToken: () => new Promise((resolve) => (release = resolve)) });
    const controller = new AbortController();
    const first = auth.authorize(new Headers(), {
      method: 'GET',
      url: 'http://x.test',
      signal: controller.signal,
    });
    const secondHeaders = new Headers();
    const second = auth.authorize(secondHeaders, { method: 'GET', url: 'http://x.test' });
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    release({ accessToken: 'shared' });
    await second;
    expect(secondHeaders.get('authorization')).toBe('Bearer shared');
  });

  it('retries the fetch on the next call after a failure', async () => {
    let calls = 0;
    const auth = cachedTokenAuth({
      getToken: async () => {
        calls += 1;
        if (calls === 1) throw new AuthenticationError('nope', { status: 401 });
        return { accessToken: 'ok' };
      },
    });
    await expect(auth.authorize(new Headers(), { method: 'GET', url: 'http://x.test' })).rejects.toThrow(
      'nope',
    );
    const headers = new Headers();
    await auth.authorize(headers, { method: 'GET', url: 'http://x.test' });
    expect(headers.get('authorization')).toBe('Bearer ok');
  });
});

describe('requestOAuthToken', () => {
  it('treats an error field in a 200 response as an OAuth error', async () => {
    const server = await serve({ 'POST /token': { json: { error: 'bad_verification_code' } } });
    const error = await requestOAuthToken({
      tokenUrl: `${server.url}/token`,
      clientId: 'c',
      clientSecret: 's',
      params: { grant_type: 'authorization_code', code: 'x' },
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe('bad_verification_code');
  });

  it('rejects a token response without an access token, without echoing secrets', async () => {
    const server = await serve({
      'POST /token': { json: { refresh_token: 'leaky', expires_in: 'soon' } },
    });
    const error = (await requestOAuthToken({
      tokenUrl: `${server.url}/token`,
      clientId: 'c',
      clientSecret: 's',
      params: { grant_type: 'client_credentials' },
    }).catch((reason: unknown) => reason)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.details.map((detail) => detail.field).sort()).toEqual(['access_token', 'expires_in']);
    expect(JSON.stringify(error)).not.toContain('leaky');
  });

  it('returns the token set with an absolute expiry', async () => {
    const server = await serve({
      'POST /token': {
        json: { access_token: 'a', refresh_token: 'r', expires_in: '60', scope: 'x y', token_type: 'Bearer' },
      },
    });
    const tokens = await requestOAuthToken({
      tokenUrl: `${server.url}/token`,
      clientId: 'c',
      clientSecret: 's',
      params: { grant_type: 'authorization_code', code: 'k', redirect_uri: 'http://localhost/cb' },
      now: () => 1_000,
    });
    expect(tokens).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 61_000,
      scope: 'x y',
      tokenType: 'Bearer',
    });
  });
});
