import type { DiscoveredStream, JsonSchema, SourceRecord } from './discovered-stream';
import { type FakerStreamName, fakerCatalog, fakerRecords, fakerSettings } from './faker-source';
import { generateRecordsFromSchema } from './schema-record-generator';

/** A source connector the simulated platform knows how to discover and read. */
export interface SourceConnector {
  definitionId: string;
  /** The short name clients send as `configuration.sourceType`, e.g. `faker`. */
  sourceType: string;
  name: string;
  dockerRepository: string;
  dockerImageTag: string;
  /** Dotted paths of configuration fields the spec marks as secret. */
  secretFields: string[];
  discover(configuration: Record<string, unknown>): DiscoveredStream[];
  read(stream: DiscoveredStream, configuration: Record<string, unknown>): SourceRecord[];
}

/** Where a destination's records end up in the simulator. */
export type WarehouseKind = 'postgres' | 'duckdb' | 'none';

/** A destination connector the simulated platform accepts. */
export interface DestinationConnector {
  definitionId: string;
  /** The short name clients send as `configuration.destinationType`, e.g. `postgres`. */
  destinationType: string;
  name: string;
  dockerRepository: string;
  dockerImageTag: string;
  secretFields: string[];
  /** `postgres` and `duckdb` destinations receive real rows; others only accept syncs. */
  warehouse: WarehouseKind;
}

/**
 * A stream of a test-registered source: a schema plus fixed records or a generated count.
 *
 * @example
 * ```ts
 * const stream: CloudTestSourceStream = {
 *   name: 'orders',
 *   jsonSchema: { type: 'object', properties: { id: { type: 'integer' } } },
 *   primaryKey: [['id']],
 *   recordCount: 50,
 * };
 * ```
 */
export interface CloudTestSourceStream {
  name: string;
  namespace?: string;
  jsonSchema: JsonSchema;
  primaryKey?: string[][];
  cursorField?: string[];
  /** Fixed records; when absent, `recordCount` records are generated from the schema. */
  records?: SourceRecord[];
  recordCount?: number;
}

/**
 * A source type a test adds to the simulator, beyond the built-in sample-data source.
 *
 * @example
 * ```ts
 * await startCloudSimulator({ sources: [{ sourceType: 'shop', streams: [stream] }] });
 * ```
 */
export interface CloudTestSourceDefinition {
  sourceType: string;
  name?: string;
  definitionId?: string;
  streams: CloudTestSourceStream[];
  secretFields?: string[];
}

/** Definition id of the sample-data source, as the platform's registry has it. */
export const fakerDefinitionId = 'dfd88b22-b603-4c3d-aad7-3701784586b1';

const fakerConnector: SourceConnector = {
  definitionId: fakerDefinitionId,
  sourceType: 'faker',
  name: 'Sample Data (Faker)',
  dockerRepository: 'airbyte/source-faker',
  dockerImageTag: '6.2.20',
  secretFields: [],
  discover: () => fakerCatalog(),
  read: (stream, configuration) => {
    if (stream.name !== 'users' && stream.name !== 'products' && stream.name !== 'purchases') return [];
    return fakerRecords(stream.name as FakerStreamName, fakerSettings(configuration));
  },
};

const builtInDestinations: DestinationConnector[] = [
  {
    definitionId: '25c5221d-dce2-4163-ade9-739ef790f503',
    destinationType: 'postgres',
    name: 'Postgres',
    dockerRepository: 'airbyte/destination-postgres',
    dockerImageTag: '2.4.7',
    secretFields: ['password', 'tunnel_method.tunnel_user_password', 'tunnel_method.ssh_key'],
    warehouse: 'postgres',
  },
  {
    definitionId: '94bd199c-2ff0-4aa2-b98e-17f0acb72610',
    destinationType: 'duckdb',
    name: 'DuckDB',
    dockerRepository: 'airbyte/destination-duckdb',
    dockerImageTag: '0.4.0',
    secretFields: ['motherduck_api_key'],
    warehouse: 'duckdb',
  },
  {
    definitionId: '042ee9b5-eb98-4e99-a4e5-3f0d573bee66',
    destinationType: 'motherduck',
    name: 'MotherDuck',
    dockerRepository: 'airbyte/destination-motherduck',
    dockerImageTag: '0.1.27',
    secretFields: ['motherduck_api_key'],
    warehouse: 'none',
  },
  {
    definitionId: 'a7bcc9d8-13b3-4e49-b80d-d020b90045e3',
    destinationType: 'dev-null',
    name: 'End-to-End Testing (/dev/null)',
    dockerRepository: 'airbyte/destination-dev-null',
    dockerImageTag: '0.7.0',
    secretFields: [],
    warehouse: 'none',
  },
  {
    definitionId: '22f6c74f-5699-40ff-833c-4a879ea40133',
    destinationType: 'bigquery',
    name: 'BigQuery',
    dockerRepository: 'airbyte/destination-bigquery',
    dockerImageTag: '2.9.0',
    secretFields: ['credentials_json'],
    warehouse: 'none',
  },
  {
    definitionId: '424892c4-daac-4491-b35d-c6688ba547ba',
    destinationType: 'snowflake',
    name: 'Snowflake',
    dockerRepository: 'airbyte/destination-snowflake',
    dockerImageTag: '3.15.0',
    secretFields: ['credentials.password', 'credentials.private_key', 'credentials.private_key_password'],
    warehouse: 'none',
  },
];

