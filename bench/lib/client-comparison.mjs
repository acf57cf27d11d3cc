// Comparing client variants (ours against a peer library) on one listing: each variant runs in a
// fresh process, interleaved with a rotating start so drift in the machine's load spreads evenly,
// and the table gives medians and ratios to the reference variants.
import { join } from 'node:path';
import { variantsDir } from './bench-paths.mjs';
import { measureProcess } from './measure.mjs';
import { fixed, median } from './stats.mjs';

/** What the listing tables show of a process: [result key, name in the text]. */
export const CLIENT_METRICS = [
  ['wallMs', 'wall'],
  ['cpuMs', 'CPU'],
  ['peakRssMb', 'peak memory'],
];

/** A verdict cell: PASS when the target is met. */
export const verdict = (pass) => (pass ? 'PASS' : 'MISS');

/**
 * Runs every variant's script (under bench/variants) `repetitions` times with the same args and
 * environment, interleaved in rotating order; each run must count `expected` records.
 * Answers { [variant id]: results in repetition order }.
 */
export async function measureInterleaved({ variants, repetitions, args, env, expected, noun, log }) {
  const runs = Object.fromEntries(variants.map((variant) => [variant.id, []]));
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    const order = variants.map((_, index) => variants[(index + repetition) % variants.length]);
    for (const variant of order) {
      const result = await measureProcess(join(variantsDir, variant.script), args, { env });
      if (result.records !== expected) {
        throw new Error(`${variant.id} counted ${result.records} ${noun}, expected ${expected}`);
      }
      runs[variant.id].push(result);
      log(
        `list #${repetition + 1} ${variant.id}: wall ${fixed(result.wallMs, 0)} ms, cpu ${fixed(result.cpuMs, 0)} ms, rss ${fixed(result.peakRssMb, 0)} MB`,
      );
    }
  }
  return runs;
}

/** The median of one metric over a variant's runs. */
export function medianOf(runs, id, key) {
  return median(runs[id].map((result) => result[key]));
}

/**
 * A table row per variant: its label, median wall, CPU and peak RSS, then for each reference
 * variant the three ratios to that reference's medians.
 */
export function comparisonRows(variants, runs, references) {
  return variants.map((variant) => [
    variant.label,
    fixed(medianOf(runs, variant.id, 'wallMs'), 0),
    fixed(medianOf(runs, variant.id, 'cpuMs'), 0),
    fixed(medianOf(runs, variant.id, 'peakRssMb'), 0),
    ...references.flatMap((reference) =>
      CLIENT_METRICS.map(([key]) => fixed(medianOf(runs, variant.id, key) / medianOf(runs, reference, key))),
    ),
  ]);
}

/**
 * Verdict rows `ours / <name>, <metric> ≤ target` for each metric: the ratio of the medians of
 * variant `ours` to those of `reference`, and PASS when it is at most `target`.
 */
export function ratioVerdicts(runs, { ours = 'conduit', reference, name, target }) {
  return CLIENT_METRICS.map(([key, metricName]) => {
    const ratio = medianOf(runs, ours, key) / medianOf(runs, reference, key);
    return [`ours / ${name}, ${metricName} ≤ ${target}`, fixed(ratio), verdict(ratio <= target)];
  });
}
