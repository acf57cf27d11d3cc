import { existsSync } from 'node:fs';

const announced = new Set<string>();

/**
 * A reference file a test suite reads only when it is there: the path when the file exists, else
 * `undefined` after one line on stderr naming the suite that is skipped and the file it needed.
 *
 * The official specs live beside a checkout, not in it (a clone of the repository has none), so a
 * suite bound to one skips where it is absent and says so, instead of failing with ENOENT or
 * vanishing into vitest's skip count.
 *
 * @example
 * ```ts
 * const specPath = optionalSpecFile('../shared/specs/asana/asana_oas.yaml', 'requests against the Asana spec');
 * describe.skipIf(specPath === undefined)('requests against the Asana spec', () => {
 *   // loadOpenApiSpec(specPath!) …
 * });
 * ```
 */
export function optionalSpecFile(path: string, suite: string): string | undefined {
  if (existsSync(path)) return path;
  const line = `skipped: ${suite} (needs ${path}, which is absent)`;
  if (!announced.has(line)) {
    announced.add(line);
    process.stderr.write(`${line}\n`);
  }
  return undefined;
}
