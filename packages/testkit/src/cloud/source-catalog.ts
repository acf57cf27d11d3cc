import type { CloudSimulatorState } from './cloud-simulator-state';
import type { DiscoveredStream, SourceRecord } from './discovered-stream';
import { manifestCatalog } from './manifest-catalog';
import { generateRecordsFromSchema } from './schema-record-generator';
import type { CloudActorRecord } from './simulator-records';

/** Records per stream of a custom source whose configuration has no numeric `count`. */
export const customSourceDefaultCount = 10;

const dockerCatalog: DiscoveredStream[] = [
  {
    name: 'records',
    jsonSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        id: { type: ['null', 'integer'] },
        name: { type: ['null', 'string'] },
        updated_at: { type: ['null', 'string'], format: 'date-time' },
      },
    },
    supportedSyncModes: ['full_refresh', 'incremental'],
    sourceDefinedCursor: true,
    defaultCursorField: ['updated_at'],
    sourceDefinedPrimaryKey: [['id']],
    isResumable: true,
  },
];

/**
 * The discovered catalog of a deployed source: from the connector registry, from the active
 * manifest of a custom declarative definition, or a single `records` stream for a custom
 * Docker definition (whose image the simulator cannot run).
 *
 * @example
 * ```ts
 * discoverSource(sim.state, sim.state.sources.get(sourceId)!).map((stream) => stream.name);
 * ```
 */
export function discoverSource(state: CloudSimulatorState, source: CloudActorRecord): DiscoveredStream[] {
  const connector = state.registry.sourceByDefinition(source.definitionId);
  if (connector) return connector.discover(source.configuration);
  const declarative = state.declarativeDefinitions.get(source.definitionId);
  if (declarative) return manifestCatalog(declarative.versions.get(declarative.activeVersion) ?? {});
  if (state.dockerDefinitions.has(source.definitionId)) return structuredClone(dockerCatalog);
  return [];
}

/**
 * Reads every record of one stream of a deployed source. Custom sources generate
 * deterministic records from the stream schema; a numeric `count` (and `seed`) in their
 * configuration sets how many.
 *
 * @example
 * ```ts
 * readSourceStream(sim.state, source, stream).length;
 * ```
 */
export function readSourceStream(
  state: CloudSimulatorState,
  source: CloudActorRecord,
  stream: DiscoveredStream,
): SourceRecord[] {
  const connector = state.registry.sourceByDefinition(source.definitionId);
  if (connector) return connector.read(stream, source.configuration);
  const { count, seed } = source.configuration;
  return generateRecordsFromSchema(
    stream.name,
    stream.jsonSchema,
    typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : customSourceDefaultCount,
    typeof seed === 'number' && Number.isInteger(seed) ? seed : 0,
  );
}
