import { PlatformInputError } from '../errors/platform-input-error';

/**
 * A connector configured locally, to deploy as is: its registry name (`source-faker`,
 * `destination-postgres`) and its configuration with secrets in clear (they are sent once, to
 * the platform, which stores and masks them).
 *
 * @example
 * ```ts
 * const local: LocalConnector = { connectorName: 'source-faker', config: { count: 100 } };
 * ```
 */
export interface LocalConnector {
  readonly connectorName: string;
  readonly config: Record<string, unknown>;
}

/**
 * What `deploySource` / `deployDestination` accept: a {@link LocalConnector}, or a configuration
 * object that names its connector with `sourceType` / `destinationType` (e.g. `{ destinationType:
 * 'postgres', host, … }`).
 *
 * @example
 * ```ts
 * const destination: ConnectorConfigInput = { destinationType: 'duckdb', destination_path: '/local/out.duckdb' };
 * ```
 */
export type ConnectorConfigInput = LocalConnector | Record<string, unknown>;

function isLocalConnector(input: ConnectorConfigInput): input is LocalConnector {
  return (
    typeof (input as LocalConnector).connectorName === 'string' &&
    typeof (input as LocalConnector).config === 'object' &&
    (input as LocalConnector).config !== null
  );
}

/**
 * The `configuration` body of a deploy: the local connector's config plus its type (its name
 * without the `source-`/`destination-` prefix), or the given object, which must carry the type.
 *
 * @example
 * ```ts
 * deployConfiguration({ connectorName: 'source-faker', config: { count: 5 } }, 'source');
 * // { count: 5, sourceType: 'faker' }
 * ```
 */
export function deployConfiguration(
  input: ConnectorConfigInput,
  kind: 'source' | 'destination',
): { configuration: Record<string, unknown>; connectorType: string } {
  const typeKey = kind === 'source' ? 'sourceType' : 'destinationType';
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new PlatformInputError(`The ${kind} must be a local connector or a configuration object.`, {
      field: kind,
    });
  }
  if (isLocalConnector(input)) {
    const connectorType = input.connectorName.replace(new RegExp(`^${kind}-`), '');
    return { configuration: { ...structuredClone(input.config), [typeKey]: connectorType }, connectorType };
  }
  const connectorType = input[typeKey];
  if (typeof connectorType !== 'string' || connectorType === '') {
    throw new PlatformInputError(`Missing ${typeKey} in the ${kind} configuration.`, {
      field: `${kind}.${typeKey}`,
    });
  }
  return { configuration: structuredClone(input), connectorType };
}
