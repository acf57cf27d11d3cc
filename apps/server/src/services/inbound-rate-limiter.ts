import type { Clock } from '../clock';
import type { RateLimitSpec } from '../config/rate-limit-spec';
import type { Store } from '../store/store';

/** The verdict on one request. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  readonly resetSeconds: number;
}

/** Positions in the current window this process claimed from the store and has not handed out yet. */
interface ClaimedBlock {
  readonly windowStart: number;
  /** The next position to hand out (1-based, counted across every process). */
  next: number;
  /** One past the last position claimed. */
  end: number;
}

/**
 * Counts requests per bucket (an application) in fixed windows kept in the store, so every server
 * process sharing a database enforces one limit together.
 *
 * Each process claims the window's positions from the store a block at a time (1 for limits up
 * to 199 a window, up to 100 for large ones: a hundredth of the limit) and hands them out from
 * memory, so a busy application costs one store write per block rather than per request. With
 * blocks of more than one, the next block is claimed once half of the current one is handed out,
 * so a steady stream of requests never waits for the store (on PostgreSQL a claim is a round trip
 * and a commit). Positions are unique across processes, so the limit is never exceeded; at worst
 * a process's unused rest of its block and the block claimed ahead (under two hundredths of the
 * limit) go unserved when the window ends. Concurrent requests that find the block used up wait for
 * one claim rather than each making its own. Once a window is past the limit, the process refuses
 * the rest of it without asking the store.
 *
 * @example
 * ```ts
 * const decision = await limiter.hit(`app:${caller.applicationId}`);
 * if (!decision.allowed) throw tooManyRequests(decision.resetSeconds);
 * ```
 */
export class InboundRateLimiter {
  readonly #store: Store;
  readonly #spec: RateLimitSpec;
  readonly #clock: Clock;
  readonly #blockSize: number;
  readonly #blocks = new Map<string, ClaimedBlock>();
  /** The block claimed ahead per bucket, handed out once the current one is used up. */
  readonly #ahead = new Map<string, ClaimedBlock>();
  /** The claim under way per bucket: requests that find the block used up wait for it. */
  readonly #claims = new Map<string, { readonly windowStart: number; readonly done: Promise<void> }>();

  constructor(store: Store, spec: RateLimitSpec, clock: Clock) {
    this.#store = store;
    this.#spec = spec;
    this.#clock = clock;
    this.#blockSize = Math.min(100, Math.max(1, Math.floor(spec.limit / 100)));
  }

  async hit(bucket: string): Promise<RateLimitDecision> {
    for (;;) {
      const now = this.#clock.now();
      const windowStart = now - (now % this.#spec.windowMs);
      let block = this.#blocks.get(bucket);
      if (block === undefined || block.windowStart !== windowStart || block.next >= block.end) {
        const ahead = this.#ahead.get(bucket);
        if (ahead !== undefined) {
          this.#ahead.delete(bucket);
          if (ahead.windowStart === windowStart) {
            this.#blocks.set(bucket, ahead);
            block = ahead;
          }
        }
      }
      if (block !== undefined && block.windowStart === windowStart && block.next < block.end) {
        const position = block.next;
        block.next += 1;
        this.#claimAhead(bucket, block);
        return {
          allowed: position <= this.#spec.limit,
          limit: this.#spec.limit,
          remaining: Math.max(0, this.#spec.limit - position),
          resetSeconds: Math.max(1, Math.ceil((windowStart + this.#spec.windowMs - now) / 1000)),
        };
      }
      // One claim at a time per bucket: concurrent requests finding the block used up would
      // otherwise each claim a block, and all but the last would go unserved.
      const pending = this.#claims.get(bucket);
      if (pending !== undefined && pending.windowStart === windowStart) {
        await pending.done;
        continue;
      }
      const done = this.#claim(bucket, windowStart);
      this.#claims.set(bucket, { windowStart, done });
      try {
        await done;
      } finally {
        if (this.#claims.get(bucket)?.done === done) this.#claims.delete(bucket);
      }
    }
  }

  /** Claims the next block in the background once less than half of `block` is left. */
  #claimAhead(bucket: string, block: ClaimedBlock): void {
    // Blocks of one are exact counts of small limits: a position claimed ahead might go unserved
    // while another process is refused. An endless block is a window past the limit.
    if (this.#blockSize === 1 || block.end === Number.POSITIVE_INFINITY) return;
    if ((block.end - block.next) * 2 >= this.#blockSize) return;
    if (this.#ahead.has(bucket) || this.#claims.has(bucket)) return;
    const windowStart = block.windowStart;
    const done = this.#claim(bucket, windowStart);
    this.#claims.set(bucket, { windowStart, done });
    // A failed claim ahead is not this request's failure: the request that finds the block used
    // up waits for it (and sees the error), or claims again.
    done
      .catch(() => {})
      .finally(() => {
        if (this.#claims.get(bucket)?.done === done) this.#claims.delete(bucket);
      });
  }

  async #claim(bucket: string, windowStart: number): Promise<void> {
    const hits = await this.#store.hitRateLimit(bucket, windowStart, this.#blockSize);
    const first = hits - this.#blockSize + 1;
    // A window's count only grows: once past the limit, the rest of the window is refused from
    // memory (an endless block of positions past it), without writing for every refused request.
    const claimed =
      first > this.#spec.limit
        ? { windowStart, next: first, end: Number.POSITIVE_INFINITY }
        : { windowStart, next: first, end: hits + 1 };
    const current = this.#blocks.get(bucket);
    // Claimed ahead while the current block still has positions: it waits its turn.
    if (current !== undefined && current.windowStart === windowStart && current.next < current.end) {
      this.#ahead.set(bucket, claimed);
    } else {
      this.#blocks.set(bucket, claimed);
    }
  }
}
