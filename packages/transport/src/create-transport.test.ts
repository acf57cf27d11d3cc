import {
  ApiError,
  AuthenticationError,
  ConduitError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  ValidationError,
} from '@conduit/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { bearerAuth } from './auth/bearer-auth';
import { createTransport } from './create-transport';
import { useTestServers } from './test-utils/use-test-servers';
import { VERSION } from './version';

const serve = useTestServers();
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('createTransport: requests', () => {
  it('joins paths onto the base URL, keeping its prefix, and appends the query', async () => {
    const server = await serve({ 'GET /api/1.0/tasks': { json: { data: [] } } });
    const transport = createTransport({ baseUrl: `${server.url}/api/1.0/` });
    const response = await transport.request({
      path: '/tasks',
      query: {
        project: '12',
        limit: 5,
        archived: false,
        skip: undefined,
        none: null,
        opt_fields: ['name', 'notes'],
      },
    });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ data: [] });
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(server.requests[0]?.url).toBe(
      '/api/1.0/tasks?project=12&limit=5&archived=false&opt_fields=name&opt_fields=notes',
    );
  });

  it('refuses a path that climbs out of the base path', async () => {
    const transport = createTransport({ baseUrl: 'http://127.0.0.1:9/api/1.0', fetch: vi.fn() });
    await expect(transport.json({ path: '/tasks/../../admin' })).rejects.toBeInstanceOf(ValidationError);
    // Percent-encoded dots are dot segments to the URL parser too.
    await expect(transport.json({ path: '/%2e%2e/%2E%2E/admin' })).rejects.toThrow(
      'resolves outside the base URL path',
    );
  });

  it('sends JSON, form and raw bodies', async () => {
    const server = await serve((request) => ({
      json: { type: request.headers['content-type'], body: request.text(), method: request.method },
    }));
    const transport = createTransport({ baseUrl: server.url });
    expect(await transport.json({ method: 'POST', path: '/a', json: { name: 'x' } })).toEqual({
      type: 'application/json',
      body: '{"name":"x"}',
      method: 'POST',
    });
    expect(await transport.json({ method: 'PUT', path: '/a', form: { a: '1', b: 'x y' } })).toEqual({
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'a=1&b=x+y',
      method: 'PUT',
    });
    expect(
      await transport.json({
        method: 'PATCH',
        path: '/a',
        body: 'plain',
        headers: { 'content-type': 'text/plain' },
      }),
    ).toEqual({ type: 'text/plain', body: 'plain', method: 'PATCH' });
  });

  it('rejects conflicting or impossible bodies before sending anything', async () => {
    const fetch = vi.fn();
    const transport = createTransport({ baseUrl: 'http://127.0.0.1:9', fetch });
    await expect(transport.json({ method: 'POST', path: '/a', json: {}, form: {} })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(transport.json({ path: '/a', json: {} })).rejects.toThrow(
      'a GET request cannot have a body',
    );
    await expect(transport.json({})).rejects.toThrow('give a path');
    await expect(transport.json({ path: '/a', url: 'http://x.test/' })).rejects.toThrow('not both');
    expect(fetch).not.toHaveBeenCalled();
    expect(() => createTransport({ baseUrl: 'not a url' })).toThrow(ValidationError);
    expect(() => createTransport({ baseUrl: 'ftp://x.test' })).toThrow('http or https');
    expect(() => createTransport({ baseUrl: 'http://x.test', timeoutMs: 0 })).toThrow(ValidationError);
  });

  it('reads text, bytes and empty bodies', async () => {
    const server = await serve({
      'GET /text': { body: 'hello', headers: { 'content-type': 'text/plain' } },
      // Not UTF-8: a bytes call must get them as sent, not through a text decoding.
      'GET /bytes': { body: new Uint8Array([0xff, 0xfe, 0x80, 1]) },
      'DELETE /gone': { status: 204 },
      'GET /empty': { status: 200 },
      'HEAD /head': { headers: { 'x-count': '3' } },
    });
    const transport = createTransport({ baseUrl: server.url });
    expect(await transport.json({ path: '/text', responseType: 'text' })).toBe('hello');
    expect(await transport.json({ path: '/bytes', responseType: 'bytes' })).toEqual(
      new Uint8Array([0xff, 0xfe, 0x80, 1]),
    );
    expect(await transport.request({ method: 'DELETE', path: '/gone' })).toMatchObject({
      status: 204,
      data: undefined,
    });
    expect(await transport.json({ path: '/empty' })).toBeUndefined();
    const head = await transport.request({ method: 'HEAD', path: '/head' });
    expect(head.headers.get('x-count')).toBe('3');
    expect(server.requests[0]?.headers.accept).toBe('*/*');
  });

  it('validates responses with a schema and types the data', async () => {
    const server = await serve({
      'GET /ok': { json: { data: { gid: '1', name: 'n', extra: true } } },
      'GET /bad': { json: { data: { gid: 1 } } },
      'GET /html': { body: '<html>login</html>', headers: { 'content-type': 'text/html' } },
    });
    const transport = createTransport({ baseUrl: server.url });
    const Task = z.object({ data: z.object({ gid: z.string(), name: z.string() }) });
    const task = await transport.json({ path: '/ok', schema: Task });
    expect(task.data.name).toBe('n');
    const error = await transport.json({ path: '/bad', schema: Task }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).details.map((detail) => detail.field)).toEqual([
      'data.gid',
      'data.name',
    ]);
    expect((error as ResponseValidationError).retryable).toBe(false);
    const notJson = await transport.json({ path: '/html' }).catch((reason: unknown) => reason);
    expect(notJson).toBeInstanceOf(ResponseValidationError);
    expect((notJson as Error).message).toContain('is not JSON (text/html');
  });

  it("uses the platform's globalThis.fetch by default, looked up per request", async () => {
    const server = await serve({ 'GET /x': { json: 'real' } });
    const transport = createTransport({ baseUrl: server.url });
    const realFetch = globalThis.fetch;
    const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => realFetch(input, init));
    vi.stubGlobal('fetch', spy);
    expect(await transport.json({ path: '/x' })).toBe('real');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('uses an injected fetch', async () => {
    const fetch = vi.fn(async () => Response.json({ injected: true }));
    const transport = createTransport({ baseUrl: 'http://api.test/v1', fetch });
    expect(await transport.json({ path: '/x' })).toEqual({ injected: true });
    const request = (fetch.mock.calls[0] as unknown as [Request])[0];
    expect(request.url).toBe('http://api.test/v1/x');
  });

  it("hands an injected fetch no option of the transport's own, whatever layers are on", async () => {
    const inits: (RequestInit | undefined)[] = [];
    const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init);
      return Response.json({ ok: true });
    };
    const caller = new AbortController();
    const transport = createTransport({
      baseUrl: 'http://api.test/v1',
      fetch,
      limiter: { requestsPerInterval: 10, intervalMs: 1_000 },
      hooks: { onRequest: () => undefined, onResponse: () => undefined },
    });
    await transport.json({ path: '/x' });
    await transport.json({ path: '/x', signal: caller.signal });
    const stream = await transport.stream({ path: '/file' });
    await stream.cancel();
    expect(inits).toHaveLength(3);
    for (const init of inits) expect(Object.keys(init ?? {}).filter((key) => key !== 'signal')).toEqual([]);
    // The caller's signal (and a stream's own controller) reach the fetch as its signal.
    expect(inits[1]?.signal).toBeInstanceOf(AbortSignal);
    expect(inits[2]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('keeps the call state through retries, a timed-out attempt and a 401 replay, and off the fetch', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const attempts = new Map<string, number>();
    let token = 'old';
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init);
      const request = input as Request;
      const path = new URL(request.url).pathname;
      const attempt = (attempts.get(path) ?? 0) + 1;
      attempts.set(path, attempt);
      if (path === '/flaky' && attempt === 1) return Response.json({}, { status: 503 });
      if (path === '/slow' && attempt === 1) {
        // Never answers: ky's timeout ends the attempt through the signal the fetch was given.
        return new Promise<Response>((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      }
      if (path === '/me' && request.headers.get('authorization') === 'Bearer old') {
        token = 'new'; // rotated while the attempt was in flight
        return Response.json({}, { status: 401 });
      }
      return Response.json({ path, attempt });
    };
    const retries: number[] = [];
    const transport = createTransport({
      baseUrl: 'http://api.test',
      fetch,
      auth: bearerAuth(() => token),
      retry: { initialDelayMs: 1, maxDelayMs: 1 },
      limiter: { requestsPerInterval: 100, intervalMs: 1_000 },
      hooks: { onRetry: (event) => retries.push(event.attempt) },
    });
    expect(await transport.json({ path: '/flaky' })).toEqual({ path: '/flaky', attempt: 2 });
    expect(await transport.json({ path: '/slow', timeoutMs: 50 })).toEqual({ path: '/slow', attempt: 2 });
    expect(await transport.json({ path: '/me' })).toEqual({ path: '/me', attempt: 2 });
    expect(retries).toEqual([1, 1, 1]);
    expect(inits).toHaveLength(6);
    for (const init of inits) expect(Object.keys(init ?? {}).filter((key) => key !== 'signal')).toEqual([]);
    expect(transport.limiter?.stats).toMatchObject({ inFlight: 0, queued: 0 });
  });
});

