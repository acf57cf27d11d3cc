/**
 * A small, fast, seedable pseudo-random source (mulberry32). The simulator needs repeatable data:
 * the same source configuration must always yield the same records, so tests can assert exact
 * values read back from a warehouse.
 *
 * @example
 * ```ts
 * const random = createSeededRandom(42);
 * random.integer(1, 6); // same value on every run
 * ```
 */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  integer(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
}

/**
 * Creates a {@link SeededRandom} from an integer seed.
 *
 * @example
 * ```ts
 * const a = createSeededRandom(7).next();
 * const b = createSeededRandom(7).next();
 * a === b; // true
 * ```
 */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick() needs a non-empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (probability) => next() < probability,
  };
}

/**
 * Derives a stable 32-bit seed from a string, so each stream of a source gets its own sequence.
 *
 * @example
 * ```ts
 * hashSeed('users', 0) !== hashSeed('products', 0); // true
 * ```
 */
export function hashSeed(text: string, base: number): number {
  let hash = (base ^ 0x811c9dc5) >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
