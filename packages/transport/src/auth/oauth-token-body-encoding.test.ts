import { describe, expect, it } from 'vitest';
import { useTestServers } from '../test-utils/use-test-servers';
import { requestOAuthToken } from './oauth-token-endpoint';
import { refreshTokenAuth } from './refresh-token-auth';

const serve = useTestServers();

/** A token endpoint that answers with what it received: its content type and its raw body. */
async function echoEndpoint(extra: Record<string, unknown> = {}) {
  const seen: { type: string | undefined; body: string; authorization: string | undefined }[] = [];
  const server = await serve({
    'POST /token': (request) => {
      seen.push({
        type: request.headers['content-type'],
        body: request.text(),
        authorization: request.headers.authorization,
      });
      return { status: 201, json: { access_token: 'a', token_type: 'bearer', ...extra } };
    },
  });
  return { url: `${server.url}/token`, seen };
}

const params = { grant_type: 'authorization_code', code: 'c0de', redirect_uri: 'http://localhost/cb' };

describe('the token request body encoding', () => {
  it('sends a form by default (RFC 6749 §4.1.3), client credentials in it', async () => {
    const endpoint = await echoEndpoint();
    await requestOAuthToken({ tokenUrl: endpoint.url, clientId: 'id', clientSecret: 's&c', params });
    expect(endpoint.seen[0]?.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(endpoint.seen[0]!.body))).toEqual({
      ...params,
      client_id: 'id',
      client_secret: 's&c',
    });
  });

  it('sends one JSON object when the upstream wants JSON (Zendesk’s /oauth/tokens)', async () => {
    const endpoint = await echoEndpoint();
    const tokens = await requestOAuthToken({
      tokenUrl: endpoint.url,
      clientId: 'id',
      clientSecret: 'secret',
      bodyEncoding: 'json',
      params: { ...params, code_verifier: 'v' },
    });
    expect(tokens.accessToken).toBe('a');
    expect(endpoint.seen[0]?.type).toMatch(/^application\/json/);
    expect(JSON.parse(endpoint.seen[0]!.body)).toEqual({
      ...params,
      code_verifier: 'v',
      client_id: 'id',
      client_secret: 'secret',
    });
  });

  it('keeps Basic client authentication out of a JSON body', async () => {
    const endpoint = await echoEndpoint();
    await requestOAuthToken({
      tokenUrl: endpoint.url,
      clientId: 'id',
      clientSecret: 'secret',
      clientAuthentication: 'basic',
      bodyEncoding: 'json',
      params,
    });
    expect(JSON.parse(endpoint.seen[0]!.body)).toEqual(params);
    expect(endpoint.seen[0]?.authorization).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
  });

  it('refreshes with the declared encoding too', async () => {
    const endpoint = await echoEndpoint({ refresh_token: 'r2' });
    const saved: string[] = [];
    const auth = refreshTokenAuth({
      tokenUrl: endpoint.url,
      clientId: 'id',
      clientSecret: 'secret',
      bodyEncoding: 'json',
      refreshToken: 'r1',
      onTokens: (tokens) => {
        saved.push(tokens.refreshToken);
      },
    });
    const headers = new Headers();
    await auth.authorize(headers, { method: 'GET', url: 'http://x.test' });
    expect(headers.get('authorization')).toBe('Bearer a');
    expect(JSON.parse(endpoint.seen[0]!.body)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
    });
    expect(saved).toEqual(['r2']);
  });

  it('hands over the fields an upstream adds to the standard ones', async () => {
    const endpoint = await echoEndpoint({ instance_url: 'https://acme.my.salesforce.com', issued_at: '1' });
    const tokens = await requestOAuthToken({
      tokenUrl: endpoint.url,
      clientId: 'id',
      clientSecret: 's',
      params,
    });
    expect(tokens.extra).toEqual({ instance_url: 'https://acme.my.salesforce.com', issued_at: '1' });
    const plain = await echoEndpoint();
    const bare = await requestOAuthToken({ tokenUrl: plain.url, clientId: 'id', clientSecret: 's', params });
    expect(bare).toEqual({ accessToken: 'a', tokenType: 'bearer' });
  });
});
