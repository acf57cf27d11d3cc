import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';

let sim: AsanaSimulator;

async function token(form: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
  const response = await fetch(sim.oauthTokenUrl, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new URLSearchParams(form).toString(),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

const client = () => ({ client_id: sim.tokens.oauth.clientId, client_secret: sim.tokens.oauth.clientSecret });
const me = (accessToken: string) =>
  fetch(`${sim.baseUrl}/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });

beforeAll(async () => {
  sim = await startAsanaSimulator({
    dataset: { preset: 'tiny', seed: 8 },
    clock: 'manual',
    rateLimit: false,
  });
});
afterAll(async () => {
  await sim.close();
});

describe('refresh_token grant', () => {
  it('issues a bearer access token valid for 3600 s, without a new refresh token', async () => {
    const reply = await token({
      grant_type: 'refresh_token',
      refresh_token: sim.tokens.oauth.refreshToken,
      redirect_uri: 'http://127.0.0.1/callback',
      ...client(),
    });
    expect(reply.status).toBe(200);
    expect(reply.type).toBe('application/json; charset=UTF-8');
    expect(reply.body).toEqual({
      access_token: expect.any(String),
      expires_in: 3600,
      token_type: 'bearer',
      data: { id: sim.data.me.gid, gid: sim.data.me.gid, name: sim.data.me.name, email: sim.data.me.email },
    });
    const accessToken = String(reply.body.access_token);
    expect((await me(accessToken)).status).toBe(200);
    sim.clock.advance(3_599_000);
    expect((await me(accessToken)).status).toBe(200);
    sim.clock.advance(1_000);
    const expired = await me(accessToken);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ errors: [{ message: 'Not Authorized' }] });
  });

  it('lets a client recover from 401 with exactly one refresh', async () => {
    sim.requests.clear();
    const accessToken = sim.issueAccessToken();
    expect((await me(accessToken)).status).toBe(200);
    sim.expireAccessTokens();
    expect((await me(accessToken)).status).toBe(401);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: sim.tokens.oauth.refreshToken,
      ...client(),
    });
    expect((await me(String(refreshed.body.access_token))).status).toBe(200);
    expect(sim.requests.count({ target: 'oauth', path: '/-/oauth_token' })).toBe(1);
    expect(sim.requests.last({ target: 'oauth' })?.body).toContain('grant_type=refresh_token');
  });

  it('answers invalid_grant for an unknown or revoked refresh token', async () => {
    const unknown = await token({ grant_type: 'refresh_token', refresh_token: 'nope', ...client() });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'invalid_grant' });
    const issued = sim.issueAccessToken();
    const rotating = await startAsanaSimulator({ dataset: sim.data, rateLimit: false });
    try {
      rotating.revokeToken(rotating.tokens.oauth.refreshToken);
      const response = await fetch(rotating.oauthTokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: rotating.tokens.oauth.refreshToken,
          client_id: rotating.tokens.oauth.clientId,
          client_secret: rotating.tokens.oauth.clientSecret,
        }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await rotating.close();
    }
    expect((await me(issued)).status).toBe(200);
  });

  it('rotates refresh tokens when configured, invalidating the old one', async () => {
    const rotating = await startAsanaSimulator({
      dataset: sim.data,
      rateLimit: false,
      oauth: { rotateRefreshTokens: true, accessTokenTtlSeconds: 60 },
    });
    try {
      const refresh = (refreshToken: string) =>
        fetch(rotating.oauthTokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: rotating.tokens.oauth.clientId,
            client_secret: rotating.tokens.oauth.clientSecret,
          }),
        });
      const first = (await (await refresh(rotating.tokens.oauth.refreshToken)).json()) as Record<
        string,
        unknown
      >;
      expect(first.expires_in).toBe(60);
      expect(typeof first.refresh_token).toBe('string');
      expect((await refresh(rotating.tokens.oauth.refreshToken)).status).toBe(400);
      expect((await refresh(String(first.refresh_token))).status).toBe(200);
    } finally {
      await rotating.close();
    }
  });

  it('rejects bad client credentials, unknown grants and non-form bodies', async () => {
    const badClient = await token({
      grant_type: 'refresh_token',
      refresh_token: sim.tokens.oauth.refreshToken,
      client_id: sim.tokens.oauth.clientId,
      client_secret: 'wrong',
    });
    expect(badClient.status).toBe(401);
    expect(badClient.body.error).toBe('invalid_client');
    expect((await token({ grant_type: 'password', ...client() })).body.error).toBe('unsupported_grant_type');
    const json = await fetch(sim.oauthTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token' }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
  });
});

describe('authorization_code grant', () => {
  it('runs the browser flow: authorize redirects with a code, the code exchanges once (PKCE S256)', async () => {
    const verifier = 'a-long-random-code-verifier-of-forty-three-chars';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL(sim.oauthAuthorizeUrl);
    authorize.search = new URLSearchParams({
      client_id: sim.tokens.oauth.clientId,
      redirect_uri: 'http://127.0.0.1:9/callback',
      response_type: 'code',
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:9/callback');
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code: sim.issueAuthorizationCode({ codeChallenge: challenge, codeChallengeMethod: 'S256' }),
      code_verifier: 'wrong',
      ...client(),
    });
    expect(wrongVerifier.body.error).toBe('invalid_grant');
    const exchanged = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:9/callback',
      code_verifier: verifier,
      ...client(),
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
    expect((await me(String(exchanged.body.access_token))).status).toBe(200);
    const again = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:9/callback',
      code_verifier: verifier,
      ...client(),
    });
    expect(again.body.error).toBe('invalid_grant');
  });

  it('rejects a redirect_uri that differs from the authorized one', async () => {
    const code = sim.issueAuthorizationCode({ redirectUri: 'http://127.0.0.1:9/a' });
    const reply = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:9/b',
      ...client(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_grant');
  });
});

describe('revocation', () => {
  it('revokes refresh tokens (with their access tokens) through /-/oauth_revoke, 200 even when unknown', async () => {
    const code = sim.issueAuthorizationCode();
    const granted = await token({ grant_type: 'authorization_code', code, ...client() });
    const revoke = (value: string) =>
      fetch(`${sim.origin}/-/oauth_revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: value, ...client() }),
      });
    expect((await revoke(String(granted.body.refresh_token))).status).toBe(200);
    expect((await revoke('unknown')).status).toBe(200);
    expect((await me(String(granted.body.access_token))).status).toBe(401);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: String(granted.body.refresh_token),
      ...client(),
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('revokes personal access tokens', async () => {
    const extra = sim.issuePersonalAccessToken();
    expect((await me(extra)).status).toBe(200);
    expect(sim.revokeToken(extra)).toBe(true);
    expect((await me(extra)).status).toBe(401);
  });
});