/**
 * The connector definitions the simulated platform knows: the sample-data source, any
 * test-registered sources, and warehouse destinations (PostgreSQL and DuckDB receive real rows;
 * MotherDuck, BigQuery, Snowflake and dev-null accept syncs without writing).
 *
 * @example
 * ```ts
 * const registry = new ConnectorRegistry([]);
 * registry.source('faker')?.definitionId; // 'dfd88b22-…'
 * ```
 */
export class ConnectorRegistry {
  readonly #sources: SourceConnector[];
  readonly #destinations: DestinationConnector[] = builtInDestinations;

  constructor(testSources: CloudTestSourceDefinition[]) {
    this.#sources = [fakerConnector, ...testSources.map(toSourceConnector)];
  }

  /** Every known source connector. */
  allSources(): readonly SourceConnector[] {
    return this.#sources;
  }

  /** A source connector by short name. */
  source(sourceType: string): SourceConnector | undefined {
    return this.#sources.find((connector) => connector.sourceType === sourceType);
  }

  /** A source connector by definition id. */
  sourceByDefinition(definitionId: string): SourceConnector | undefined {
    return this.#sources.find((connector) => connector.definitionId === definitionId);
  }

  /** A destination connector by short name. */
  destination(destinationType: string): DestinationConnector | undefined {
    return this.#destinations.find((connector) => connector.destinationType === destinationType);
  }

  /** A destination connector by definition id. */
  destinationByDefinition(definitionId: string): DestinationConnector | undefined {
    return this.#destinations.find((connector) => connector.definitionId === definitionId);
  }
}

function toSourceConnector(definition: CloudTestSourceDefinition): SourceConnector {
  const catalog: DiscoveredStream[] = definition.streams.map((stream) => ({
    name: stream.name,
    ...(stream.namespace === undefined ? {} : { namespace: stream.namespace }),
    jsonSchema: structuredClone(stream.jsonSchema),
    supportedSyncModes: stream.cursorField ? ['full_refresh', 'incremental'] : ['full_refresh'],
    sourceDefinedCursor: stream.cursorField !== undefined,
    defaultCursorField: stream.cursorField ?? [],
    sourceDefinedPrimaryKey: stream.primaryKey ?? [],
    isResumable: true,
  }));
  return {
    definitionId: definition.definitionId ?? deterministicUuid(`source:${definition.sourceType}`),
    sourceType: definition.sourceType,
    name: definition.name ?? definition.sourceType,
    dockerRepository: `airbyte/source-${definition.sourceType}`,
    dockerImageTag: '0.0.1',
    secretFields: definition.secretFields ?? [],
    discover: () => structuredClone(catalog),
    read: (stream) => {
      const spec = definition.streams.find(
        (candidate) => candidate.name === stream.name && candidate.namespace === stream.namespace,
      );
      if (!spec) return [];
      if (spec.records) return structuredClone(spec.records);
      return generateRecordsFromSchema(spec.name, spec.jsonSchema, spec.recordCount ?? 10, 0);
    },
  };
}

/** A stable, UUID-shaped id derived from a name (FNV-1a), for test-registered definitions. */
function deterministicUuid(name: string): string {
  let hex = '';
  let hash = 0x811c9dc5;
  for (let round = 0; hex.length < 32; round += 1) {
    for (const char of `${round}:${name}`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hex += hash.toString(16).padStart(8, '0');
  }
  const digits = hex.slice(0, 32).split('');
  digits[12] = '4';
  digits[16] = ((Number.parseInt(digits[16] as string, 16) & 0x3) | 0x8).toString(16);
  const text = digits.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
