import type { Connectors } from '@conduit/connectors';
import { settingsFor } from '../config/settings';
import type { CliRuntime } from '../framework/cli-runtime';
import { catalogOf } from './connector-catalog';
import { registryEntriesOf } from './connector-registry-entry';

/**
 * A runtime whose commands know `connectors`: the catalog `describe`, `exec`, `download` and `mcp`
 * look names up in, and the settings of each (`<name>_<field>`, `<name>_base_url`) beside the
 * general ones.
 *
 * @example
 * ```ts
 * const runtime = withConnectors(processRuntime(), defineConnectors([...CONNECTORS, notesLine]));
 * ```
 */
export function withConnectors(runtime: CliRuntime, connectors: Connectors): CliRuntime {
  const registry = registryEntriesOf(connectors.entries);
  return { ...runtime, connectors: catalogOf(registry), settings: settingsFor(registry) };
}
