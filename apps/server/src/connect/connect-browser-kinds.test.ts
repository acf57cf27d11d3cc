import { ConnectorSchema, SyncSummarySchema } from '@conduit/protocol';
import {
  type SalesforceSimulator,
  startSalesforceSimulator,
  startZendeskSimulator,
  type ZendeskSimulator,
} from '@conduit/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import { createSearchExtension } from '../search/search-extension';
import type { Caller } from '../services/caller';
import type { Store } from '../store/store';
import { createSyncExtension, type SyncExtension } from '../sync/sync-extension';
import {
  type ConnectBrowser,
  chromiumAvailable,
  connectSessionStatus,
  heading,
  launchConnectBrowser,
  openConnectSession,
} from '../test-support/connect-browser';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';
import { until } from '../test-support/until';

const ZENDESK_CLIENT = {
  clientId: 'conduit-zendesk-client',
  clientSecret: 'zendesk-client-secret-0123456789',
};
const SALESFORCE_CLIENT = {
  clientId: '3MVG9conduitBrowserClient',
  clientSecret: 'salesforce-client-secret-0123',
};

describe.skipIf(!chromiumAvailable)('the connect page in a real browser: Zendesk and Salesforce', () => {
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;
  let sync: SyncExtension;
  let zendesk: ZendeskSimulator;
  let salesforce: SalesforceSimulator;
  let browser: ConnectBrowser;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    zendesk = await startZendeskSimulator({ oauth: ZENDESK_CLIENT, rateLimit: false, exportDelaySeconds: 0 });
    salesforce = await startSalesforceSimulator({
      oauth: { ...SALESFORCE_CLIENT, rotateRefreshTokens: true },
    });
    location = await testStoreLocation('sqlite', 'connect-browser-kinds');
    store = await location.open();
    sync = createSyncExtension({ config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000 } });
    const extensions = [
      createExecuteExtension({ upstream: { retry: { initialDelayMs: 5, maxDelayMs: 20 } } }),
      createSearchExtension(),
      sync,
    ];
    await store.migrate(extensions.flatMap((extension) => extension.migrations ?? []));
    t = await startTestApp(store, {
      extensions,
      allowUpstreamOverride: true,
      oauthClients: { 'support-desk': ZENDESK_CLIENT, crm: SALESFORCE_CLIENT },
      // The operator's setting: no end user is ever asked for a base URL (issue 28).
      upstreamBaseUrls: { 'support-desk': zendesk.baseUrl, crm: salesforce.loginUrl },
    });
    await sync.start?.(t.app.services);
    browser = await launchConnectBrowser('connect-browser-kinds');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await sync?.stop?.();
    await t?.close();
    await store?.close();
    await location?.cleanup();
    await zendesk?.close();
    await salesforce?.close();
  });

  const token = async (user: string) => {
    let scoped = tokens.get(user);
    if (scoped === undefined) {
      scoped = await t.scopedToken(user, await t.applicationToken());
      tokens.set(user, scoped);
    }
    return scoped;
  };
  const status = async (user: string, sessionId: string) =>
    connectSessionStatus(t, await token(user), sessionId);
  const execute = async (user: string, id: string, body: Record<string, unknown>) =>
    t.request('POST', `/api/v1/connectors/sources/${id}/execute`, { token: await token(user), body });
  const caller = async (user: string): Promise<Caller> => ({
    kind: 'scoped',
    applicationId: (await store.findApplicationByClientId(t.clientId))!.id,
    externalUserId: user,
  });
  const storedCredentials = async (user: string, id: string) =>
    (await t.app.services.connectors.loadForCaller(await caller(user), id)).credentials as Record<
      string,
      string
    >;
  const ciphertext = async (id: string) => {
    const [row] = await store.db.query<{ credentials_ciphertext: Buffer }>(
      'SELECT credentials_ciphertext FROM connectors WHERE id = $1',
      [id],
    );
    return Buffer.from(row!.credentials_ciphertext).toString('latin1');
  };

  /** Opens the page, fills the Zendesk sign-in form and lands on Zendesk's consent page. */
  async function toZendeskConsent(page: Page, url: string, shots?: string): Promise<void> {
    await page.goto(`${t.server.url}${url}`);
    const signIn = page.locator('#support-desk-oauth');
    await signIn.getByLabel('Subdomain').fill('acme');
    await signIn.getByRole('button', { name: 'Continue to Zendesk Support' }).click();
    await page.waitForURL((target) => target.href.startsWith(zendesk.oauthAuthorizeUrl));
    expect(await heading(page)).toBe('Allow access to your Zendesk account?');
    if (shots) await browser.screenshot(page, shots);
  }

  it('Zendesk: asks for the subdomain first, signs in through the consent page, stores sealed tokens that work', async () => {
    const user = 'zd-oauth';
    const session = await openConnectSession(t, user, { connector_types: ['zendesk-support'] });
    const page = await browser.context.newPage();
    const callbacks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/connect/oauth/callback')) callbacks.push(request.url());
    });
    await page.goto(`${t.server.url}${session.url}`);
    expect(await page.locator('#kind-support-desk + p').textContent()).toBe(
      'Ways to connect: sign in with Zendesk Support, or paste API token.',
    );
    await browser.screenshot(page, 'zendesk-page');

    // The subdomain is checked before anyone is sent to Zendesk.
    const signIn = page.locator('#support-desk-oauth');
    await signIn.getByLabel('Subdomain').fill('acme.zendesk.com');
    await signIn.getByRole('button', { name: 'Continue to Zendesk Support' }).click();
    await page.waitForLoadState();
    expect(page.url()).toBe(`${t.server.url}${session.url}/oauth`);
    const subdomain = page.locator('#support-desk-oauth').getByLabel('Subdomain');
    expect(await subdomain.getAttribute('aria-invalid')).toBe('true');
    expect(await subdomain.inputValue()).toBe('acme.zendesk.com');
    await browser.screenshot(page, 'zendesk-subdomain-error');

    await toZendeskConsent(page, session.url, 'zendesk-consent');
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('read');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(await heading(page)).toBe('Connected');
    await browser.screenshot(page, 'zendesk-connected');

    const polled = await status(user, session.id);
    expect(polled.status).toBe('completed');
    const id = polled.connector_id!;
    const connector = ConnectorSchema.parse(
      (await t.request('GET', `/v1/integrations/connectors/${id}`, { token: await token(user) })).body,
    );
    expect(connector).toMatchObject({
      connector_type: 'support-desk',
      status: 'active',
      external_user_id: user,
    });
    // The subdomain asked for before the redirect is the connector's config.
    expect((await t.app.services.connectors.loadForCaller(await caller(user), id)).record.config).toEqual({
      subdomain: 'acme',
      base_url: zendesk.baseUrl,
    });
    const credentials = await storedCredentials(user, id);
    expect(credentials.access_token).toMatch(/^oat_/);
    expect(credentials.refresh_token).toMatch(/^ort_/);
    expect(await ciphertext(id)).not.toContain(credentials.access_token);
    expect(t.logs.lines.join('\n')).not.toContain(credentials.access_token);
    const listed = await execute(user, id, { entity: 'tickets', action: 'list', params: { limit: 5 } });
    expect(listed.status, listed.text).toBe(200);
    expect(zendesk.requests.all.at(-1)?.headers.authorization).toBe(`Bearer ${credentials.access_token}`);

    // The same callback again is a replay: refused, nothing else connected.
    expect(callbacks).toHaveLength(1);
    const replay = await page.goto(callbacks[0]!);
    expect(replay?.status()).toBe(400);
    expect(await heading(page)).toBe('Sign-in already used');
    await browser.screenshot(page, 'zendesk-replayed');
    await page.close();
  });

  it('Zendesk: a denied consent and a tampered state leave the session open; a pasted API token connects', async () => {
    const user = 'zd-deny';
    const session = await openConnectSession(t, user, { connector_types: ['zendesk-support'] });
    const page = await browser.context.newPage();
    await toZendeskConsent(page, session.url);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    expect(await heading(page)).toBe('Access declined');
    await browser.screenshot(page, 'zendesk-denied');
    await page.getByRole('link', { name: 'Back to the connect page' }).click();
    expect(await heading(page)).toBe('Connect an account');
    expect((await status(user, session.id)).status).toBe('pending');

    // An upstream (or someone in between) sending back another state than the one issued.
    await toZendeskConsent(page, session.url);
    await page.locator('input[name="state"]').evaluate((input: HTMLInputElement) => {
      input.value = `${input.value.slice(0, -1)}${input.value.endsWith('A') ? 'B' : 'A'}`;
    });
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(await heading(page)).toBe('Sign-in not recognised');
    await browser.screenshot(page, 'zendesk-tampered-state');
    expect((await status(user, session.id)).status).toBe('pending');

    await page.goto(`${t.server.url}${session.url}`);
    const paste = page.locator('#support-desk-api-token');
    await paste.getByLabel('Subdomain').fill('acme');
    await paste.getByLabel('Email').fill(zendesk.credentials.email);
    await paste.getByLabel('API token').fill(zendesk.credentials.apiToken);
    await browser.screenshot(page, 'zendesk-paste-filled');
    await paste.getByRole('button', { name: 'Connect Zendesk Support' }).click();
    await page.waitForLoadState();
    expect(await heading(page)).toBe('Connected');
    expect(await page.content()).not.toContain(zendesk.credentials.apiToken);
    await browser.screenshot(page, 'zendesk-paste-connected');
    const polled = await status(user, session.id);
    expect(polled.status).toBe('completed');
    const listed = await execute(user, polled.connector_id!, { entity: 'users', action: 'list', params: {} });
    expect(listed.status, listed.text).toBe(200);
    await page.close();
  });

  it('Zendesk: re-authorizing a needs_reauth connector through the page keeps its synced data', async () => {
    const user = 'zd-reauth';
    const first = await openConnectSession(t, user, { connector_types: ['zendesk-support'] });
    const page = await browser.context.newPage();
    await toZendeskConsent(page, first.url);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    const id = (await status(user, first.id)).connector_id!;
    const summary = async () =>
      SyncSummarySchema.parse(
        (await t.request('GET', `/api/v1/connectors/sources/${id}/sync`, { token: await token(user) })).body,
      );
    const synced = await until(
      summary,
      (value) => value.state !== 'running' && value.last_success_at !== null,
    );
    const records = synced.entities.find((entity) => entity.entity === 'tickets')?.records;
    expect(records).toBe(zendesk.data.tickets.length);
    const before = await storedCredentials(user, id);

    // What a revoked token leaves behind.
    zendesk.tokens.revoke(before.access_token!);
    await store.updateConnectorStatus(id, 'needs_reauth', new Date());
    const again = await openConnectSession(t, user, { connector_id: id });
    await toZendeskConsent(page, again.url);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(await heading(page)).toBe('Connected');
    await browser.screenshot(page, 'zendesk-reauthorized');
    expect(await status(user, again.id)).toMatchObject({ status: 'completed', connector_id: id });
    const connector = ConnectorSchema.parse(
      (await t.request('GET', `/v1/integrations/connectors/${id}`, { token: await token(user) })).body,
    );
    expect(connector.status).toBe('active');
    const after = await storedCredentials(user, id);
    expect(after.access_token).not.toBe(before.access_token);
    // The synced records are still there, searchable without a new sync.
    const kept = await summary();
    expect(kept.entities.find((entity) => entity.entity === 'tickets')?.records).toBe(records);
    const search = await execute(user, id, { entity: 'tickets', action: 'search', params: { query: {} } });
    expect(search.status, search.text).toBe(200);
    expect((search.body as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
    expect((await execute(user, id, { entity: 'tickets', action: 'list', params: {} })).status).toBe(200);
    await page.close();
  });

  it('Salesforce: an end user pastes the seed’s OAuth credentials, and the connector lists accounts', async () => {
    const user = 'sf-pasted';
    const session = await openConnectSession(t, user, { connector_types: ['salesforce'] });
    const page = await browser.context.newPage();
    await page.goto(`${t.server.url}${session.url}`);
    const pasted = page.locator('#crm-oauth-credentials');
    // No base URL is asked for (the operator sets it); the token and the secret are hidden.
    await expect(pasted.getByLabel('Base URL').count()).resolves.toBe(0);
    await pasted.getByLabel('Refresh token').fill(salesforce.credentials.refreshToken);
    await pasted.getByLabel('Client ID').fill(salesforce.credentials.clientId);
    await pasted.getByLabel('Client secret').fill(salesforce.credentials.clientSecret);
    for (const name of ['refresh_token', 'client_secret']) {
      expect(await pasted.locator(`[name="credentials.${name}"]`).getAttribute('type')).toBe('password');
    }
    await browser.screenshot(page, 'salesforce-pasted');
    await pasted.getByRole('button', { name: 'Connect Salesforce' }).click();
    await page.waitForLoadState();
    expect(await heading(page)).toBe('Connected');

    const done = await status(user, session.id);
    expect(done.status).toBe('completed');
    const id = done.connector_id!;
    // Sealed as given (the refresh token may have rotated already: this simulator rotates them).
    const stored = await storedCredentials(user, id);
    expect(stored).toMatchObject({
      client_id: salesforce.credentials.clientId,
      client_secret: salesforce.credentials.clientSecret,
    });
    expect(stored.refresh_token).toMatch(/^5Aep861/);
    expect(await ciphertext(id)).not.toContain(salesforce.credentials.clientSecret);
    const listed = await execute(user, id, { entity: 'accounts', action: 'list', params: { limit: 5 } });
    expect(listed.status, listed.text).toBe(200);
    expect(JSON.stringify(listed.body)).toMatch(/"Id":"001/);
    await page.close();
  });

  it('Salesforce: offers signing in beside pasting, exchanges the code on the login host, and the rotated refresh token is kept', async () => {
    const user = 'sf-oauth';
    const session = await openConnectSession(t, user, { connector_types: ['salesforce'] });
    const page = await browser.context.newPage();
    const callbacks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/connect/oauth/callback')) callbacks.push(request.url());
    });
    await page.goto(`${t.server.url}${session.url}`);
    expect(await page.locator('#kind-crm + p').textContent()).toBe(
      'Ways to connect: sign in with Salesforce, or paste OAuth credentials.',
    );
    expect(await page.locator('form').count()).toBe(2);
    await browser.screenshot(page, 'salesforce-page');
    const signIn = page.locator('#crm-oauth');
    await signIn.getByRole('button', { name: 'Continue to Salesforce' }).click();
    await page.waitForURL((target) => target.href.startsWith(salesforce.authorizeUrl));
    expect(await heading(page)).toBe('Allow access to your Salesforce account?');
    expect(new URL(page.url()).searchParams.get('scope')).toBe('api refresh_token');
    await browser.screenshot(page, 'salesforce-consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(await heading(page)).toBe('Connected');
    await browser.screenshot(page, 'salesforce-connected');

    const id = (await status(user, session.id)).connector_id!;
    const issued = await storedCredentials(user, id);
    expect(issued).toMatchObject({
      client_id: SALESFORCE_CLIENT.clientId,
      client_secret: SALESFORCE_CLIENT.clientSecret,
    });
    expect(issued.refresh_token).toMatch(/^5Aep861/);
    expect(await ciphertext(id)).not.toContain(issued.refresh_token);
    const listed = await execute(user, id, { entity: 'accounts', action: 'list', params: { limit: 5 } });
    expect(listed.status, listed.text).toBe(200);
    // The first call refreshed (how the instance_url is learned); rotation replaced the token.
    const rotated = await until(
      () => storedCredentials(user, id),
      (value) => value.refresh_token !== issued.refresh_token,
    );
    expect(rotated.refresh_token).toMatch(/^5Aep861/);
    salesforce.expireSessions();
    expect(
      (await execute(user, id, { entity: 'accounts', action: 'list', params: { limit: 5 } })).status,
    ).toBe(200);

    const replay = await page.goto(callbacks[0]!);
    expect(replay?.status()).toBe(400);
    expect(await heading(page)).toBe('Sign-in already used');
    await browser.screenshot(page, 'salesforce-replayed');
    await page.close();
  });

  it('Salesforce: a denied consent and a tampered state are refused; an expired link says so', async () => {
    const user = 'sf-deny';
    const session = await openConnectSession(t, user, { connector_types: ['salesforce'] });
    const page = await browser.context.newPage();
    const toConsent = async () => {
      await page.goto(`${t.server.url}${session.url}`);
      const signIn = page.locator('#crm-oauth');
      await signIn.getByRole('button', { name: 'Continue to Salesforce' }).click();
      await page.waitForURL((target) => target.href.startsWith(salesforce.authorizeUrl));
    };
    await toConsent();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(await heading(page)).toBe('Access declined');
    await browser.screenshot(page, 'salesforce-denied');

    await toConsent();
    await page.locator('input[name="state"]').evaluate((input: HTMLInputElement) => {
      input.value = 'not-a-state-the-service-issued';
    });
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(await heading(page)).toBe('Sign-in not recognised');
    await browser.screenshot(page, 'salesforce-tampered-state');
    expect((await status(user, session.id)).status).toBe('pending');

    // Signed in at the consent page, but back after the link expired.
    await toConsent();
    t.clock.advance(1800_000);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(await heading(page)).toBe('Link expired');
    await browser.screenshot(page, 'salesforce-expired-at-callback');
    const expired = await page.goto(`${t.server.url}${session.url}`);
    expect(expired?.status()).toBe(410);
    await browser.screenshot(page, 'salesforce-expired');
    await page.close();
    const { files, taken } = await browser.counts();
    expect(files).toBe(taken);
  });
});
