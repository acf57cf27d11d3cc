import { ConnectorSchema, ConnectSessionSchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import type { StoreKind } from '../test-support/test-app';

const CLIENT = { clientId: 'conduit-connect-client', clientSecret: 'connect-client-secret-0123456789' };

describe.each<StoreKind>(['sqlite', 'postgres'])('the connect page’s OAuth flow over %s', (kind) => {
  let h: ExecuteHarness;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    h = await startExecuteHarness(kind, 'connect-oauth', {
      simulator: { oauth: CLIENT },
      app: { oauthClients: { 'task-management': CLIENT } },
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  async function openSession(externalUserId: string, extra: Record<string, unknown> = {}) {
    const response = await h.t.request('POST', '/v1/integrations/connect-sessions', {
      token: await h.t.applicationToken(),
      body: { external_user_id: externalUserId, connector_types: ['asana'], ...extra },
    });
    expect(response.status, response.text).toBe(201);
    return ConnectSessionSchema.parse(response.body);
  }

  /** Submits the page's sign-in form; answers the upstream's authorize URL. */
  async function startSignIn(session: { url: string }): Promise<URL> {
    const response = await fetch(`${h.t.server.url}${session.url}/oauth`, {
      method: 'POST',
      body: new URLSearchParams({
        connector_type: 'task-management',
        method: 'oauth',
        'config.base_url': h.sim.baseUrl,
      }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const authorize = new URL(response.headers.get('location')!);
    // What the browser keeps: the flow's binding cookie, sent back with the callback.
    cookies.set(
      authorize.searchParams.get('state')!,
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
    return authorize;
  }

  /** Opens a callback URL in the browser that started its flow. */
  function inBrowser(callback: URL) {
    const cookie = cookies.get(callback.searchParams.get('state') ?? '');
    return fetch(callback, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  }

  /** The simulator's consent: answers the callback URL it redirects to. */
  async function consent(authorize: URL): Promise<URL> {
    const response = await fetch(authorize, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  async function poll(sessionId: string, externalUserId: string) {
    const response = await h.t.request('GET', `/v1/integrations/connect-sessions/${sessionId}`, {
      token: await h.token(externalUserId),
    });
    return ConnectSessionSchema.parse(response.body);
  }

  it('offers signing in, sends state + PKCE to the upstream, exchanges the code and stores sealed tokens', async () => {
    const session = await openSession('oauth-user');
    const page = await (await fetch(`${h.t.server.url}${session.url}`)).text();
    expect(page).toContain(`action="${session.url}/oauth"`);
    expect(page).toContain('Continue to Asana');

    const authorize = await startSignIn(session);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(h.sim.oauthAuthorizeUrl);
    const params = authorize.searchParams;
    expect(params.get('client_id')).toBe(CLIENT.clientId);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(`${h.t.server.url}/connect/oauth/callback`);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('scope')).toContain('tasks:read');

    const callback = await consent(authorize);
    expect(callback.searchParams.get('state')).toBe(params.get('state'));
    const done = await inBrowser(callback);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<h1>Connected</h1>');

    const polled = await poll(session.id, 'oauth-user');
    expect(polled.status).toBe('completed');
    const id = polled.connector_id!;
    const token = await h.token('oauth-user');
    const connector = ConnectorSchema.parse(
      (await h.t.request('GET', `/v1/integrations/connectors/${id}`, { token })).body,
    );
    expect(connector).toMatchObject({ connector_type: 'task-management', status: 'active' });
    const loaded = await h.t.app.services.connectors.loadForCaller(
      {
        kind: 'scoped',
        applicationId: (await h.store.findApplicationByClientId(h.t.clientId))!.id,
        externalUserId: 'oauth-user',
      },
      id,
    );
    const credentials = loaded.credentials as Record<string, string>;
    expect(credentials).toMatchObject({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret });
    expect(credentials.refresh_token).toBeTruthy();
    const [row] = await h.store.db.query<{ credentials_ciphertext: Buffer }>(
      'SELECT credentials_ciphertext FROM connectors WHERE id = $1',
      [id],
    );
    expect(Buffer.from(row!.credentials_ciphertext).toString('latin1')).not.toContain(
      credentials.refresh_token,
    );
    const logs = h.t.logs.lines.join('\n');
    expect(logs).not.toContain(credentials.refresh_token);
    expect(logs).not.toContain(callback.searchParams.get('code')!);
    // The connector works with the exchanged tokens.
    const run = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
    expect(run.status).toBe(200);

    // The same callback again is a replay.
    const replay = await inBrowser(callback);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('already used');
  });

  it('refuses a tampered state with a clear page and keeps the session open', async () => {
    const session = await openSession('tamper-user');
    const callback = await consent(await startSignIn(session));
    const state = callback.searchParams.get('state')!;
    callback.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    const tampered = await inBrowser(callback);
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('Sign-in not recognised');
    const missing = await fetch(`${h.t.server.url}/connect/oauth/callback?code=x`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
    expect((await poll(session.id, 'tamper-user')).status).toBe('pending');
  });

  it('shows a denied consent and lets the user try again', async () => {
    const session = await openSession('denied-user');
    const authorize = await startSignIn(session);
    // What the upstream sends back when the user clicks "deny".
    const denied = new URL(authorize.searchParams.get('redirect_uri')!);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', authorize.searchParams.get('state')!);
    const response = await inBrowser(denied);
    expect(response.status).toBe(403);
    const page = await response.text();
    expect(page).toContain('Access declined');
    expect(page).toContain(`href="${session.url}"`);
    expect((await poll(session.id, 'denied-user')).status).toBe('pending');
    // A second try goes through.
    const again = await inBrowser(await consent(await startSignIn(session)));
    expect(again.status).toBe(200);
    expect((await poll(session.id, 'denied-user')).status).toBe('completed');
  });

  // Issue 28, finding 9: the flow is bound to the browser that started it.
  it('refuses a callback URL opened in another browser, and the starting browser still finishes', async () => {
    const session = await openSession('swap-user');
    const callback = await consent(await startSignIn(session));
    const cookie = cookies.get(callback.searchParams.get('state')!)!;
    expect(cookie).toMatch(/^conduit_oauth_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{43}$/);
    for (const headers of [
      {} as Record<string, string>,
      { cookie: cookie.replace(/=.*/, '=someone-elses-binding') },
    ]) {
      const elsewhere = await fetch(callback, { redirect: 'manual', headers });
      expect(elsewhere.status).toBe(400);
      expect(await elsewhere.text()).toContain('Sign-in started elsewhere');
    }
    expect((await poll(session.id, 'swap-user')).status).toBe('pending');
    const done = await inBrowser(callback);
    expect(done.status).toBe(200);
    // The cookie is cleared once used.
    expect(done.headers.getSetCookie().join()).toMatch(/conduit_oauth_[A-Za-z0-9_-]{16}=;.*Max-Age=0/);
    expect((await poll(session.id, 'swap-user')).status).toBe('completed');
  });

  it('sets the binding as a short-lived HttpOnly SameSite=Lax cookie of the callback path only', async () => {
    const session = await openSession('cookie-user');
    const response = await fetch(`${h.t.server.url}${session.url}/oauth`, {
      method: 'POST',
      body: new URLSearchParams({ connector_type: 'task-management', method: 'oauth' }),
      redirect: 'manual',
    });
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/connect/oauth/callback');
    expect(cookie).toContain('Max-Age=900');
  });

  it('refuses posts to the connect page from another site', async () => {
    const session = await openSession('cross-site-user');
    const post = (path: string, headers: Record<string, string>, fields: Record<string, string>) =>
      fetch(`${h.t.server.url}${session.url}${path}`, {
        method: 'POST',
        headers,
        body: new URLSearchParams(fields),
        redirect: 'manual',
      });
    const oauth = { connector_type: 'task-management', method: 'oauth' };
    const paste = {
      connector_type: 'task-management',
      method: 'personal_access_token',
      'credentials.token': 'x',
    };
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://attacker.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      for (const [path, fields] of [
        ['/oauth', oauth],
        ['', paste],
      ] as const) {
        const refused = await post(path, headers, fields);
        expect(refused.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(refused.headers.get('set-cookie')).toBeNull();
      }
    }
    expect((await poll(session.id, 'cross-site-user')).status).toBe('pending');
    // The page's own origin, and a client sending none, go through.
    expect(
      (await post('/oauth', { origin: h.t.server.url, 'sec-fetch-site': 'same-origin' }, oauth)).status,
    ).toBe(303);
    expect((await post('/oauth', {}, oauth)).status).toBe(303);
  });

  it('answers 502 when the upstream refuses the code, and 410 once the session expired', async () => {
    const session = await openSession('bad-code-user');
    const callback = await consent(await startSignIn(session));
    callback.searchParams.set('code', 'not-a-code-the-upstream-issued');
    const refused = await inBrowser(callback);
    expect(refused.status).toBe(502);
    expect(await refused.text()).not.toContain('not-a-code-the-upstream-issued');

    const late = await openSession('late-oauth-user', { return_url: 'https://app.example/back' });
    const lateCallback = await consent(await startSignIn(late));
    h.t.clock.advance(1800_000);
    const expired = await inBrowser(lateCallback);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('Link expired');
  });
});
