import { ValidationError } from '@conduit/protocol';
import { startTestServer, type TestServer } from '@conduit/testkit';
import { createTransport } from '@conduit/transport';
import { afterEach, describe, expect, it } from 'vitest';
import {
  authFromCredentials,
  type CredentialAuthOptions,
  type CredentialsJson,
} from './auth-from-credentials';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function authorizationSent(credentials: CredentialsJson, options: CredentialAuthOptions = {}) {
  server = await startTestServer({
    'POST /oauth/token': { json: { access_token: 'fresh', refresh_token: 'rotated', expires_in: 3600 } },
    'GET /me': { json: {} },
  });
  const tokenUrl = `${server.url}/oauth/token`;
  const transport = createTransport({
    baseUrl: server.url,
    auth: authFromCredentials(credentials, { tokenUrl, ...options }),
    retry: false,
  });
  await transport.json({ path: '/me' });
  return server.requestsTo('GET /me')[0]?.headers.authorization;
}

describe('authFromCredentials', () => {
  it('sends a personal access token and an OAuth access token as bearer tokens', async () => {
    expect(await authorizationSent({ token: 'pat' })).toBe('Bearer pat');
    await server?.close();
    expect(await authorizationSent({ access_token: 'at' })).toBe('Bearer at');
  });

  it('sends email and API token as basic auth of email/token', async () => {
    const expected = `Basic ${Buffer.from('agent@example.com/token:t0k').toString('base64')}`;
    expect(await authorizationSent({ email: 'agent@example.com', api_token: 't0k' })).toBe(expected);
  });

  it('refreshes an OAuth refresh token at the token endpoint and reports the rotated credentials', async () => {
    const saved: Record<string, string>[] = [];
    const sent = await authorizationSent(
      { refresh_token: 'r1', client_id: 'id', client_secret: 'sec' },
      {
        onCredentials: (credentials) => void saved.push(credentials),
        extraParams: { redirect_uri: 'urn:x' },
      },
    );
    expect(sent).toBe('Bearer fresh');
    const form = new URLSearchParams(server?.requestsTo('POST /oauth/token')[0]?.body.toString());
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
      redirect_uri: 'urn:x',
    });
    expect(saved).toEqual([
      { refresh_token: 'rotated', client_id: 'id', client_secret: 'sec', access_token: 'fresh' },
    ]);
  });

  it('refuses unknown shapes and a refresh token without a token endpoint, naming no value', () => {
    expect(() => authFromCredentials({ password: 'hunter2' })).toThrow(ValidationError);
    expect(() =>
      authFromCredentials({ refresh_token: 'secret-r', client_id: 'i', client_secret: 's' }),
    ).toThrow(/token endpoint/);
    try {
      authFromCredentials({ password: 'hunter2' });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('hunter2');
    }
  });
});
