import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Measures memory still reachable after full collections, relative to when it was created. */
export interface LiveMemoryProbe {
  /** Collects garbage, then returns the heap and array-buffer bytes alive above the baseline. */
  sample(): number;
  /** The largest `sample()` so far. */
  readonly peak: number;
}

function exposeGc(): () => void {
  if (typeof globalThis.gc === 'function') return () => globalThis.gc?.();
  // Turning the flag on at run time works for contexts created afterwards.
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * A probe for "streams in constant memory" assertions: RSS lags behind what is really alive by
 * whatever the collector has not reclaimed yet, which on a loaded machine can be tens of MiB, so
 * the probe forces full collections and counts what survives them.
 *
 * @example
 * ```ts
 * const probe = createLiveMemoryProbe();
 * for await (const chunk of download) if (++n % 256 === 0) probe.sample();
 * expect(probe.peak).toBeLessThan(64 * 1024 * 1024);
 * ```
 */
export function createLiveMemoryProbe(): LiveMemoryProbe {
  const collect = exposeGc();
  const live = () => {
    collect();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const baseline = live();
  let peak = 0;
  return {
    sample() {
      const now = Math.max(0, live() - baseline);
      peak = Math.max(peak, now);
      return now;
    },
    get peak() {
      return peak;
    },
  };
}
