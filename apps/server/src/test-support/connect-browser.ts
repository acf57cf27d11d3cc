import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type ConnectSession, ConnectSessionSchema } from '@conduit/protocol';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { makeTempDir, removeTempDir } from './temp-dir';
import type { TestApp } from './test-app';

/** Debian's chromium (`./run test` installs it when missing); `CONDUIT_CHROMIUM` names another. */
export const CHROMIUM = process.env.CONDUIT_CHROMIUM ?? '/usr/bin/chromium';

/** Whether the browser tests can run here (they are skipped otherwise). */
export const chromiumAvailable = existsSync(CHROMIUM);

/** A headless Chromium for the connect page tests, with a screenshot folder. */
export interface ConnectBrowser {
  readonly context: BrowserContext;
  /** The test's output folder for screenshots (kept after the run for a look). */
  readonly output: string;
  /** Writes `NN-<name>.png` of the whole page into `output`. */
  screenshot(page: Page, name: string): Promise<void>;
  /** How many screenshots are in `output`, and how many were taken. */
  counts(): Promise<{ files: number; taken: number }>;
  close(): Promise<void>;
}

/**
 * Launches headless Chromium (a fresh profile) for a browser test of the connect page.
 *
 * @example
 * ```ts
 * const browser = await launchConnectBrowser('connect-browser');
 * const page = await browser.context.newPage();
 * await browser.screenshot(page, 'page');
 * ```
 */
export async function launchConnectBrowser(label: string): Promise<ConnectBrowser> {
  const profile = await makeTempDir(`${label}-profile`);
  const output = join(await makeTempDir(`${label}-output`), 'screenshots');
  await mkdir(output, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
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
  let taken = 0;
  return {
    context,
    output,
    async screenshot(page, name) {
      taken += 1;
      await page.screenshot({
        path: join(output, `${String(taken).padStart(2, '0')}-${name}.png`),
        fullPage: true,
      });
    },
    counts: async () => ({ files: (await readdir(output)).length, taken }),
    async close() {
      await context.close();
      await removeTempDir(profile);
    },
  };
}

/**
 * Creates a connect session as the application would (`POST /v1/integrations/connect-sessions`).
 *
 * @example
 * ```ts
 * const session = await openConnectSession(t, 'user-1', { connector_types: ['asana'] });
 * ```
 */
export async function openConnectSession(
  t: TestApp,
  externalUserId: string,
  body: Record<string, unknown>,
): Promise<ConnectSession> {
  const response = await t.request('POST', '/v1/integrations/connect-sessions', {
    token: await t.applicationToken(),
    body: { external_user_id: externalUserId, ...body },
  });
  if (response.status !== 201)
    throw new Error(`connect session answered ${response.status}: ${response.text}`);
  return ConnectSessionSchema.parse(response.body);
}

/**
 * Polls a connect session as the application would, with a token scoped to its user.
 *
 * @example
 * ```ts
 * expect((await connectSessionStatus(t, token, session.id)).status).toBe('completed');
 * ```
 */
export async function connectSessionStatus(
  t: TestApp,
  token: string,
  sessionId: string,
): Promise<ConnectSession> {
  const response = await t.request('GET', `/v1/integrations/connect-sessions/${sessionId}`, { token });
  return ConnectSessionSchema.parse(response.body);
}

/**
 * The heading of the page a browser shows.
 *
 * @example
 * ```ts
 * expect(await heading(page)).toBe('Connected');
 * ```
 */
export async function heading(page: Page): Promise<string | null> {
  return page.getByRole('heading', { level: 1 }).textContent();
}
