import { afterEach, describe, expect, it } from 'vitest';
import { compileRoutePattern } from './route-pattern';
import { startTestServer, type TestServer } from './start-test-server';

const servers: TestServer[] = [];
async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Reads a body to the end, counting bytes, and reports how it ended. */
async function drain(response: Response): Promise<{ bytes: number; error?: unknown }> {
  let bytes = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      bytes += chunk.byteLength;
    return { bytes };
  } catch (error) {
    return { bytes, error };
  }
}

describe('startTestServer', () => {
  it('listens on 127.0.0.1 with an ephemeral port', async () => {
    const server = await start({ 'GET /ping': { json: { ok: true } } });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    const response = await fetch(`${server.url}/ping`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('routes by method and pattern, capturing params, and 404s the rest', async () => {
    const server = await start({
      'GET /tasks/:gid': (request) => ({
        json: { gid: request.params.gid, q: request.query.get('opt_fields') },
      }),
      'POST /tasks': (request) => ({ status: 201, json: { created: request.json() } }),
      '/files/*': (request) => ({ body: `file ${request.params['*']}` }),
    });
    expect(await (await fetch(`${server.url}/tasks/42?opt_fields=name`)).json()).toEqual({
      gid: '42',
      q: 'name',
    });
    const created = await fetch(`${server.url}/tasks`, {
      method: 'POST',
      body: JSON.stringify({ name: 'n' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ created: { name: 'n' } });
    expect(await (await fetch(`${server.url}/files/a/b.txt`, { method: 'PUT', body: 'x' })).text()).toBe(
      'file a/b.txt',
    );
    const missing = await fetch(`${server.url}/tasks`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      errors: [{ message: 'No route for DELETE /tasks (test server)' }],
    });
  });

  it('logs every request with method, url, headers and body', async () => {
    const server = await start(() => ({ status: 204 }));
    await fetch(`${server.url}/oauth/token?x=1`, {
      method: 'POST',
      headers: { authorization: 'Basic abc', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'r1' }),
    });
    await fetch(`${server.url}/a`);
    expect(server.requests).toHaveLength(2);
    const [token, plain] = server.requests;
    expect(token?.method).toBe('POST');
    expect(token?.url).toBe('/oauth/token?x=1');
    expect(token?.path).toBe('/oauth/token');
    expect(token?.query.get('x')).toBe('1');
    expect(token?.headers.authorization).toBe('Basic abc');
    expect(token?.form().get('refresh_token')).toBe('r1');
    expect(plain?.body.byteLength).toBe(0);
    expect(server.requestsTo('POST /oauth/token')).toHaveLength(1);
    expect(server.requestsTo('*')).toHaveLength(2);
    server.clearRequests();
    expect(server.requests).toHaveLength(0);
  });

  it('lets a handler write the raw response itself', async () => {
    const server = await start((_request, { response }) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('raw');
    });
    expect(await (await fetch(`${server.url}/`)).text()).toBe('raw');
  });

  it('answers 500 when a handler throws', async () => {
    const server = await start(() => {
      throw new Error('boom');
    });
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ errors: [{ message: 'Test handler failed: boom' }] });
  });

  it('streams iterable bodies with backpressure', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(7);
    const server = await start({
      'GET /big': {
        headers: { 'content-length': 128 * chunk.byteLength },
        body: (function* () {
          for (let index = 0; index < 128; index += 1) yield chunk;
        })(),
      },
    });
    const response = await fetch(`${server.url}/big`);
    expect(response.headers.get('content-length')).toBe(String(128 * chunk.byteLength));
    expect(await drain(response)).toEqual({ bytes: 128 * chunk.byteLength });
  });
});

