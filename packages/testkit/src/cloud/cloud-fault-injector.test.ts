import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callCloud } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

describe('injected faults and the request log', () => {
  let sim: CloudSimulator;
  let path: string;

  beforeAll(async () => {
    sim = await startCloudSimulator({ credentials: { clientId: 'id', clientSecret: 'very-secret' } });
    path = `/workspaces/${sim.workspaceId}`;
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    sim.faults.clear();
    sim.requests.clear();
  });

  it.each([
    [401, undefined],
    [403, 'forbidden'],
    [404, 'resource-not-found'],
    [500, 'unexpected-problem'],
    [503, 'service-unavailable'],
  ])('answers the next request with %i (%s) and then behaves normally', async (status, title) => {
    sim.faults.failNext(status);
    const faulted = await callCloud(sim, 'GET', path);
    expect(faulted.status).toBe(status);
    if (title === undefined) expect(faulted.text).toBe('');
    else expect(faulted.body).toMatchObject({ status, title });
    expect((await callCloud(sim, 'GET', path)).status).toBe(200);
    expect(sim.requests.count({ faulted: true })).toBe(1);
  });

  it('sends Retry-After on 429 and gateway-style bodies on 502 and 504', async () => {
    sim.faults.failNext(429, { retryAfterSeconds: 7 });
    const limited = await callCloud(sim, 'GET', path);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    sim.faults.failNext(429);
    expect((await callCloud(sim, 'GET', path)).headers.get('retry-after')).toBe('1');
    sim.faults.failNext(502);
    expect((await callCloud(sim, 'GET', path)).body).toEqual({ message: 'Bad Gateway' });
    sim.faults.failNext(504, { body: null });
    const empty = await callCloud(sim, 'GET', path);
    expect([empty.status, empty.text]).toEqual([504, '']);
  });

  it('targets faults by operation id and repeats them `times` times', async () => {
    sim.faults.failNext(503, { times: 2, match: { operationId: 'listConnections' } });
    expect((await callCloud(sim, 'GET', path)).status).toBe(200);
    expect((await callCloud(sim, 'GET', '/connections')).status).toBe(503);
    expect(sim.faults.pending).toBe(1);
    expect((await callCloud(sim, 'GET', '/connections')).status).toBe(503);
    expect((await callCloud(sim, 'GET', '/connections')).status).toBe(200);
    sim.faults.failNext(500, { match: { api: 'config' } });
    const config = await callCloud(sim, 'POST', '/state/get', { root: 'config', body: {} });
    expect(config.status).toBe(500);
    expect(config.body).toEqual({ message: 'Internal Server Error' });
  });

  it('delays a request in real time, then answers it normally', async () => {
    sim.faults.delayNext(150, { match: { path: `/v1${path}` } });
    const started = performance.now();
    expect((await callCloud(sim, 'GET', path)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('lets a client time out on a delayed request', async () => {
    sim.faults.delayNext(2_000);
    const attempt = fetch(`${sim.apiRoot}${path}`, {
      headers: { authorization: `Bearer ${sim.credentials.bearerToken}` },
      signal: AbortSignal.timeout(100),
    });
    await expect(attempt).rejects.toThrow();
  });

  it('drops the connection without an answer', async () => {
    sim.faults.dropNext({ match: { operationId: 'getWorkspace' } });
    await expect(fetch(`${sim.apiRoot}${path}`)).rejects.toThrow();
    expect(sim.requests.last).toMatchObject({ status: 0, faulted: true, operationId: 'getWorkspace' });
  });

  it('refuses meaningless faults', () => {
    expect(() => sim.faults.add({})).toThrow(/needs a status/);
    expect(() => sim.faults.failNext(500, { times: 0 })).toThrow(/times/);
  });

  it('logs requests with routes, operation ids, parsed queries and redacted secrets', async () => {
    await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      form: { grant_type: 'client_credentials', client_id: 'id', client_secret: 'very-secret' },
    });
    await callCloud(sim, 'GET', `/connections?workspaceIds=${sim.workspaceId}&limit=100&offset=0`);
    const [token, list] = sim.requests.all;
    expect(token).toMatchObject({
      method: 'POST',
      operationId: 'createAccessToken',
      route: '/applications/token',
      status: 200,
    });
    expect(JSON.stringify(token)).not.toContain('very-secret');
    expect(list).toMatchObject({
      operationId: 'listConnections',
      api: 'public',
      query: { workspaceIds: [sim.workspaceId], limit: ['100'], offset: ['0'] },
      headers: { authorization: '[REDACTED]' },
      at: sim.clock.now(),
    });
    expect(sim.requests.countsByOperation()).toEqual({ createAccessToken: 1, listConnections: 1 });
    expect(sim.requests.filter({ path: /connections/ })).toHaveLength(1);
  });
});
