import { describe, expect, it } from 'vitest';
import { withCallState } from '../request/call-state';
import { testCallState } from '../test-utils/call-state';
import { ManualClock } from '../test-utils/manual-clock';
import { useTestServers } from '../test-utils/use-test-servers';
import { rateLimitFetch } from './rate-limit-fetch';
import { RateLimiter } from './rate-limiter';

const serve = useTestServers();

describe('rateLimitFetch', () => {
  it('takes a permit per attempt and frees the slot when the attempt is over', async () => {
    const server = await serve({ '*': { json: { ok: true } } });
    const limiter = new RateLimiter({ requestsPerInterval: 10, intervalMs: 60_000, maxConcurrent: 1 });
    const state = testCallState(server.url, { path: '/x' });
    const fetch = rateLimitFetch(limiter)(globalThis.fetch);
    const first = fetch(state.prepared.url, withCallState(state));
    const second = fetch(state.prepared.url, withCallState(state));
    expect(limiter.stats.queued).toBe(1);
    await (await first).json();
    await (await second).json();
    expect(limiter.stats).toMatchObject({ inFlight: 0, startedInWindow: 2, queued: 0 });
  });

  it('holds a stream slot until the stream hands it back', async () => {
    const server = await serve({ '*': { body: 'bytes' } });
    const limiter = new RateLimiter({ requestsPerInterval: 10, intervalMs: 60_000 });
    const state = testCallState(server.url, { path: '/file' }, { mode: 'stream' });
    const response = await rateLimitFetch(limiter)(globalThis.fetch)(
      state.prepared.url,
      withCallState(state),
    );
    expect(limiter.stats.inFlight).toBe(1);
    await response.text();
    state.release?.();
    expect(limiter.stats.inFlight).toBe(0);
  });

  it('pauses every caller of the limiter for a Retry-After it will wait through', async () => {
    const server = await serve({ '*': { json: { ok: true } } });
    const clock = new ManualClock(Date.UTC(2030, 0, 1));
    const limiter = new RateLimiter({ requestsPerInterval: 10, intervalMs: 1_000, clock });
    const state = testCallState(server.url, { path: '/x' });
    const fetch = rateLimitFetch(limiter)(globalThis.fetch);
    server.inject({ kind: 'rate-limit', retryAfter: 3 });
    expect((await fetch(state.prepared.url, withCallState(state))).status).toBe(429);
    expect(limiter.stats.pausedForMs).toBe(3_000);

    // Past maxRetryAfterMs the call fails at once: nobody else is held for it.
    const other = new RateLimiter({ requestsPerInterval: 10, intervalMs: 1_000, clock });
    server.inject({ kind: 'rate-limit', retryAfter: 3_600 });
    expect(
      (await rateLimitFetch(other)(globalThis.fetch)(state.prepared.url, withCallState(state))).status,
    ).toBe(429);
    expect(other.stats.pausedForMs).toBe(0);
  });
});
