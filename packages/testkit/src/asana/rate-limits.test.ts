import { afterEach, describe, expect, it } from 'vitest';
import { type AsanaSimulator, type AsanaSimulatorOptions, startAsanaSimulator } from './asana-simulator';
import { AsanaRateLimiter } from './rate-limiter';

const MESSAGE =
  "You've made too many requests and hit a rate limit. Please retry after the given amount of time.";
let sim: AsanaSimulator | undefined;

async function start(options: AsanaSimulatorOptions): Promise<AsanaSimulator> {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 2 }, clock: 'manual', ...options });
  return sim;
}

async function get(simulator: AsanaSimulator, path: string, token = simulator.tokens.personalAccessToken) {
  const response = await fetch(`${simulator.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('AsanaRateLimiter', () => {
  it('computes Retry-After from the oldest entries that must age out', () => {
    const limiter = new AsanaRateLimiter({ requests: 2, windowMs: 10_000 });
    expect(limiter.admit('t', 0, { method: 'GET', search: false }).ok).toBe(true);
    expect(limiter.admit('t', 4_000, { method: 'GET', search: false }).ok).toBe(true);
    const rejected = limiter.admit('t', 5_000, { method: 'GET', search: false });
    expect(rejected).toEqual({ ok: false, retryAfterSeconds: 9, reason: 'quota' });
  });

  it('keeps separate budgets per token and can be switched off', () => {
    const limiter = new AsanaRateLimiter({ requests: 1 });
    expect(limiter.admit('a', 0, { method: 'GET', search: false }).ok).toBe(true);
    expect(limiter.admit('b', 0, { method: 'GET', search: false }).ok).toBe(true);
    expect(limiter.admit('a', 0, { method: 'GET', search: false }).ok).toBe(false);
    limiter.configure({ enabled: false });
    expect(limiter.admit('a', 0, { method: 'GET', search: false }).ok).toBe(true);
  });

  it('releases concurrency slots exactly once', () => {
    const limiter = new AsanaRateLimiter({ concurrentGets: 1 });
    const first = limiter.admit('t', 0, { method: 'GET', search: false });
    expect(limiter.admit('t', 0, { method: 'GET', search: false })).toMatchObject({
      ok: false,
      reason: 'concurrency',
    });
    if (!first.ok) throw new Error('expected admission');
    first.release();
    first.release();
    expect(limiter.inFlightFor('t')).toBe(0);
    expect(limiter.admit('t', 0, { method: 'GET', search: false }).ok).toBe(true);
  });
});

describe('rate limiting over HTTP', () => {
  it('answers 429 with an integer Retry-After and the standard message past the quota', async () => {
    const simulator = await start({ rateLimit: { requests: 150, windowMs: 6_000 } });
    for (let i = 0; i < 150; i += 1) expect((await get(simulator, '/users/me')).status).toBe(200);
    const limited = await get(simulator, '/users/me');
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBe('6');
    expect(limited.body).toEqual({ errors: [expect.objectContaining({ message: MESSAGE })] });
    simulator.clock.advance(6_000);
    expect((await get(simulator, '/users/me')).status).toBe(200);
  });

  it('counts rejected requests against the quota', async () => {
    const simulator = await start({ rateLimit: { requests: 5, windowMs: 10_000 } });
    for (let i = 0; i < 5; i += 1) expect((await get(simulator, '/workspaces')).status).toBe(200);
    simulator.clock.advance(9_000);
    for (let i = 0; i < 5; i += 1) expect((await get(simulator, '/workspaces')).status).toBe(429);
    simulator.clock.advance(1_000);
    // The five successes have aged out, but the five rejections of second 9 still fill the window.
    const still = await get(simulator, '/workspaces');
    expect(still.status).toBe(429);
    expect(Number(still.retryAfter)).toBeGreaterThanOrEqual(1);
    simulator.clock.advance(Number(still.retryAfter) * 1000);
    expect((await get(simulator, '/workspaces')).status).toBe(200);
  });

  it('limits each token separately', async () => {
    const simulator = await start({ rateLimit: { requests: 2, windowMs: 60_000 } });
    const second = simulator.issuePersonalAccessToken();
    await get(simulator, '/users/me');
    await get(simulator, '/users/me');
    expect((await get(simulator, '/users/me')).status).toBe(429);
    expect((await get(simulator, '/users/me', second)).status).toBe(200);
  });

  it('limits task search to its own quota', async () => {
    const simulator = await start({ rateLimit: { searchRequests: 2 } });
    const workspace = simulator.data.workspaces[0]!.gid;
    expect((await get(simulator, `/workspaces/${workspace}/tasks/search?text=review`)).status).toBe(200);
    expect((await get(simulator, `/workspaces/${workspace}/tasks/search`)).status).toBe(200);
    const limited = await get(simulator, `/workspaces/${workspace}/tasks/search`);
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBe('60');
    expect((await get(simulator, '/users/me')).status).toBe(200);
  });

  it('gates concurrent GETs per token at 50', async () => {
    // Slow enough that all 52 requests are in flight together even on a busy machine.
    const simulator = await start({ latencyMs: 1_000, clock: 'real' });
    const replies = await Promise.all(Array.from({ length: 52 }, () => get(simulator, '/users/me')));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    const limited = replies.filter((reply) => reply.status === 429);
    expect(limited).toHaveLength(2);
    expect(limited[0]!.retryAfter).toMatch(/^\d+$/);
    // Slots free up once the slow requests finish.
    expect((await get(simulator, '/users/me')).status).toBe(200);
  });

  it('can be changed or disabled at runtime', async () => {
    const simulator = await start({ rateLimit: { requests: 1 } });
    await get(simulator, '/users/me');
    expect((await get(simulator, '/users/me')).status).toBe(429);
    simulator.setRateLimit(false);
    expect((await get(simulator, '/users/me')).status).toBe(200);
  });
});
