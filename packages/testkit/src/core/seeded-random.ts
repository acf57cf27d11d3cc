/**
 * Finalises a 32-bit integer so nearby inputs give unrelated outputs (the murmur3 mixer). Lets the
 * dataset derive any per-record value from `(seed, index)` on demand instead of storing it.
 */
export function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A stable 32-bit hash (FNV-1a, then mixed) of any mix of strings and numbers. */
export function hashParts(...parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}\u0000`;
    for (let i = 0; i < text.length; i += 1) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return mix32(h);
}

/** A uniform float in [0, 1) that depends only on its three inputs: random access, no state. */
export function uniformAt(seed: number, index: number, salt: number): number {
  return mix32(mix32(seed ^ Math.imul(index, 0x9e3779b1)) ^ Math.imul(salt + 1, 0x7feb352d)) / 4294967296;
}

/** Picks from a non-empty list with {@link uniformAt}. */
export function pickAt<T>(items: readonly T[], seed: number, index: number, salt: number): T {
  return items[Math.floor(uniformAt(seed, index, salt) * items.length)] as T;
}

/**
 * A sequential seeded generator (mulberry32) for building a dataset in one pass. Same seed, same
 * sequence, on every platform.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `floor(mean)` plus one more with the fractional part's probability: 0.3 gives 0 or 1, 2.5 gives 2 or 3. */
  count(mean: number): number {
    const whole = Math.floor(mean);
    return whole + (this.chance(mean - whole) ? 1 : 0);
  }

  /** Up to `size` distinct elements, in a random order. */
  sample<T>(items: readonly T[], size: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < size && pool.length > 0) {
      const index = Math.floor(this.next() * pool.length);
      out.push(pool[index] as T);
      pool[index] = pool[pool.length - 1] as T;
      pool.pop();
    }
    return out;
  }
}
