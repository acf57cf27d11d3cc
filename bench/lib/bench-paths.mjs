// Where the suites find the repository and the variant scripts they run.
import { join } from 'node:path';

/** The repository's root (the packages a suite packs or measures live under it). */
export const repoRoot = join(import.meta.dirname, '..', '..');

/** bench/variants: one script per measured variant, each run as a process of its own. */
export const variantsDir = join(import.meta.dirname, '..', 'variants');
