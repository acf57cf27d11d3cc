import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConnectBrowser,
  chromiumAvailable,
  connectSessionStatus,
  launchConnectBrowser,
  openConnectSession,
} from '../test-support/connect-browser';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';

const CLIENT = { clientId: 'conduit-browser-client', clientSecret: 'browser-client-secret-0123456789' };

describe.skipIf(!chromiumAvailable)('the connect page in a real browser', () => {
  let h: ExecuteHarness;
  let browser: ConnectBrowser;

  beforeAll(async () => {
    h = await startExecuteHarness('sqlite', 'connect-browser', {
      simulator: { oauth: CLIENT },
      app: { oauthClients: { 'task-management': CLIENT } },
    });
    browser = await launchConnectBrowser('connect-browser');
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  const context = () => browser.context;
  const screenshot = (page: Page, name: string) => browser.screenshot(page, name);
  const openSession = (externalUserId: string, body: Record<string, unknown>) =>
    openConnectSession(h.t, externalUserId, body);
  const status = async (sessionId: string, externalUserId: string) =>
    connectSessionStatus(h.t, await h.token(externalUserId), sessionId);

  it('pastes a token: a field error first, then connected and back to the return URL', async () => {
    const session = await openSession('browser-paste', {
      connector_types: ['asana', 'zendesk-support'],
      return_url: `${h.t.server.url}/healthz?from=connect`,
    });
    const page = await context().newPage();
    await page.goto(`${h.t.server.url}${session.url}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Connect an account');
    await screenshot(page, 'paste-page');

    const zendesk = page.locator('#support-desk-api-token');
    await zendesk.getByLabel('Subdomain').fill('acme.zendesk.com');
    await zendesk.getByLabel('Email').fill('agent@acme.example');
    await zendesk.getByLabel('API token').fill('zendesk-secret-token-value');
    await zendesk.getByRole('button', { name: 'Connect Zendesk Support' }).click();
    await page.waitForLoadState();
    const subdomain = page.locator('#support-desk-api-token').getByLabel('Subdomain');
    expect(await subdomain.getAttribute('aria-invalid')).toBe('true');
    expect(await page.content()).not.toContain('zendesk-secret-token-value');
    await screenshot(page, 'paste-field-error');

    const asana = page.locator('#task-management-personal-access-token');
    await asana.getByLabel('Token').fill(h.sim.issuePersonalAccessToken());
    await asana.getByRole('button', { name: 'Connect Asana' }).click();
    await page.waitForURL(/\/healthz\?/);
    const back = new URL(page.url());
    expect(back.searchParams.get('from')).toBe('connect');
    expect(back.searchParams.get('connect_session_id')).toBe(session.id);
    await screenshot(page, 'paste-returned');
    expect(await status(session.id, 'browser-paste')).toMatchObject({
      status: 'completed',
      connector_id: back.searchParams.get('connector_id'),
    });
    await page.close();
  });

  it('signs in through the upstream’s consent, then refuses the replayed callback and an expired link', async () => {
    const session = await openSession('browser-oauth', { connector_types: ['asana'] });
    const page = await context().newPage();
    const callbacks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/connect/oauth/callback')) callbacks.push(request.url());
    });
    await page.goto(`${h.t.server.url}${session.url}`);
    await screenshot(page, 'oauth-page');
    const signIn = page.locator('#task-management-oauth');
    await signIn.getByRole('button', { name: 'Continue to Asana' }).click();
    await page.waitForURL(/\/connect\/oauth\/callback\?/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Connected');
    await screenshot(page, 'oauth-connected');
    expect((await status(session.id, 'browser-oauth')).status).toBe('completed');

    expect(callbacks).toHaveLength(1);
    const replay = await page.goto(callbacks[0]!);
    expect(replay?.status()).toBe(400);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign-in already used');
    await screenshot(page, 'oauth-replayed');

    const late = await openSession('browser-late', { connector_types: ['asana'] });
    h.t.clock.advance(1800_000);
    const expired = await page.goto(`${h.t.server.url}${late.url}`);
    expect(expired?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Link expired');
    await screenshot(page, 'expired');
    await page.close();
    const { files, taken } = await browser.counts();
    expect(files).toBe(taken);
  });
});