describe('fault injection', () => {
  it('injects 429 with Retry-After in seconds for the next N requests', async () => {
    const server = await start({ 'GET /x': { json: { ok: true } } });
    server.inject({ kind: 'rate-limit', retryAfter: 2 }, { times: 2 });
    expect(server.pendingFaults).toBe(2);
    const statuses: number[] = [];
    const retryAfter: (string | null)[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await fetch(`${server.url}/x`);
      statuses.push(response.status);
      retryAfter.push(response.headers.get('retry-after'));
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([429, 429, 200]);
    expect(retryAfter).toEqual(['2', '2', null]);
    expect(server.pendingFaults).toBe(0);
  });

  it('injects 429 with Retry-After as an HTTP-date', async () => {
    const server = await start({ 'GET /x': { json: {} } });
    const at = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
    server.inject({ kind: 'rate-limit', retryAfter: at });
    const response = await fetch(`${server.url}/x`);
    expect(response.headers.get('retry-after')).toBe('Wed, 02 Jan 2030 03:04:05 GMT');
  });

  it('scopes faults to a route', async () => {
    const server = await start({ 'GET /a': { json: 'a' }, 'GET /b': { json: 'b' } });
    server.inject(
      { kind: 'server-error', status: 503 },
      { route: 'GET /b', times: Number.POSITIVE_INFINITY },
    );
    expect((await fetch(`${server.url}/a`)).status).toBe(200);
    expect((await fetch(`${server.url}/b`)).status).toBe(503);
    expect((await fetch(`${server.url}/b`)).status).toBe(503);
    server.clearFaults();
    expect((await fetch(`${server.url}/b`)).status).toBe(200);
  });

  it('injects 5xx with a JSON or an HTML body', async () => {
    const server = await start({ 'GET /x': { json: {} } });
    server.inject({ kind: 'server-error' });
    server.inject({ kind: 'server-error', status: 504, format: 'html' });
    const json = await fetch(`${server.url}/x`);
    expect(json.status).toBe(500);
    expect(await json.json()).toEqual({
      errors: [{ message: 'Server error 500 (injected by the test server)' }],
    });
    const html = await fetch(`${server.url}/x`);
    expect(html.status).toBe(504);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await html.text()).toContain('<h1>504 Server Error</h1>');
  });

  it('injects any canned reply', async () => {
    const server = await start({ 'GET /x': { json: {} } });
    server.inject({ kind: 'reply', reply: { status: 401, json: { error: 'invalid_token' } } });
    const response = await fetch(`${server.url}/x`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'invalid_token' });
  });

  it('delays a response, then answers normally', async () => {
    const server = await start({ 'GET /x': { json: 'late' } });
    server.inject({ kind: 'delay', ms: 120 });
    const started = performance.now();
    const response = await fetch(`${server.url}/x`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(await response.json()).toBe('late');
  });

  it('stalls before the headers until the client gives up', async () => {
    const server = await start({ 'GET /x': { json: {} } });
    server.inject({ kind: 'stall' });
    await expect(fetch(`${server.url}/x`, { signal: AbortSignal.timeout(100) })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('stalls after the headers and the first bytes of the body', async () => {
    const server = await start({ 'GET /x': { body: 'x'.repeat(10_000) } });
    server.inject({ kind: 'stall', afterBytes: 100 });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/x`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('10000');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBe(100);
    const next = reader.read();
    const outcome = await Promise.race([next.then(() => 'data'), sleep(150).then(() => 'stalled')]);
    expect(outcome).toBe('stalled');
    controller.abort();
    await expect(next).rejects.toBeDefined();
  });

  it('resets the connection before any response', async () => {
    const server = await start({ 'GET /x': { json: {} } });
    server.inject({ kind: 'reset' });
    const error = await fetch(`${server.url}/x`).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect(JSON.stringify(describeCause(error))).toMatch(/ECONNRESET|other side closed|socket/i);
  });

  it('resets the connection mid-body after the given bytes', async () => {
    const chunk = new Uint8Array(16 * 1024).fill(1);
    const server = await start({
      'GET /x': {
        headers: { 'content-length': 64 * chunk.byteLength },
        body: function* () {
          for (let index = 0; index < 64; index += 1) yield chunk;
        },
      },
    });
    server.inject({ kind: 'reset', afterBytes: 40_000 });
    const response = await fetch(`${server.url}/x`);
    expect(response.status).toBe(200);
    const result = await drain(response);
    expect(result.bytes).toBe(40_000);
    expect(result.error).toBeInstanceOf(TypeError);
    expect((result.error as TypeError).message).toBe('terminated');
    // The next request gets a clean answer.
    expect((await drain(await fetch(`${server.url}/x`))).bytes).toBe(64 * chunk.byteLength);
  });
});

describe('close', () => {
  it('closes promptly with stalled and keep-alive connections open', async () => {
    const server = await startTestServer({ 'GET /x': { json: {} } });
    await (await fetch(`${server.url}/x`)).json(); // leaves a keep-alive connection
    server.inject({ kind: 'stall' });
    server.inject({ kind: 'stall', afterBytes: 1 });
    const hanging = fetch(`${server.url}/x`).catch((error: unknown) => error);
    const partial = await fetch(`${server.url}/x`);
    const partialBody = drain(partial);
    await waitFor(() => server.requests.length === 3);
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await hanging).toBeInstanceOf(TypeError);
    expect((await partialBody).error).toBeInstanceOf(TypeError);
    await server.close(); // twice is fine
    await expect(fetch(`${server.url}/x`)).rejects.toThrow('fetch failed');
  });

  it('supports await using', async () => {
    let url = '';
    {
      await using server = await startTestServer({ 'GET /x': { json: 1 } });
      url = server.url;
      expect((await fetch(`${url}/x`)).status).toBe(200);
    }
    await expect(fetch(`${url}/x`)).rejects.toThrow('fetch failed');
  });

  it('stops a streaming handler when the server closes', async () => {
    let produced = 0;
    const server = await startTestServer({
      'GET /endless': {
        body: (async function* () {
          const chunk = new Uint8Array(64 * 1024);
          for (;;) {
            produced += 1;
            yield chunk;
          }
        })(),
      },
    });
    const response = await fetch(`${server.url}/endless`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await server.close();
    const before = produced;
    await sleep(50);
    expect(produced).toBe(before);
  });
});

describe('compileRoutePattern', () => {
  it('matches methods, params and wildcards', () => {
    expect(compileRoutePattern('GET /tasks/:gid').match('get', '/tasks/1')).toEqual({ gid: '1' });
    expect(compileRoutePattern('GET /tasks/:gid').match('POST', '/tasks/1')).toBeUndefined();
    expect(compileRoutePattern('/tasks/:gid').match('PUT', '/tasks/1/')).toEqual({ gid: '1' });
    expect(compileRoutePattern('/tasks/:gid').match('GET', '/tasks/1/stories')).toBeUndefined();
    expect(compileRoutePattern('/a.b/*').match('GET', '/a.b/c/d')).toEqual({ '*': 'c/d' });
    expect(compileRoutePattern('/a.b').match('GET', '/aXb')).toBeUndefined();
    expect(compileRoutePattern('*').match('DELETE', '/anything')).toEqual({ '*': '/anything' });
    expect(compileRoutePattern('/users/:name').match('GET', '/users/a%20b')).toEqual({ name: 'a b' });
    expect(() => compileRoutePattern('GET tasks')).toThrow('must start with "/"');
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let index = 0; index < 200 && !condition(); index += 1) await sleep(5);
  if (!condition()) throw new Error('condition not met');
}

function describeCause(error: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = error;
  while (current instanceof Error) {
    messages.push(`${current.message} ${(current as { code?: string }).code ?? ''}`);
    current = current instanceof AggregateError ? current.errors[0] : current.cause;
  }
  return messages;
}
