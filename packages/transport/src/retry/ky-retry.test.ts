import { RateLimitError, ServerError } from '@conduit/protocol';
import ky from 'ky';
import { describe, expect, it } from 'vitest';
import type { TransportRetryEvent } from '../events/transport-hooks';
import { withCallState } from '../request/call-state';
import { testCallState } from '../test-utils/call-state';
import { useTestServers } from '../test-utils/use-test-servers';
import { kyRetry, retryWaitHook } from './ky-retry';
import type { RetryOptions } from './retry-options';

const serve = useTestServers();

/** ky with the retry layer only: the policy as ky's `retry`, and its `beforeRetry` hook. */
async function send(
  path: string,
  retry: Partial<RetryOptions> | false,
  request: { method?: 'GET' | 'POST' } = {},
) {
  const server = await serve({ '*': { json: { ok: true } } });
  const events: TransportRetryEvent[] = [];
  const state = testCallState(
    server.url,
    { path, ...request },
    { retry, hooks: { onRetry: (e) => events.push(e) } },
  );
  const client = ky.create({ hooks: { beforeRetry: [retryWaitHook] } });
  const run = () =>
    client(state.prepared.url, {
      method: state.prepared.method,
      ...withCallState(state),
      retry: kyRetry(state, false),
    }).json();
  return { server, events, state, run };
}

function recorded(overrides: Partial<RetryOptions> = {}) {
  const sleeps: number[] = [];
  return {
    sleeps,
    retry: { random: () => 0.5, sleep: async (ms: number) => void sleeps.push(ms), ...overrides },
  };
}

describe('kyRetry', () => {
  it('hands ky the policy: exponential backoff with full jitter under the cap, up to the limit', async () => {
    const { retry, sleeps } = recorded({ random: () => 0.999_999, limit: 4, maxDelayMs: 1_000 });
    const { server, run, events } = await send('/x', retry);
    server.inject({ kind: 'server-error', status: 503 }, { times: 10 });
    await expect(run()).rejects.toThrow();
    expect(server.requests).toHaveLength(5);
    expect(sleeps).toEqual([299, 599, 999, 999]);
    expect(events.map((event) => [event.attempt, event.status, event.delayMs])).toEqual([
      [1, 503, 299],
      [2, 503, 599],
      [3, 503, 999],
      [4, 503, 999],
    ]);
    expect(events[0]?.error).toBeInstanceOf(ServerError);
  });

  it('waits with the default sleep when the policy brings none', async () => {
    const { server, run, events } = await send('/x', { initialDelayMs: 40, random: () => 1 });
    server.inject({ kind: 'server-error', status: 500 }, { times: 2 });
    const started = performance.now();
    await expect(run()).resolves.toEqual({ ok: true });
    // 40 + 80 ms of ky's own timer.
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(events.map((event) => event.delayMs)).toEqual([40, 80]);
  });

  it("ends a real wait at once when the caller aborts, with the caller's reason", async () => {
    const server = await serve({ '*': { json: { ok: true } } });
    server.inject({ kind: 'rate-limit', retryAfter: 30 });
    const controller = new AbortController();
    const state = testCallState(server.url, { path: '/x', signal: controller.signal });
    const client = ky.create({ hooks: { beforeRetry: [retryWaitHook] } });
    const pending = client(state.prepared.url, {
      ...withCallState(state),
      retry: kyRetry(state, false),
    }).json();
    const reason = new Error('user pressed ctrl-c');
    setTimeout(() => controller.abort(reason), 100);
    // The wait is 30 s and the test's timeout 5 s: only an abort that ends it settles this, so no
    // stopwatch is needed.
    await expect(pending).rejects.toBe(reason);
    expect(server.requests).toHaveLength(1);
  });

  it('waits for Retry-After, and fails at once past maxRetryAfterMs', async () => {
    const { retry, sleeps } = recorded();
    const { server, run, state } = await send('/x', retry);
    server.inject({ kind: 'rate-limit', retryAfter: 2 });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([2_000]);

    server.inject({ kind: 'rate-limit', retryAfter: 120 });
    await expect(run()).rejects.toThrow();
    expect(sleeps).toEqual([2_000]);
    expect(state.prepared.retry ? state.prepared.retry.maxRetryAfterMs : 0).toBe(60_000);
  });

  it('keeps a 429 without Retry-After at initialDelayMs or more', async () => {
    const { retry, sleeps } = recorded({ random: () => 0 });
    const { server, run } = await send('/x', retry);
    server.inject({ kind: 'rate-limit' }, { times: 2 });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([300, 300]);
  });

  it('does not retry a method the policy leaves out, nor anything under retry: false', async () => {
    const { retry } = recorded();
    const post = await send('/x', retry, { method: 'POST' });
    post.server.inject({ kind: 'server-error', status: 503 }, { times: 2 });
    await expect(post.run()).rejects.toThrow();
    expect(post.server.requests).toHaveLength(1);

    const off = await send('/x', false);
    off.server.inject({ kind: 'server-error', status: 503 }, { times: 2 });
    await expect(off.run()).rejects.toThrow();
    expect(off.server.requests).toHaveLength(1);
  });

  it('lets an errorMapper veto the retry of a status', async () => {
    const server = await serve({ '*': { json: { ok: true } } });
    server.inject({ kind: 'rate-limit', retryAfter: 1 });
    const state = testCallState(
      server.url,
      { path: '/x' },
      {
        retry: recorded().retry,
        errorMapper: ({ request }) =>
          new RateLimitError('quota exhausted for the day', { status: 429, request, retryable: false }),
      },
    );
    const client = ky.create({ hooks: { beforeRetry: [retryWaitHook] } });
    await expect(
      client(state.prepared.url, { ...withCallState(state), retry: kyRetry(state, false) }).json(),
    ).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });
});
