import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callCloud } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

describe('authentication', () => {
  let sim: CloudSimulator;

  beforeEach(async () => {
    sim = await startCloudSimulator({ credentials: { clientId: 'client-1', clientSecret: 'secret-1' } });
  });
  afterEach(async () => {
    await sim.close();
  });

  const workspacePath = (): string => `/workspaces/${sim.workspaceId}`;

  it('exchanges form-encoded client credentials for an expiring bearer token', async () => {
    const token = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      form: { grant_type: 'client_credentials', client_id: 'client-1', client_secret: 'secret-1' },
    });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const accessToken = (token.body as { access_token: string }).access_token;
    expect(accessToken.split('.')).toHaveLength(3);
    expect((await callCloud(sim, 'GET', workspacePath(), { token: accessToken })).status).toBe(200);

    sim.clock.advance(899_999);
    expect((await callCloud(sim, 'GET', workspacePath(), { token: accessToken })).status).toBe(200);
    sim.clock.advance(1);
    const expired = await callCloud(sim, 'GET', workspacePath(), { token: accessToken });
    expect(expired.status).toBe(401);
    expect(expired.text).toBe('');
  });

  it('accepts JSON bodies without a grant type, and the spec spelling grant-type', async () => {
    const plain = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: 'client-1', client_secret: 'secret-1' },
    });
    expect(plain.status).toBe(200);
    const hyphen = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: 'client-1', client_secret: 'secret-1', 'grant-type': 'client_credentials' },
    });
    expect(hyphen.status).toBe(200);
    expect(sim.auth.issuedCount).toBe(2);
    expect(sim.tokenUrl).toBe(`${sim.apiRoot}/applications/token`);
  });

  it('refuses a wrong secret and missing fields with 400', async () => {
    const wrong = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: 'client-1', client_secret: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Invalid client id or token');
    const missing = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: 'client-1' },
    });
    expect(missing.status).toBe(400);
    const empty = await callCloud(sim, 'POST', '/applications/token', { token: null });
    expect(empty.status).toBe(400);
  });

  it('honours a configured token lifetime and rotated secrets', async () => {
    sim.auth.tokenLifetimeSeconds = 180;
    const token = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: 'client-1', client_secret: 'secret-1' },
    });
    expect(token.body).toMatchObject({ expires_in: 180 });
    sim.auth.rotateClientSecret('secret-2');
    expect(sim.credentials.clientSecret).toBe('secret-2');
    const old = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: 'client-1', client_secret: 'secret-1' },
    });
    expect(old.status).toBe(400);
  });

  it('answers 401 with an empty body for a missing, unknown or expired token', async () => {
    const missing = await callCloud(sim, 'GET', workspacePath(), { token: null });
    expect(missing.status).toBe(401);
    expect(missing.text).toBe('');
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect((await callCloud(sim, 'GET', workspacePath(), { token: 'made-up' })).status).toBe(401);
    const configCall = await callCloud(sim, 'POST', '/state/get', { root: 'config', token: null, body: {} });
    expect(configCall.status).toBe(401);
  });

  it('lets tests expire issued tokens to exercise refresh-on-401', async () => {
    const token = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: 'client-1', client_secret: 'secret-1' },
    });
    const accessToken = (token.body as { access_token: string }).access_token;
    sim.auth.expireIssuedTokens();
    expect((await callCloud(sim, 'GET', workspacePath(), { token: accessToken })).status).toBe(401);
    const fresh = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: 'client-1', client_secret: 'secret-1' },
    });
    const freshToken = (fresh.body as { access_token: string }).access_token;
    expect((await callCloud(sim, 'GET', workspacePath(), { token: freshToken })).status).toBe(200);
  });

  it('accepts the static bearer token until it is revoked', async () => {
    expect((await callCloud(sim, 'GET', workspacePath())).status).toBe(200);
    sim.clock.advance(86_400_000);
    expect((await callCloud(sim, 'GET', workspacePath())).status).toBe(200);
    sim.auth.revokeBearerToken();
    expect((await callCloud(sim, 'GET', workspacePath())).status).toBe(401);
    sim.auth.revokeBearerToken(false);
    expect((await callCloud(sim, 'GET', workspacePath())).status).toBe(200);
  });

  it('can send the invalid-api-key problem on 401 instead of an empty body', async () => {
    const problemSim = await startCloudSimulator({ unauthorizedBody: 'problem' });
    try {
      const answer = await callCloud(problemSim, 'GET', '/workspaces', { token: 'bad' });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ status: 401, title: 'invalid-api-key' });
    } finally {
      await problemSim.close();
    }
  });

  it('serves the public API under the self-managed root too', async () => {
    const answer = await callCloud(sim, 'GET', workspacePath(), { root: 'self-managed' });
    expect(answer.status).toBe(200);
    expect(sim.selfManagedApiRoot.endsWith('/api/public/v1')).toBe(true);
  });
});
