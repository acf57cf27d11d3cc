import { connectorRegistry } from '@conduit/connectors/loaded';
import type { RateLimitPermit } from '@conduit/transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { runInUpstreamScope } from '../upstream/upstream-call-scope';
import { UpstreamLimiters } from '../upstream/upstream-limiters';

// Issue 28, finding 6: past a connector's own budget an execute waited in the limiter until its
// deadline and answered 504 upstream_timeout ("Asana did not answer"), and a sync on the same
// budget could starve executes. The budget here is 5 requests a minute per connector.

describe("an execute past the server's own upstream budget", () => {
  let h: ExecuteHarness;
  const limiters = new UpstreamLimiters({ requestsPerInterval: 5, intervalMs: 60_000 });

  beforeAll(async () => {
    h = await startExecuteHarness('sqlite', 'execute_budget', {
      execute: { deadlineMs: 10_000, upstream: { limiters, retry: { initialDelayMs: 5, maxDelayMs: 20 } } },
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('answers 429 upstream_budget_exhausted with Retry-After at once, without calling the upstream', async () => {
    const { id, token } = await h.patConnector('budget-user');
    const limiter = limiters.for(id, connectorRegistry.forKind('task-management'));
    // Other executes spent the minute's budget.
    const interactive = () =>
      runInUpstreamScope({ deadlineAt: performance.now() + 10_000, lastRetryError: undefined }, () =>
        limiter.acquire(),
      );
    for (let index = 0; index < 5; index++) (await interactive()).release();
    const before = h.sim.requests.count({ target: 'api' });
    const response = await h.execute(id, { entity: 'workspaces', action: 'list', params: {} }, token);
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.body).toMatchObject({ errors: [{ error_code: 'upstream_budget_exhausted' }] });
    expect(h.sim.requests.count({ target: 'api' })).toBe(before);
  });

  it('keeps a share of the budget a sync on the same connector cannot take', async () => {
    const { id, token } = await h.patConnector('sync-user');
    const limiter = limiters.for(id, connectorRegistry.forKind('task-management'));
    // A sync's upstream calls run outside any execute scope, as the sync's transport makes them:
    // it asks for far more than the budget and holds what it gets.
    const stop = new AbortController();
    const granted: RateLimitPermit[] = [];
    const sync = Array.from({ length: 20 }, () =>
      limiter.acquire(stop.signal).then(
        (permit) => granted.push(permit),
        () => undefined,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Four fifths went to the sync; the rest waits for interactive calls.
    expect(granted.length).toBe(4);
    try {
      const response = await h.execute(id, { entity: 'workspaces', action: 'list', params: {} }, token);
      expect(response.status).toBe(200);
    } finally {
      stop.abort();
      for (const permit of granted) permit.release();
      await Promise.all(sync);
    }
  });
});
