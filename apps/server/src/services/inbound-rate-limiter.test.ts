import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { manualClock, type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { InboundRateLimiter } from './inbound-rate-limiter';

describe('InboundRateLimiter', () => {
  let location: TestStoreLocation;
  let store: Store;

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'rate-limiter');
    store = await location.open();
    await store.migrate();
  });

  afterAll(async () => {
    await store?.close();
    await location?.cleanup();
  });

  async function writes<T>(work: () => Promise<T>): Promise<{ result: T; writes: number }> {
    const original = store.hitRateLimit.bind(store);
    let count = 0;
    store.hitRateLimit = (...args) => {
      count += 1;
      return original(...args);
    };
    try {
      return { result: await work(), writes: count };
    } finally {
      store.hitRateLimit = original;
    }
  }

  it('counts every allowed request in the store when the limit is small, exactly', async () => {
    const clock = manualClock(60_000 * 1000);
    const limiter = new InboundRateLimiter(store, { limit: 3, windowMs: 60_000 }, clock);
    const { result, writes: count } = await writes(async () => {
      const decisions = [];
      for (let index = 0; index < 5; index += 1) decisions.push(await limiter.hit('small'));
      return decisions;
    });
    expect(result.map((decision) => decision.allowed)).toEqual([true, true, true, false, false]);
    expect(result.map((decision) => decision.remaining)).toEqual([2, 1, 0, 0, 0]);
    // The first refusal is the store's; the window stays refused from memory after it.
    expect(count).toBe(4);
  });

  it('claims large limits a block at a time, and two processes never pass the limit together', async () => {
    const clock = manualClock(60_000 * 2000);
    const spec = { limit: 1000, windowMs: 60_000 };
    const a = new InboundRateLimiter(store, spec, clock);
    const b = new InboundRateLimiter(store, spec, clock);
    const { result, writes: count } = await writes(async () => {
      const allowed = { a: 0, b: 0 };
      for (let index = 0; index < 700; index += 1) {
        if ((await a.hit('big')).allowed) allowed.a += 1;
        if ((await b.hit('big')).allowed) allowed.b += 1;
      }
      return allowed;
    });
    // Blocks of 10: a tenth of the writes, and never more than 1,000 allowed.
    expect(count).toBeLessThanOrEqual(102);
    expect(result.a + result.b).toBeLessThanOrEqual(1000);
    expect(result.a + result.b).toBeGreaterThan(1000 - 2 * 10);
    clock.advance(60_000);
    expect((await a.hit('big')).allowed).toBe(true);
  });

  it('serves concurrent requests from one claim at a time, every position used once', async () => {
    const clock = manualClock(60_000 * 4000);
    const limiter = new InboundRateLimiter(store, { limit: 100_000, windowMs: 60_000 }, clock);
    const { result, writes: count } = await writes(() =>
      Promise.all(Array.from({ length: 250 }, () => limiter.hit('concurrent'))),
    );
    // Blocks of 100: three claims, not one per request that found the block used up.
    expect(count).toBe(3);
    expect(result.every((decision) => decision.allowed)).toBe(true);
    expect(new Set(result.map((decision) => decision.remaining)).size).toBe(250);
  });

  it('claims the next block once half of the current one is handed out, so requests do not wait for it', async () => {
    const clock = manualClock(60_000 * 5000);
    const limiter = new InboundRateLimiter(store, { limit: 1000, windowMs: 60_000 }, clock);
    const original = store.hitRateLimit.bind(store);
    const claims: { release: () => void }[] = [];
    // Each claim is held until the test releases it.
    store.hitRateLimit = (...args) =>
      new Promise((resolve, reject) => {
        claims.push({ release: () => original(...args).then(resolve, reject) });
      });
    try {
      const first = limiter.hit('ahead');
      expect(claims).toHaveLength(1);
      claims[0]!.release();
      expect((await first).remaining).toBe(999);
      // Blocks of 10: positions 2 to 5 are handed out without a claim; the 6th leaves less than
      // half, and the next block is claimed then, in the background.
      const served = [];
      for (let index = 0; index < 5; index += 1) served.push(await limiter.hit('ahead'));
      expect(claims).toHaveLength(2);
      // The rest of the block is served while that claim is still held.
      for (let index = 0; index < 4; index += 1) served.push(await limiter.hit('ahead'));
      expect(served.map((decision) => decision.remaining)).toEqual([
        998, 997, 996, 995, 994, 993, 992, 991, 990,
      ]);
      // The block is used up: the next request waits for the claim ahead, and makes no other.
      const waiting = limiter.hit('ahead');
      claims[1]!.release();
      expect((await waiting).remaining).toBe(989);
      expect(claims).toHaveLength(2);
    } finally {
      store.hitRateLimit = original;
    }
  });

  it('says when the window resets', async () => {
    const clock = manualClock(60_000 * 3000 + 45_500);
    const decision = await new InboundRateLimiter(store, { limit: 10, windowMs: 60_000 }, clock).hit('reset');
    expect(decision).toMatchObject({ allowed: true, limit: 10, remaining: 9, resetSeconds: 15 });
  });
});
