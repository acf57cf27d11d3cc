import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { flushMicrotasks, ManualClock } from '../test-utils/manual-clock';
import { createRateLimiter, RateLimiter, type RateLimitPermit } from './rate-limiter';

describe('RateLimiter', () => {
  it('never starts more than requestsPerInterval in any window, under heavy concurrency', async () => {
    const clock = new ManualClock(1_000);
    const limiter = createRateLimiter({ requestsPerInterval: 7, intervalMs: 1_000, maxConcurrent: 3, clock });
    const starts: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    // Deterministic, varied request durations (0–449 ms of fake time).
    const durations = Array.from({ length: 120 }, (_, index) => (index * 137) % 450);
    let finished = 0;
    const callers = durations.map(async (duration) => {
      const permit = await limiter.acquire();
      starts.push(clock.now());
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise<void>((resolve) => clock.setTimeout(resolve, duration));
      inFlight -= 1;
      permit.release();
      finished += 1;
    });
    while (finished < durations.length) await clock.advance(50);
    await Promise.all(callers);

    expect(starts).toHaveLength(120);
    expect(maxInFlight).toBeLessThanOrEqual(3);
    expect(maxInFlight).toBe(3);
    // The sliding-window property: any 8 consecutive starts span at least a full interval.
    for (let index = 0; index + 7 < starts.length; index += 1) {
      expect(starts[index + 7]! - starts[index]!).toBeGreaterThanOrEqual(1_000);
    }
    // And the limiter did not idle needlessly: 120 requests at 7 per window take 17 more windows,
    // each stretched by at most one request duration (a request counts until it finishes).
    expect(starts.at(-1)! - starts[0]!).toBeLessThan(18 * (1_000 + 450));
    expect(limiter.stats).toMatchObject({ queued: 0, inFlight: 0 });
  });

  it('admits a burst up to the limit at once, then the next as the oldest start leaves the window', async () => {
    const clock = new ManualClock(0);
    const limiter = new RateLimiter({ requestsPerInterval: 3, intervalMs: 1_000, clock });
    const granted: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      void limiter.acquire().then((permit) => {
        granted.push(clock.now());
        permit.release();
      });
    }
    await flushMicrotasks();
    expect(granted).toEqual([0, 0, 0]);
    expect(limiter.stats).toMatchObject({ queued: 2, startedInWindow: 3 });
    await clock.advance(999);
    expect(granted).toHaveLength(3);
    await clock.advance(1);
    expect(granted).toEqual([0, 0, 0, 1_000, 1_000]);
  });

  it('counts a request against the window until an interval after it finished', async () => {
    // The server stamps a request somewhere between its start and its response; counting from the
    // release keeps two requests a full interval apart on the server's clock too.
    const clock = new ManualClock(0);
    const limiter = new RateLimiter({ requestsPerInterval: 1, intervalMs: 1_000, clock });
    const first = await limiter.acquire();
    let grantedAt: number | undefined;
    void limiter.acquire().then((permit) => {
      grantedAt = clock.now();
      permit.release();
    });
    await clock.advance(300);
    expect(limiter.stats).toMatchObject({ inFlight: 1, queued: 1, startedInWindow: 1 });
    first.release();
    await clock.advance(999);
    expect(grantedAt).toBeUndefined();
    await clock.advance(1);
    expect(grantedAt).toBe(1_300);
  });

  it('gates concurrency and serves waiters first come, first served', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({
      requestsPerInterval: 1_000,
      intervalMs: 1_000,
      maxConcurrent: 2,
      clock,
    });
    const order: string[] = [];
    const permits = new Map<string, RateLimitPermit>();
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      void limiter.acquire().then((permit) => {
        order.push(name);
        permits.set(name, permit);
      });
    }
    await flushMicrotasks();
    expect(order).toEqual(['a', 'b']);
    expect(limiter.stats).toMatchObject({ inFlight: 2, queued: 3 });
    permits.get('b')!.release();
    permits.get('b')!.release(); // releasing twice frees one slot only
    await flushMicrotasks();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(limiter.stats).toMatchObject({ inFlight: 2, queued: 2 });
    permits.get('a')!.release();
    permits.get('c')!.release();
    await flushMicrotasks();
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('hands a free slot at once with tryAcquire, and none past the budget or ahead of a waiter', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerInterval: 2, intervalMs: 1_000, maxConcurrent: 1, clock });
    const first = limiter.tryAcquire();
    expect(first).toBeDefined();
    expect(limiter.tryAcquire()).toBeUndefined(); // the one concurrent slot is taken
    const waiting = limiter.acquire();
    first!.release();
    // A slot is free again, but the waiter came first.
    expect(limiter.tryAcquire()).toBeUndefined();
    (await waiting).release();
    // Two starts in this window already: the budget is spent until the first leaves it.
    expect(limiter.tryAcquire()).toBeUndefined();
    await clock.advance(1_000);
    expect(limiter.tryAcquire()).toBeDefined();
    const aborted = AbortSignal.abort(new Error('gone'));
    expect(() => limiter.tryAcquire(aborted)).toThrow('gone');
  });

  it('never lets tryAcquire pass a waiter, even once the wait is over before its timer fired', async () => {
    // A clock whose timers never fire: the waiter's wake-up is still pending when time has passed.
    let now = 0;
    const limiter = new RateLimiter({
      requestsPerInterval: 10,
      intervalMs: 1_000,
      clock: { now: () => now, setTimeout: () => 1, clearTimeout: () => undefined },
    });
    limiter.pauseFor(1_000);
    let granted = false;
    void limiter.acquire().then(() => {
      granted = true;
    });
    now = 2_000;
    expect(limiter.tryAcquire()).toBeUndefined();
    expect(granted).toBe(false);
    expect(limiter.stats.queued).toBe(1);
  });

  it('lets a waiter abort, rejecting with the reason and keeping the others in order', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerInterval: 1, intervalMs: 1_000, clock });
    const first = await limiter.acquire();
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal);
    const third = limiter.acquire();
    await flushMicrotasks();
    expect(limiter.stats.queued).toBe(2);
    const reason = new DOMException('stop', 'AbortError');
    controller.abort(reason);
    await expect(aborted).rejects.toBe(reason);
    expect(limiter.stats.queued).toBe(1);
    first.release();
    await clock.advance(1_000);
    await expect(third).resolves.toBeDefined();
    // An already-aborted signal never queues.
    await expect(limiter.acquire(AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('tells the least wait of a caller arriving now: none, the window, the queue ahead, the pause', async () => {
    const clock = new ManualClock(0);
    const limiter = new RateLimiter({ requestsPerInterval: 2, intervalMs: 1_000, clock });
    expect(limiter.minimumWaitMs()).toBe(0);
    (await limiter.acquire()).release();
    await clock.advance(100);
    (await limiter.acquire()).release();
    // Both slots counted: the next frees when the first release (at 0) leaves the window.
    await clock.advance(100);
    expect(limiter.minimumWaitMs()).toBe(800);
    // One caller queued ahead takes that slot; a newcomer waits for the second (released at 100).
    void limiter.acquire().then((permit) => permit.release());
    expect(limiter.minimumWaitMs()).toBe(900);
    limiter.pauseFor(5_000);
    expect(limiter.minimumWaitMs()).toBe(5_000);
    // A slot held in flight counts a whole interval from its release at the earliest.
    const busy = new RateLimiter({ requestsPerInterval: 1, intervalMs: 1_000, clock });
    await busy.acquire();
    expect(busy.minimumWaitMs()).toBe(1_000);
  });

  it('pauses every caller for pauseFor, without shortening a longer pause', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerInterval: 100, intervalMs: 1_000, clock });
    limiter.pauseFor(2_000);
    limiter.pauseFor(500);
    expect(limiter.stats.pausedForMs).toBe(2_000);
    let granted = 0;
    for (let index = 0; index < 3; index += 1) void limiter.acquire().then(() => granted++);
    await clock.advance(1_999);
    expect(granted).toBe(0);
    await clock.advance(1);
    expect(granted).toBe(3);
    expect(limiter.stats.pausedForMs).toBe(0);
  });

  it('runs a task inside a slot and releases it however the task ends', async () => {
    const limiter = new RateLimiter({ requestsPerInterval: 10, intervalMs: 1_000, maxConcurrent: 1 });
    await expect(limiter.run(async () => 'ok')).resolves.toBe('ok');
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limiter.stats.inFlight).toBe(0);
  });

  it('creates no timer until a caller has to wait, and none once the queue is empty', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerInterval: 1, intervalMs: 1_000, clock });
    expect(clock.pendingTimers).toBe(0);
    (await limiter.acquire()).release();
    expect(clock.pendingTimers).toBe(0);
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal).catch(() => 'aborted');
    await flushMicrotasks();
    expect(clock.pendingTimers).toBe(1);
    controller.abort();
    expect(await waiting).toBe('aborted');
    expect(clock.pendingTimers).toBe(0);
  });

  it('rejects invalid options with a ValidationError naming the fields', () => {
    expect(() => new RateLimiter({ requestsPerInterval: 0, intervalMs: -1, maxConcurrent: 1.5 })).toThrow(
      ValidationError,
    );
    try {
      new RateLimiter({ requestsPerInterval: 0, intervalMs: 1 });
    } catch (error) {
      expect((error as ValidationError).details.map((detail) => detail.field)).toEqual([
        'requestsPerInterval',
      ]);
    }
  });
});
