import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConnectSessionSchema } from '@conduit/protocol';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';

// Debian's chromium (`./run test` installs it when missing); CONDUIT_CHROMIUM names another.
const CHROMIUM = process.env.CONDUIT_CHROMIUM ?? '/usr/bin/chromium';
const CLIENT = { clientId: 'conduit-browser-client', clientSecret: 'browser-client-secret-0123456789' };

describe.skipIf(!existsSync(CHROMIUM))('the connect page in a real browser', () => {
  let h: ExecuteHarness;
  let context: BrowserContext;
  let profile: string;
  let output: string;
  let shot = 0;

  beforeAll(async () => {
    h = await startExecuteHarness('sqlite', 'connect-browser', {
      simulator: { oauth: CLIENT },
      app: { oauthClients: { 'task-management': CLIENT } },
    });
    profile = await makeTempDir('connect-browser-profile');
    // The test's output folder: screenshots of each step stay there for a look after the run.
    output = join(await makeTempDir('connect-browser-output'), 'screenshots');
    await mkdir(output, { recursive: true });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 30_000);

  afterAll(async () => {
    await context?.close();
    if (profile) await removeTempDir(profile);
    await h?.close();
  });

  async function screenshot(page: Page, name: string): Promise<void> {
    shot += 1;
    await page.screenshot({
      path: join(output, `${String(shot).padStart(2, '0')}-${name}.png`),
      fullPage: true,
    });
  }

  async function openSession(externalUserId: string, body: Record<string, unknown>) {
    const response = await h.t.request('POST', '/v1/integrations/connect-sessions', {
      token: await h.t.applicationToken(),
      body: { external_user_id: externalUserId, ...body },
    });
    expect(response.status, response.text).toBe(201);
    return ConnectSessionSchema.parse(response.body);
  }

  async function status(sessionId: string, externalUserId: string) {
    const response = await h.t.request('GET', `/v1/integrations/connect-sessions/${sessionId}`, {
      token: await h.token(externalUserId),
    });
    return ConnectSessionSchema.parse(response.body);
  }

  it('pastes a token: a field error first, then connected and back to the return URL', async () => {
    const session = await openSession('browser-paste', {
      connector_types: ['asana', 'zendesk-support'],
      return_url: `${h.t.server.url}/healthz?from=connect`,
    });
    const page = await context.newPage();
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
    await asana.getByLabel('Base URL').fill(h.sim.baseUrl);
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
    const page = await context.newPage();
    const callbacks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/connect/oauth/callback')) callbacks.push(request.url());
    });
    await page.goto(`${h.t.server.url}${session.url}`);
    await screenshot(page, 'oauth-page');
    const signIn = page.locator('#task-management-oauth');
    await signIn.getByLabel('Base URL').fill(h.sim.baseUrl);
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
    expect((await readdir(output)).length).toBe(shot);
  });
});
