import {
  AuthenticationError,
  NetworkError,
  RateLimitError,
  ResponseLimitError,
  ServerError,
  TimeoutError,
} from '@conduit/protocol';
import type { TestServer } from '@conduit/testkit';
import { describe, expect, it } from 'vitest';
import { createTransport } from '../create-transport';
import type { TransportRetryEvent } from '../events/transport-hooks';
import { RateLimiter } from '../limit/rate-limiter';
import { flushMicrotasks, ManualClock } from '../test-utils/manual-clock';
import { useTestServers } from '../test-utils/use-test-servers';
import type { RetryOptions } from './retry-options';

const serve = useTestServers();

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

/** A retry policy that records its waits instead of sleeping. */
function recordedRetry(overrides: Partial<RetryOptions> = {}) {
  const sleeps: number[] = [];
  const retry: Partial<RetryOptions> = {
    random: () => 0.5,
    now: () => NOW,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
    },
    ...overrides,
  };
  return { retry, sleeps };
}

async function okServer(): Promise<TestServer> {
  return serve({ '*': (request) => ({ json: { ok: true, method: request.method } }) });
}

describe('retries', () => {
  it('retries a 5xx storm with full-jitter backoff, then succeeds', async () => {
    const server = await okServer();
    server.inject({ kind: 'server-error', status: 503 });
    server.inject({ kind: 'server-error', status: 500 });
    server.inject({ kind: 'server-error', status: 502, format: 'html' });
    const { retry, sleeps } = recordedRetry();
    const events: TransportRetryEvent[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      retry,
      hooks: { onRetry: (event) => events.push(event) },
    });
    await expect(transport.json({ path: '/x' })).resolves.toEqual({ ok: true, method: 'GET' });
    expect(server.requests).toHaveLength(4);
    // random 0.5 of min(10 000, 300 * 2^n)
    expect(sleeps).toEqual([150, 300, 600]);
    expect(events.map((event) => [event.attempt, event.status, event.delayMs, event.reason])).toEqual([
      [1, 503, 150, 'error'],
      [2, 500, 300, 'error'],
      [3, 502, 600, 'error'],
    ]);
  });

  it('caps the backoff at maxDelayMs and gives up after limit retries', async () => {
    const server = await okServer();
    server.inject({ kind: 'server-error' }, { times: 10 });
    const { retry, sleeps } = recordedRetry({ random: () => 0.999_999, limit: 5, maxDelayMs: 1_000 });
    const transport = createTransport({ baseUrl: server.url, retry });
    await expect(transport.json({ path: '/x' })).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(6);
    expect(sleeps).toEqual([299, 599, 999, 999, 999]);
  });

  it('honours Retry-After in seconds', async () => {
    const server = await okServer();
    server.inject({ kind: 'rate-limit', retryAfter: 2 });
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    await expect(transport.json({ path: '/x' })).resolves.toMatchObject({ ok: true });
    expect(sleeps).toEqual([2_000]);
  });

  it('honours Retry-After as an HTTP-date, against the injected clock', async () => {
    const server = await okServer();
    server.inject({ kind: 'rate-limit', retryAfter: new Date(NOW + 7_000) });
    server.inject({ kind: 'server-error', status: 503, retryAfter: new Date(NOW + 3_000) });
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    await expect(transport.json({ path: '/x' })).resolves.toMatchObject({ ok: true });
    expect(sleeps).toEqual([7_000, 3_000]);
  });

  it('fails at once with RateLimitError when Retry-After exceeds maxRetryAfterMs', async () => {
    const server = await okServer();
    server.inject({ kind: 'rate-limit', retryAfter: 120 });
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    const error = (await transport.json({ path: '/x' }).catch((reason: unknown) => reason)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('still backs off after a 429 without Retry-After', async () => {
    const server = await okServer();
    server.inject({ kind: 'rate-limit' }, { times: 2 });
    const { retry, sleeps } = recordedRetry({ random: () => 0 });
    const transport = createTransport({ baseUrl: server.url, retry });
    await expect(transport.json({ path: '/x' })).resolves.toMatchObject({ ok: true });
    // Full jitter drew 0; a 429 still waits at least initialDelayMs.
    expect(sleeps).toEqual([300, 300]);
  });

  it('rides out a 429 storm and ends with RateLimitError when it lasts too long', async () => {
    const server = await okServer();
    server.inject({ kind: 'rate-limit', retryAfter: 1 }, { times: 3 });
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    await expect(transport.json({ path: '/x' })).resolves.toMatchObject({ ok: true });
    expect(sleeps).toEqual([1_000, 1_000, 1_000]);

    server.inject({ kind: 'rate-limit', retryAfter: 1 }, { times: 10 });
    const error = (await transport.json({ path: '/x' }).catch((reason: unknown) => reason)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(1_000);
    expect(server.requests).toHaveLength(4 + 4);
  });

  it('pauses every caller of the limiter after a 429 with Retry-After', async () => {
    const server = await okServer();
    const clock = new ManualClock(NOW);
    const limiter = new RateLimiter({ requestsPerInterval: 100, intervalMs: 1_000, clock });
    server.inject({ kind: 'rate-limit', retryAfter: 2 }, { route: 'GET /first' });
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry, limiter });
    const first = transport.json({ path: '/first' });
    await waitFor(() => limiter.stats.queued === 1);
    expect(limiter.stats.pausedForMs).toBe(2_000);
    // Another caller of the same limiter (even on another transport) waits too.
    const other = createTransport({ baseUrl: server.url, limiter }).json({ path: '/second' });
    await flushMicrotasks();
    expect(limiter.stats.queued).toBe(2);
    expect(server.requests).toHaveLength(1);
    await clock.advance(2_000);
    await expect(first).resolves.toMatchObject({ ok: true });
    await expect(other).resolves.toMatchObject({ ok: true });
    expect(sleeps).toEqual([2_000]);
    expect(server.requests.map((request) => request.path)).toEqual(['/first', '/first', '/second']);
  });

  it('does not retry POST or PATCH unless the request is idempotent', async () => {
    const server = await okServer();
    const { retry } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    server.inject({ kind: 'server-error', status: 503 }, { times: 2 });
    await expect(transport.json({ method: 'POST', path: '/tasks', json: {} })).rejects.toBeInstanceOf(
      ServerError,
    );
    await expect(transport.json({ method: 'PATCH', path: '/tasks/1', json: {} })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(server.requests).toHaveLength(2);

    server.inject({ kind: 'server-error', status: 503 });
    await expect(
      transport.json({ method: 'POST', path: '/tasks', json: { a: 1 }, idempotent: true }),
    ).resolves.toEqual({
      ok: true,
      method: 'POST',
    });
    expect(server.requests).toHaveLength(4);
    expect(server.requests[3]?.json()).toEqual({ a: 1 }); // the body is sent again in full

    server.inject({ kind: 'server-error', status: 503 });
    await expect(transport.json({ method: 'PUT', path: '/tasks/1', json: {} })).resolves.toMatchObject({
      ok: true,
    });
    server.inject({ kind: 'server-error', status: 503 });
    await expect(transport.json({ path: '/x', idempotent: false })).rejects.toBeInstanceOf(ServerError);
  });

  it('never retries a body that cannot be sent twice', async () => {
    const server = await okServer();
    server.inject({ kind: 'server-error', status: 503 });
    const { retry } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('streamed'));
        controller.close();
      },
    });
    await expect(transport.json({ method: 'PUT', path: '/upload', body })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.text()).toBe('streamed');
  });

  it('retries network errors: a reset before the response and one in the middle of the body', async () => {
    const server = await serve({ 'GET /x': { json: { payload: 'y'.repeat(50_000) } } });
    server.inject({ kind: 'reset' });
    server.inject({ kind: 'reset', afterBytes: 1_000 });
    const { retry, sleeps } = recordedRetry();
    const events: TransportRetryEvent[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      retry,
      hooks: { onRetry: (event) => events.push(event) },
    });
    const data = await transport.json<{ payload: string }>({ path: '/x' });
    expect(data.payload).toHaveLength(50_000);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(events.map((event) => event.error.name)).toEqual(['NetworkError', 'NetworkError']);
    expect(events[1]?.error.message).toMatch(/other side closed|ECONNRESET|terminated/);
  });

  it('times out a stalled attempt and retries it', async () => {
    const server = await okServer();
    server.inject({ kind: 'stall' });
    server.inject({ kind: 'stall', afterBytes: 5 });
    const { retry } = recordedRetry();
    const events: TransportRetryEvent[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      retry,
      // The stalls never answer, so any timeout ends them; a short one also cut the healthy
      // third attempt when a loaded machine took longer than that to answer it.
      timeoutMs: 1_000,
      hooks: { onRetry: (event) => events.push(event) },
    });
    await expect(transport.json({ path: '/x' })).resolves.toMatchObject({ ok: true });
    expect(events.map((event) => event.error.name)).toEqual(['TimeoutError', 'TimeoutError']);

    server.inject({ kind: 'stall' });
    const error = (await transport
      .json({ path: '/x', retry: false, timeoutMs: 50 })
      .catch((reason: unknown) => reason)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(50);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(`GET ${server.url}/x timed out after 50 ms`);
  });

  it('does not retry, and rethrows the reason, when the caller aborts mid-request', async () => {
    const server = await okServer();
    server.inject({ kind: 'stall' });
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    const controller = new AbortController();
    const pending = transport.json({ path: '/x', signal: controller.signal });
    await waitFor(() => server.requests.length === 1);
    const reason = new DOMException('The user left', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects at once when aborted during a backoff sleep', async () => {
    const server = await okServer();
    server.inject({ kind: 'server-error', status: 503 });
    // The real sleep, and a backoff of a full minute.
    const transport = createTransport({
      baseUrl: server.url,
      retry: { initialDelayMs: 60_000, maxDelayMs: 60_000, random: () => 1 },
    });
    const controller = new AbortController();
    const pending = transport.json({ path: '/x', signal: controller.signal });
    await waitFor(() => server.requests.length === 1);
    await sleep(20);
    controller.abort();
    // "At once" needs no stopwatch (a loaded machine overran a 500 ms bound): the backoff is a
    // minute and the test's timeout 5 s, so only an abort that ends the sleep settles this.
    const error = await pending.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(server.requests).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const server = await okServer();
    const transport = createTransport({ baseUrl: server.url });
    const reason = new Error('cancelled earlier');
    await expect(transport.json({ path: '/x', signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(server.requests).toHaveLength(0);
  });

  it('lets an errorMapper veto the retry of a retryable status', async () => {
    const server = await okServer();
    server.inject({ kind: 'server-error', status: 503 });
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({
      baseUrl: server.url,
      retry,
      errorMapper: ({ status, request }) =>
        status === 503 ? new ServerError('maintenance', { status, request, retryable: false }) : undefined,
    });
    await expect(transport.json({ path: '/x' })).rejects.toThrow('maintenance');
    expect(sleeps).toEqual([]);
  });

  it('does not retry a 401 without a refreshable auth strategy', async () => {
    const server = await okServer();
    server.inject({ kind: 'reply', reply: { status: 401, json: { message: 'bad token' } } });
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    await expect(transport.json({ path: '/x' })).rejects.toBeInstanceOf(AuthenticationError);
    expect(sleeps).toEqual([]);
  });

  it('takes per-request retry settings over the transport ones', async () => {
    const server = await okServer();
    const { retry, sleeps } = recordedRetry();
    const transport = createTransport({ baseUrl: server.url, retry });
    server.inject({ kind: 'server-error' }, { times: 5 });
    await expect(transport.json({ path: '/x', retry: false })).rejects.toBeInstanceOf(ServerError);
    await expect(transport.json({ path: '/x', retry: { limit: 1 } })).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([150]);

    server.clearFaults();
    server.inject({ kind: 'server-error' });
    const off = createTransport({ baseUrl: server.url, retry: false });
    await expect(off.json({ path: '/x' })).rejects.toBeInstanceOf(ServerError);
    server.inject({ kind: 'server-error' });
    await expect(off.json({ path: '/x', retry })).resolves.toMatchObject({ ok: true });
  });

  it('reports the final failure once through onError', async () => {
    const server = await okServer();
    server.inject({ kind: 'server-error' }, { times: 3 });
    const { retry } = recordedRetry({ limit: 2 });
    const errors: unknown[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      retry,
      hooks: { onError: (event) => errors.push(event) },
    });
    await expect(transport.json({ path: '/x' })).rejects.toBeInstanceOf(ServerError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ attempt: 3, status: 500, request: { method: 'GET' } });
  });

  it('retries a NetworkError from a custom fetch like any other', async () => {
    let calls = 0;
    const fetch = async (input: RequestInfo | URL) => {
      calls += 1;
      if (calls === 1) {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('getaddrinfo ENOTFOUND api.test'), { code: 'ENOTFOUND' }),
        });
      }
      return Response.json({ url: String(input instanceof Request ? input.url : input) });
    };
    const { retry } = recordedRetry();
    const events: TransportRetryEvent[] = [];
    const transport = createTransport({
      baseUrl: 'http://api.test',
      fetch,
      retry,
      hooks: { onRetry: (event) => events.push(event) },
    });
    await expect(transport.json({ path: '/x' })).resolves.toEqual({ url: 'http://api.test/x' });
    expect(events[0]?.error).toBeInstanceOf(NetworkError);
    expect(events[0]?.error.message).toBe('GET http://api.test/x failed: getaddrinfo ENOTFOUND api.test');
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let index = 0; index < 400 && !condition(); index += 1) await sleep(5);
  if (!condition()) throw new Error('condition not met in time');
}

describe('refusals of a fetch layer', () => {
  it('are not retried when they say a retry cannot help (a response over its bounds), nor wrapped', async () => {
    let calls = 0;
    const refusal = new ResponseLimitError('decoded_bytes', 16 * 1024 * 1024);
    const transport = createTransport({
      baseUrl: 'http://upstream.test',
      retry: { limit: 3, initialDelayMs: 1, maxDelayMs: 1 },
      fetch: async () => {
        calls += 1;
        throw refusal;
      },
    });
    await expect(transport.json({ path: '/bomb' })).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });
});
