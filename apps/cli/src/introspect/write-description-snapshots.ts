import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONNECTORS } from '../connectors/connector-catalog';
import { describeConnector } from './describe-connector';
import { writeDescriptionSnapshot } from './description-snapshot';

/**
 * Writes `descriptions/<connector>.json` under `outDir` for every connector of the catalog that
 * names its package. Run by the build (tsdown `onSuccess`), after the connector packages are built.
 *
 * @example
 * ```ts
 * await writeDescriptionSnapshots(join(import.meta.dirname, 'dist'));
 * ```
 */
export async function writeDescriptionSnapshots(outDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const entry of CONNECTORS) {
    if (entry.packageName === undefined) continue;
    const path = join(outDir, 'descriptions', `${entry.name}.json`);
    const description = describeConnector(await entry.loadDefinition(), entry.aliases);
    await writeDescriptionSnapshot(
      path,
      entry.packageName,
      fileURLToPath(import.meta.resolve(entry.packageName)),
      description,
    );
    written.push(path);
  }
  return written;
}
