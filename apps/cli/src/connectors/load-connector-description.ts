import { fileURLToPath } from 'node:url';
import type { ConnectorDescription } from '../introspect/describe-connector';
import { readDescriptionSnapshot } from '../introspect/description-snapshot';
import type { ConnectorEntry } from './connector-catalog';

/**
 * The description of a connector: from the snapshot the build wrote beside the CLI when it still
 * matches the installed connector package (no zod, no connector code loaded: `describe` and shell
 * completion start fast), else derived from the definition right now.
 *
 * @example
 * ```ts
 * const description = await loadConnectorDescription(requireConnector('example', CONNECTORS));
 * ```
 */
export async function loadConnectorDescription(entry: ConnectorEntry): Promise<ConnectorDescription> {
  if (entry.packageName !== undefined) {
    const packageName = entry.packageName;
    // Chunks of the build sit in dist/, the snapshots in dist/descriptions/.
    const snapshot = await readDescriptionSnapshot(
      new URL(`./descriptions/${entry.name}.json`, import.meta.url),
      () => fileURLToPath(import.meta.resolve(packageName)),
    );
    if (snapshot) return snapshot;
  }
  const [{ describeConnector }, definition] = await Promise.all([
    import('../introspect/describe-connector'),
    entry.loadDefinition(),
  ]);
  return describeConnector(definition, entry.aliases);
}
