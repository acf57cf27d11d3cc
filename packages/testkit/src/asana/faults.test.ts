import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';

let sim: AsanaSimulator;
const auth = () => ({ authorization: `Bearer ${sim.tokens.personalAccessToken}` });

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 4 }, rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.faults.clear();
});

describe('status faults', () => {
  it('answers 500 with a phrase, and with the phrase given', async () => {
    sim.faults.inject({ kind: 'status', status: 500 });
    sim.faults.inject({ kind: 'status', status: 500, phrase: '6 sad squid snuggle softly' });
    const first = await fetch(`${sim.baseUrl}/users/me`, { headers: auth() });
    expect(first.status).toBe(500);
    const body = (await first.json()) as { errors: Array<{ message: string; phrase: string }> };
    expect(body.errors[0]!.message).toBe('Server Error');
    expect(body.errors[0]!.phrase).toMatch(/^\d+ \w+ \w+ \w+ \w+$/);
    const second = (await (
      await fetch(`${sim.baseUrl}/users/me`, { headers: auth() })
    ).json()) as typeof body;
    expect(second.errors[0]!.phrase).toBe('6 sad squid snuggle softly');
    expect((await fetch(`${sim.baseUrl}/users/me`, { headers: auth() })).status).toBe(200);
  });

  it('answers 504 with an HTML page, not JSON', async () => {
    sim.faults.failNext(504);
    const response = await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() });
    expect(response.status).toBe(504);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toContain('<h1>504 Gateway Time-out</h1>');
  });

  it.each([
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [451, 'Unavailable For Legal Reasons'],
    [403, 'Forbidden'],
  ])('answers %i in the JSON error envelope', async (status, message) => {
    sim.faults.failNext(status);
    const response = await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(((await response.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe(
      message,
    );
  });

  it('answers an injected 429 with Retry-After, and a 503 with one when asked', async () => {
    sim.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 7 });
    sim.faults.inject({ kind: 'status', status: 503, retryAfterSeconds: 2 });
    const limited = await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    const unavailable = await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() });
    expect(unavailable.headers.get('retry-after')).toBe('2');
  });

  it('applies to the next N requests matching method and path only', async () => {
    const handle = sim.faults.failNext(503, { times: 2, path: '/tasks/*', method: 'GET' });
    const task = sim.data.taskGids()[0]!;
    expect((await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() })).status).toBe(200);
    expect(handle.remaining()).toBe(2);
    expect((await fetch(`${sim.baseUrl}/tasks/${task}`, { headers: auth() })).status).toBe(503);
    expect((await fetch(`${sim.baseUrl}/tasks/${task}`, { headers: auth() })).status).toBe(503);
    expect((await fetch(`${sim.baseUrl}/tasks/${task}`, { headers: auth() })).status).toBe(200);
    expect(sim.faults.pending()).toBe(0);
    sim.faults.failNext(500, { path: /^\/projects\/\d+$/ });
    expect(
      (await fetch(`${sim.baseUrl}/projects/${sim.data.projects[0]!.gid}`, { headers: auth() })).status,
    ).toBe(500);
  });

  it('can be cancelled', async () => {
    sim.faults.failNext(500, { times: 5 }).cancel();
    expect((await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() })).status).toBe(200);
  });
});

describe('connection faults', () => {
  it('delays a response', async () => {
    sim.faults.inject({ kind: 'delay', ms: 250 });
    const started = performance.now();
    expect((await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('resets the connection before any response', async () => {
    sim.faults.inject({ kind: 'reset' });
    await expect(fetch(`${sim.baseUrl}/workspaces`, { headers: auth() })).rejects.toThrow();
    expect(sim.requests.last({ target: 'api' })?.fault).toBe('reset');
  });

  it('resets the connection in the middle of a body', async () => {
    sim.faults.inject({ kind: 'reset', afterBytes: 10 });
    const response = await fetch(`${sim.baseUrl}/users/me`, { headers: auth() });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('stalls: the request never completes until the client gives up', async () => {
    sim.faults.inject({ kind: 'stall' });
    await expect(
      fetch(`${sim.baseUrl}/workspaces`, { headers: auth(), signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect((await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() })).status).toBe(200);
  });

  it('closes promptly even while a request is stalled', async () => {
    const stalled = await startAsanaSimulator({ dataset: sim.data, rateLimit: false });
    stalled.faults.inject({ kind: 'stall', afterBytes: 5 });
    const pending = fetch(`${stalled.baseUrl}/workspaces`, {
      headers: { authorization: `Bearer ${stalled.tokens.personalAccessToken}` },
    }).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await stalled.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(pending).rejects.toThrow();
  });

  it('targets the OAuth endpoint when asked, leaving the API alone', async () => {
    sim.faults.failNext(503, { target: 'oauth' });
    expect((await fetch(`${sim.baseUrl}/workspaces`, { headers: auth() })).status).toBe(200);
    const response = await fetch(sim.oauthTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token' }),
    });
    expect(response.status).toBe(503);
  });
});

describe('request log', () => {
  it('records method, path, route, query, raw headers and status, with counters', async () => {
    sim.requests.clear();
    const task = sim.data.taskGids()[0]!;
    await fetch(`${sim.baseUrl}/tasks/${task}?opt_fields=name&opt_fields=notes`, { headers: auth() });
    await fetch(`${sim.baseUrl}/tasks/${task}`);
    const [first, second] = sim.requests.all();
    expect(first).toMatchObject({
      seq: 1,
      target: 'api',
      method: 'GET',
      path: `/tasks/${task}`,
      route: '/tasks/{task_gid}',
      query: { opt_fields: ['name', 'notes'] },
      status: 200,
    });
    expect(first!.headers.authorization).toBe(`Bearer ${sim.tokens.personalAccessToken}`);
    expect(second!.status).toBe(401);
    expect(sim.requests.count({ route: '/tasks/{task_gid}' })).toBe(1);
    expect(sim.requests.count({ path: '/tasks/*' })).toBe(2);
    expect(sim.requests.countByStatus()).toEqual({ 200: 1, 401: 1 });
    expect(sim.requests.countByRoute()).toEqual({
      'api GET /tasks/{task_gid}': 1,
      [`api GET /tasks/${task}`]: 1,
    });
    expect(sim.requests.countByPath()).toEqual({ [`api GET /tasks/${task}`]: 2 });
    expect(sim.requests.total).toBe(2);
  });
});
