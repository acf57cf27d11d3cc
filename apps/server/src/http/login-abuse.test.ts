import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { TestApp } from '../test-support/test-app';

const TOKEN_PATH = '/api/v1/account/applications/token';

interface Answer {
  readonly status: number;
  readonly body: { access_token?: string; errors?: { error_code: string }[] };
  readonly retryAfter: string | undefined;
  readonly ms: number;
}

/** A token request sent from a chosen loopback address (127.0.0.0/8 is all ours on Linux). */
function login(
  url: string,
  body: unknown,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const target = new URL(TOKEN_PATH, url);
    const request = httpRequest(
      target,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            retryAfter: response.headers['retry-after'] as string | undefined,
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

async function flood(count: number, concurrency: number, send: (index: number) => Promise<Answer>) {
  const answers: Answer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) answers.push(await send(next++));
    }),
  );
  return answers;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('login abuse', () => {
  let app: StoredTestApp;
  let t: TestApp;

  beforeAll(async () => {
    app = await startStoredTestApp('sqlite', 'login-abuse', {
      rateLimit: { limit: 30, windowMs: 60_000 },
      loginLimits: { perClientAddress: 5, perAddress: 20, refusalDelayMs: 20 },
    });
    t = app.t;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a wrong-secret flood locks out neither the application tokens nor the right secret from elsewhere', async () => {
    const existing = await t.applicationToken();
    const wrong = { client_id: t.clientId, client_secret: 'wrong-secret-0123456789' };
    // A burst: one secret check at a time per address, the others turned away at once.
    const burst = await flood(24, 8, () => login(t.server.url, wrong, '127.0.0.6'));
    expect(burst.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
    expect(
      burst.filter((answer) => answer.body.errors?.[0]?.error_code === 'login_in_progress').length,
    ).toBeGreaterThan(0);
    // Guessing in a row: 5 failures for this client from this address, then refused before the hash.
    const guesses = await flood(12, 1, () => login(t.server.url, wrong, '127.0.0.1'));
    expect(guesses.map((answer) => answer.status)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    expect(guesses[5]?.body.errors?.[0]?.error_code).toBe('too_many_failed_logins');
    expect(Number(guesses[5]?.retryAfter)).toBeGreaterThanOrEqual(1);

    // The application's API budget (30 a minute) was not spent by the flood.
    expect((await t.request('GET', '/v1/integrations/connectors', { token: existing })).status).toBe(200);
    // The right secret from another address passes.
    const fresh = await login(
      t.server.url,
      { client_id: t.clientId, client_secret: t.clientSecret },
      '127.0.0.2',
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.access_token).toEqual(expect.any(String));
  }, 60_000);

  it('limits unknown client ids per address the same way, at the cost of a known one', async () => {
    const known = await flood(4, 1, () =>
      login(t.server.url, { client_id: t.clientId, client_secret: 'wrong-secret-0123456789' }, '127.0.0.4'),
    );
    const unknown = await flood(30, 1, (index) =>
      login(
        t.server.url,
        { client_id: `nobody-${index}`, client_secret: 'wrong-secret-0123456789' },
        '127.0.0.3',
      ),
    );
    const checked = unknown.filter((answer) => answer.status === 401);
    const refused = unknown.filter((answer) => answer.status === 429);
    // 20 failures per address, whatever the client ids.
    expect(checked.length).toBe(20);
    expect(refused.length).toBe(30 - checked.length);
    // An unknown id runs the same slow hash as a known one: comparable times.
    expect(median(checked.slice(0, 4).map((a) => a.ms))).toBeGreaterThan(
      median(known.map((a) => a.ms)) * 0.3,
    );
    // Unknown ids lock out only more unknown ids: the application logs in from the same address
    // (behind an untrusted proxy, every client's), and from others (issue 28, finding 2).
    expect(
      (
        await login(
          t.server.url,
          { client_id: `nobody-more`, client_secret: 'wrong-secret-0123456789' },
          '127.0.0.3',
        )
      ).status,
    ).toBe(429);
    expect(
      (await login(t.server.url, { client_id: t.clientId, client_secret: t.clientSecret }, '127.0.0.3'))
        .status,
    ).toBe(200);
    expect(
      (await login(t.server.url, { client_id: t.clientId, client_secret: t.clientSecret }, '127.0.0.5'))
        .status,
    ).toBe(200);
  }, 60_000);
});

// Issue 28, finding 2: behind the operator's reverse proxy (127.0.0.9 here), the client address is
// the right-most X-Forwarded-For hop that is not a trusted proxy.
describe('login abuse behind a trusted reverse proxy', () => {
  const PROXY = '127.0.0.9';
  let app: StoredTestApp;
  let t: TestApp;

  beforeAll(async () => {
    app = await startStoredTestApp('sqlite', 'login-abuse-proxy', {
      trustedProxies: [PROXY, '10.0.0.0/8'],
      loginLimits: { perClientAddress: 3, perAddress: 5, refusalDelayMs: 5 },
    });
    t = app.t;
  });
  afterAll(async () => {
    await app?.close();
  });

  const wrong = () => ({ client_id: t.clientId, client_secret: 'wrong-secret-0123456789' });
  const right = () => ({ client_id: t.clientId, client_secret: t.clientSecret });
  const via = (forwardedFor: string) => ({ 'x-forwarded-for': forwardedFor });

  it('locks out the guessing client, not the others behind the same proxy', async () => {
    const guesses = await flood(5, 1, () => login(t.server.url, wrong(), PROXY, via('198.51.100.7')));
    expect(guesses.map((answer) => answer.status)).toEqual([401, 401, 401, 429, 429]);
    // The attacker's own prefix is not read: nginx appends the real peer to what the client sent.
    const spoofed = await login(t.server.url, wrong(), PROXY, via('198.51.100.8, 198.51.100.7'));
    expect(spoofed.status).toBe(429);
    // Another client behind the proxy, through a second trusted hop too.
    expect((await login(t.server.url, right(), PROXY, via('198.51.100.8'))).status).toBe(200);
    expect((await login(t.server.url, right(), PROXY, via('198.51.100.8, 10.1.2.3'))).status).toBe(200);
    // The guessing client itself is refused even with the right secret until the window ends.
    expect((await login(t.server.url, right(), PROXY, via('198.51.100.7'))).status).toBe(429);
  }, 60_000);

  it('reads X-Forwarded-For only from a trusted proxy', async () => {
    // Sent straight from 127.0.0.10, the header is the client's own words: the socket counts.
    const direct = await flood(4, 1, () => login(t.server.url, wrong(), '127.0.0.10', via('198.51.100.20')));
    expect(direct.map((answer) => answer.status)).toEqual([401, 401, 401, 429]);
    expect((await login(t.server.url, right(), PROXY, via('198.51.100.20'))).status).toBe(200);
    expect((await login(t.server.url, right(), '127.0.0.10', via('198.51.100.21'))).status).toBe(429);
  }, 60_000);
});
