// Cold start of the conduit command line (issue "The command line and the main job"): the wall
// time of a whole `node apps/cli/bin.js …` process, as a shell sees it, beside `node -e 0` (the
// floor: starting Node itself). Needs the CLI built (`pnpm build`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fixed, median, percentile, table } from '../lib/stats.mjs';

export const title = 'CLI cold start: `conduit --version` and `conduit describe asana`';

const RUNS = 40;
const WARM_UP = 3;
const TARGET_MEDIAN_MS = 120;

const cliDirectory = join(import.meta.dirname, '..', '..', 'apps', 'cli');
const bin = join(cliDirectory, 'bin.js');

const VARIANTS = [
  { id: 'node', label: '`node -e 0` (the floor)', args: ['-e', '0'] },
  { id: 'version', label: '`conduit --version`', args: [bin, '--version'], target: true },
  { id: 'describe', label: '`conduit describe asana`', args: [bin, 'describe', 'asana'], target: true },
];

const log = (line) => process.stderr.write(`  cli: ${line}\n`);

function runOnce(variant, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, variant.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    throw new Error(
      `${variant.args.join(' ')} exited with ${result.status}: ${result.stderr.toString().slice(0, 500)}`,
    );
  }
  return wallMs;
}

export async function run() {
  if (!existsSync(join(cliDirectory, 'dist', 'index.js'))) {
    throw new Error('the CLI is not built: run `pnpm build` first');
  }
  const snapshot = existsSync(join(cliDirectory, 'dist', 'descriptions', 'asana.json'));
  // A clean environment and a private HOME: no profile or developer setting is read.
  const home = mkdtempSync(join(os.tmpdir(), 'conduit-bench-home-'));
  const env = { PATH: process.env.PATH ?? '', HOME: home };
  const times = Object.fromEntries(VARIANTS.map((variant) => [variant.id, []]));
  const loadBefore = os.loadavg()[0];
  try {
    // The first runs fill the OS file cache and Node's compile cache, as any earlier use would.
    for (let index = 0; index < WARM_UP; index += 1) for (const variant of VARIANTS) runOnce(variant, env);
    for (let repetition = 0; repetition < RUNS; repetition += 1) {
      // Interleaved, the starting variant rotating, so drift in the machine's load spreads evenly.
      const order = VARIANTS.map((_, index) => VARIANTS[(index + repetition) % VARIANTS.length]);
      for (const variant of order) times[variant.id].push(runOnce(variant, env));
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg()[0];
  const floor = median(times.node);
  const rows = VARIANTS.map((variant) => {
    const values = times[variant.id];
    const middle = median(values);
    return [
      variant.label,
      fixed(middle, 1),
      fixed(percentile(values, 90), 1),
      fixed(Math.min(...values), 1),
      variant.id === 'node' ? '' : `+${fixed(middle - floor, 1)}`,
    ];
  });
  for (const row of rows) log(row.join(' | '));
  const verdicts = VARIANTS.filter((variant) => variant.target).map((variant) => {
    const middle = median(times[variant.id]);
    return [
      `${variant.label} median ≤ ${TARGET_MEDIAN_MS} ms`,
      `${fixed(middle, 1)} ms`,
      middle <= TARGET_MEDIAN_MS ? 'PASS' : 'MISS',
    ];
  });

  return `
Wall time of one whole process, from spawn to exit, as a shell sees it: ${RUNS} runs per command,
interleaved in rotating order after ${WARM_UP} warm-up rounds (OS file cache and Node's compile
cache filled, as after any earlier use), with a clean environment and an empty HOME.
\`describe\` ${snapshot ? 'reads the description snapshot the build wrote' : 'derives the description from the definition (no snapshot in dist/)'}.
Load average (1 min) ${fixed(loadBefore, 2)} before and ${fixed(loadAfter, 2)} after, on a machine
shared with other work: the p90 shows how much of it landed on these runs.

${table(['command', 'median (ms)', 'p90 (ms)', 'min (ms)', 'median over node -e 0 (ms)'], rows)}

${table(['target', 'measured', 'verdict'], verdicts)}
`;
}