describe('createTransport: headers, User-Agent and auth placement', () => {
  it('sends the User-Agent with the caller tokens first, then ours and the runtime', async () => {
    const server = await serve({ 'GET /x': { json: 1 } });
    const transport = createTransport({
      baseUrl: server.url,
      userAgent: ['conduit-asana/0.1.0'],
      headers: { 'x-team': 'a' },
    });
    await transport.json({ path: '/x', headers: { 'x-team': 'b', 'x-extra': 'c' } });
    const headers = server.requests[0]!.headers;
    expect(headers['user-agent']).toBe(
      `conduit-asana/0.1.0 conduit-transport/${VERSION} node/${process.versions.node}`,
    );
    expect(headers['user-agent']).toMatch(/^conduit-asana\/0\.1\.0 conduit-transport\/\S+ node\/24\./);
    expect(headers['x-team']).toBe('b');
    expect(headers['x-extra']).toBe('c');
    expect(headers.accept).toBe('application/json');
  });

  it('authorizes requests to the base origin only, unless told otherwise', async () => {
    const api = await serve({ 'GET /api/me': { json: 'me' } });
    const files = await serve({ 'GET /signed/file': { body: 'bytes' } });
    const transport = createTransport({ baseUrl: `${api.url}/api`, auth: bearerAuth('secret-pat') });
    await transport.json({ path: '/me' });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer secret-pat');

    // A signed URL on another host never gets the token, by default or with auth: false.
    await transport.json({ url: `${files.url}/signed/file?sig=1`, responseType: 'text' });
    await transport.json({ url: `${files.url}/signed/file?sig=2`, responseType: 'text', auth: false });
    expect(files.requests.map((request) => request.headers.authorization)).toEqual([undefined, undefined]);

    // auth: false on the base origin, and auth: true across origins, both do what they say.
    await transport.json({ path: '/me', auth: false });
    expect(api.requests[1]?.headers.authorization).toBeUndefined();
    await transport.json({ url: `${files.url}/signed/file`, responseType: 'text', auth: true });
    expect(files.requests[2]?.headers.authorization).toBe('Bearer secret-pat');
  });

  it('drops a transport-wide Authorization header on other origins', async () => {
    const api = await serve({ '*': { json: 1 } });
    const other = await serve({ '*': { json: 2 } });
    const transport = createTransport({ baseUrl: api.url, headers: { Authorization: 'Bearer static' } });
    await transport.json({ path: '/x' });
    await transport.json({ url: `${other.url}/y` });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer static');
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe('createTransport: error mapping', () => {
  const statusCases = [
    [401, AuthenticationError, 'unauthorized'],
    [403, PermissionError, 'forbidden'],
    [404, NotFoundError, 'not_found'],
    [400, ApiError, 'api_error'],
    [409, ApiError, 'api_error'],
    [500, ServerError, 'server_error'],
    [501, ServerError, 'server_error'],
  ] as const;

  it.each(statusCases)('maps %i to %s', async (status, ErrorClass, code) => {
    const server = await serve({
      '*': { status, json: { errors: [{ message: `upstream says ${status}` }] } },
    });
    const transport = createTransport({ baseUrl: server.url, retry: false });
    const error = (await transport.json({ path: '/tasks/1' }).catch((reason: unknown) => reason)) as ApiError;
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.message).toBe(`upstream says ${status}`);
    expect(error.responseBody).toEqual({ errors: [{ message: `upstream says ${status}` }] });
    expect(error.request).toMatchObject({ method: 'GET', url: `${server.url}/tasks/1` });
  });

  it('maps 429 to RateLimitError with retryAfterMs', async () => {
    const server = await serve({
      '*': { status: 429, headers: { 'retry-after': '30' }, json: { message: 'slow down' } },
    });
    const transport = createTransport({ baseUrl: server.url, retry: false });
    const error = (await transport.json({ path: '/x' }).catch((reason: unknown) => reason)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('slow down');
  });

  it('reads messages from the usual error body shapes', async () => {
    const bodies = [
      [{ message: 'plain message' }, 'plain message'],
      [{ error: 'invalid_request', error_description: 'described' }, 'described'],
      [{ error: 'just_a_code' }, 'just_a_code'],
      [{ error: { message: 'nested' } }, 'nested'],
      [{ errors: [{ message: 'asana style', help: 'h' }] }, 'asana style'],
      [{ unrelated: true }, 'HTTP 422 Unprocessable Entity'],
    ] as const;
    let index = 0;
    const server = await serve(() => ({ status: 422, json: bodies[index++]?.[0] }));
    const transport = createTransport({ baseUrl: server.url, retry: false });
    for (const [, message] of bodies) {
      await expect(transport.json({ path: '/x' })).rejects.toThrow(message);
    }
  });

  it('tolerates an HTML 504 body, keeping a truncated text', async () => {
    const server = await serve({ '*': { json: {} } });
    server.inject({ kind: 'server-error', status: 504, format: 'html' });
    const transport = createTransport({ baseUrl: server.url, retry: false });
    const error = (await transport.json({ path: '/x' }).catch((reason: unknown) => reason)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('HTTP 504 Gateway Timeout');
    expect(error.responseBody).toContain('<h1>504 Server Error</h1>');
    const huge = await serve({ '*': { status: 502, body: `<html>${'x'.repeat(10_000)}</html>` } });
    const big = (await createTransport({ baseUrl: huge.url, retry: false })
      .json({ path: '/' })
      .catch((reason: unknown) => reason)) as ServerError;
    expect(String(big.responseBody).length).toBeLessThan(2_100);
    expect(String(big.responseBody)).toContain('more characters)');
  });

  it('lets an errorMapper produce connector errors, falling back to the default mapping', async () => {
    const server = await serve({
      'GET /premium': { status: 402, json: { errors: [{ message: 'Premium only' }] } },
      'GET /missing': { status: 404, json: { errors: [{ message: 'Unknown object' }] } },
    });
    const seen: number[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      errorMapper: ({ status, body, headers, request }) => {
        seen.push(status);
        expect(headers.get('content-type')).toContain('application/json');
        if (status !== 402) return undefined;
        return new ApiError(`premium: ${JSON.stringify(body)}`, {
          status,
          code: 'premium_required',
          request,
        });
      },
    });
    await expect(transport.json({ path: '/premium' })).rejects.toMatchObject({
      code: 'premium_required',
      status: 402,
    });
    await expect(transport.json({ path: '/missing' })).rejects.toBeInstanceOf(NotFoundError);
    expect(seen).toEqual([402, 404]);
  });

  it('turns a refused connection into a NetworkError naming the cause', async () => {
    const server = await serve({ '*': { json: 1 } });
    const url = server.url;
    await server.close();
    const transport = createTransport({ baseUrl: url, retry: false });
    const error = (await transport.json({ path: '/x' }).catch((reason: unknown) => reason)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).toContain(`GET ${url}/x failed`);
  });

  it('surfaces errors that are not HTTP or network failures untouched', async () => {
    const bug = new RangeError('bug in a custom fetch');
    const transport = createTransport({
      baseUrl: 'http://api.test',
      fetch: async () => {
        throw bug;
      },
    });
    await expect(transport.json({ path: '/x' })).rejects.toBe(bug);
  });

  it('gives every error a redacted request and a JSON form', async () => {
    const server = await serve({ '*': { status: 403, json: { message: 'no' } } });
    const transport = createTransport({ baseUrl: server.url, auth: bearerAuth('tok-123'), retry: false });
    const error = (await transport
      .json({ path: '/x', query: { access_token: 'tok-123', page: 2 } })
      .catch((reason: unknown) => reason)) as ConduitError;
    expect(ConduitError.isInstance(error)).toBe(true);
    const json = JSON.stringify(error);
    expect(json).not.toContain('tok-123');
    expect(error.request?.headers?.authorization).toBe('[REDACTED]');
    expect(error.request?.url).toBe(`${server.url}/x?access_token=[REDACTED]&page=2`);
  });
});
