import { ConnectorSchema, ConnectSessionSchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import type { StoreKind } from '../test-support/test-app';

describe.each<StoreKind>(['sqlite', 'postgres'])('the connect page over %s', (kind) => {
  let h: ExecuteHarness;

  beforeAll(async () => {
    h = await startExecuteHarness(kind, 'connect-page');
  });

  afterAll(async () => {
    await h?.close();
  });

  async function openSession(body: Record<string, unknown>) {
    const response = await h.t.request('POST', '/v1/integrations/connect-sessions', {
      token: await h.t.applicationToken(),
      body,
    });
    expect(response.status, response.text).toBe(201);
    return ConnectSessionSchema.parse(response.body);
  }

  const pageUrl = (session: { url: string }) => `${h.t.server.url}${session.url}`;

  function submit(session: { url: string }, fields: Record<string, string>) {
    return fetch(pageUrl(session), {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
  }

  it('lists the kinds offered with a labelled form per token method, without scripts', async () => {
    const session = await openSession({ external_user_id: 'page-user' });
    const response = await fetch(pageUrl(session));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).not.toContain('<script');
    // Asana's personal access token and Zendesk's API token; the OAuth credentials are pasted only
    // for the CRM, which has no token method.
    expect(page).toContain('action="/connect/');
    expect(page).toContain('value="personal_access_token"');
    expect(page).toContain('value="api_token"');
    expect(page.match(/name="method" value="oauth"/g)).toHaveLength(1);
    expect(page).toContain('<form method="post" action="/connect/');
    expect(page).toMatch(/id="crm-oauth-credentials"/);
    expect(page).not.toMatch(/id="(task-management|support-desk)-oauth/);
    // The refresh token and the client secret are secrets; the client id is not.
    for (const name of ['refresh_token', 'client_secret']) {
      expect(page).toMatch(new RegExp(`name="credentials\\.${name}" type="password"`));
    }
    expect(page).toMatch(/name="credentials\.client_id" type="text"/);
    // Every input has its label, secrets are password inputs, config fields are asked for.
    for (const [, id] of page.matchAll(/<input id="([^"]+)"/g)) expect(page).toContain(`<label for="${id}">`);
    expect(page).toMatch(/name="credentials\.token" type="password"/);
    expect(page).toMatch(/name="config\.subdomain" type="text" required/);
    // Each kind says which ways exist; without the operator's OAuth app, Salesforce is pasted.
    expect(page).toContain('<p class="methods">Ways to connect: paste personal access token.</p>');
    expect(page).toContain('<p class="methods">Ways to connect: paste API token.</p>');
    expect(page).toContain('<p class="methods">Ways to connect: paste OAuth credentials.</p>');
    expect(page).toContain('Paste your Salesforce OAuth credentials');
  });

  it('connects a pasted token: encrypted connector for the user, session completed, back to return_url', async () => {
    const session = await openSession({
      external_user_id: 'paste-user',
      connector_types: ['asana'],
      return_url: 'https://app.example/connected?step=2',
    });
    const pat = h.sim.issuePersonalAccessToken();
    const response = await submit(session, {
      connector_type: 'task-management',
      method: 'personal_access_token',
      'credentials.token': pat,
      'config.base_url': h.sim.baseUrl,
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example/connected');
    expect(location.searchParams.get('step')).toBe('2');
    expect(location.searchParams.get('connect_session_id')).toBe(session.id);
    const connectorId = location.searchParams.get('connector_id')!;

    const token = await h.token('paste-user');
    const polled = ConnectSessionSchema.parse(
      (await h.t.request('GET', `/v1/integrations/connect-sessions/${session.id}`, { token })).body,
    );
    expect(polled).toMatchObject({ status: 'completed', connector_id: connectorId });
    const connector = ConnectorSchema.parse(
      (await h.t.request('GET', `/v1/integrations/connectors/${connectorId}`, { token })).body,
    );
    expect(connector).toMatchObject({ external_user_id: 'paste-user', connector_type: 'task-management' });
    const run = await h.execute(connectorId, { entity: 'workspaces', action: 'list' }, token);
    expect(run.status).toBe(200);
    const [row] = await h.store.db.query<{ credentials_ciphertext: Buffer }>(
      'SELECT credentials_ciphertext FROM connectors WHERE id = $1',
      [connectorId],
    );
    expect(Buffer.from(row!.credentials_ciphertext).toString('latin1')).not.toContain(pat);
    expect(h.t.logs.lines.join('\n')).not.toContain(pat);

    // Used: the page and a second post say so, and nothing more is created.
    expect((await fetch(pageUrl(session))).status).toBe(410);
    const again = await submit(session, {
      connector_type: 'task-management',
      method: 'personal_access_token',
      'credentials.token': pat,
      'config.base_url': h.sim.baseUrl,
    });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('Already connected');
    const list = (await h.t.request('GET', '/v1/integrations/connectors', { token })).body as {
      data: unknown[];
    };
    expect(list.data).toHaveLength(1);
  });

  it('shows each fault next to its field, keeps what was typed but never a secret', async () => {
    const session = await openSession({
      external_user_id: 'zendesk-user',
      connector_types: ['zendesk-support'],
    });
    const secret = 'zendesk-api-token-value-0123456789';
    const response = await submit(session, {
      connector_type: 'support-desk',
      method: 'api_token',
      'config.subdomain': 'acme.zendesk.com',
      'credentials.email': 'agent@acme.example',
      'credentials.api_token': secret,
    });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).not.toContain(secret);
    expect(page).toContain('value="acme.zendesk.com"');
    expect(page).toContain('value="agent@acme.example"');
    const input = page.match(/<input id="([^"]+)" name="config\.subdomain"[^>]*>/)!;
    expect(input[0]).toContain('aria-invalid="true"');
    expect(page).toContain(`<p class="error" id="${input[1]}-error">`);
    const missing = await submit(session, {
      connector_type: 'support-desk',
      method: 'api_token',
      'config.subdomain': 'acme',
      'credentials.api_token': secret,
    });
    expect(missing.status).toBe(422);
    const second = await missing.text();
    expect(second).not.toContain(secret);
    expect(second).toMatch(/name="credentials\.email"[^>]*aria-invalid="true"/);
    // Still pending: the faults did not use the session.
    const token = await h.token('zendesk-user');
    const polled = ConnectSessionSchema.parse(
      (await h.t.request('GET', `/v1/integrations/connect-sessions/${session.id}`, { token })).body,
    );
    expect(polled.status).toBe('pending');
    // A kind the session does not offer.
    const other = await submit(session, {
      connector_type: 'task-management',
      method: 'personal_access_token',
      'credentials.token': 'x',
    });
    expect(other.status).toBe(400);
  });

  it('re-authorizes the session’s connector: same id, active again, shows "connected" without return_url', async () => {
    const { id, token } = await h.patConnector('reauth-page-user');
    // What an upstream refusing the token after a refresh leaves behind.
    await h.store.updateConnectorStatus(id, 'needs_reauth', new Date());
    expect(
      ConnectorSchema.parse((await h.t.request('GET', `/v1/integrations/connectors/${id}`, { token })).body)
        .status,
    ).toBe('needs_reauth');
    const session = await openSession({ external_user_id: 'reauth-page-user', connector_id: id });
    const page = await (await fetch(pageUrl(session))).text();
    expect(page).toContain('Reconnect your account');
    expect(page).not.toContain('value="api_token"');
    const response = await submit(session, {
      connector_type: 'task-management',
      method: 'personal_access_token',
      'credentials.token': h.sim.issuePersonalAccessToken(),
      'config.base_url': h.sim.baseUrl,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<h1>Connected</h1>');
    const connector = ConnectorSchema.parse(
      (await h.t.request('GET', `/v1/integrations/connectors/${id}`, { token })).body,
    );
    expect(connector.status).toBe('active');
    const polled = ConnectSessionSchema.parse(
      (await h.t.request('GET', `/v1/integrations/connect-sessions/${session.id}`, { token })).body,
    );
    expect(polled).toMatchObject({ status: 'completed', connector_id: id });
  });

  it('answers a clear 410 page once expired and 404 for an unknown session', async () => {
    const session = await openSession({ external_user_id: 'late-user', connector_types: ['asana'] });
    h.t.clock.advance(1800_000);
    const expired = await fetch(pageUrl(session));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('Link expired');
    const posted = await submit(session, {
      connector_type: 'task-management',
      method: 'personal_access_token',
      'credentials.token': 'x',
    });
    expect(posted.status).toBe(410);
    const unknown = await fetch(`${h.t.server.url}/connect/cs_unknown`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Link not found');
  });
});
