import type { ConnectorKind } from '@conduit/protocol';
import { CONNECTOR_KINDS, findConnector, requireKind } from './connector-lookup';

/**
 * A connector kind's canonical name (`task-management`, `support-desk`, `crm`, or a kind a
 * registered connector brings): any string the registry knows.
 *
 * @example
 * ```ts
 * const type: ConnectorType = requireConnectorType('asana'); // 'task-management'
 * ```
 */
export type ConnectorType = string;

/**
 * The registry's kinds by canonical name, in order.
 *
 * @example
 * ```ts
 * for (const type of CONNECTOR_TYPES) console.log(type);
 * ```
 */
export const CONNECTOR_TYPES: readonly ConnectorType[] = CONNECTOR_KINDS.map((kind) => kind.type);

/**
 * The canonical kind of a name or alias (case-insensitive), or `undefined` when no connector of
 * the registry has it.
 *
 * @example
 * ```ts
 * resolveConnectorType('salesforce'); // 'crm'
 * ```
 */
export function resolveConnectorType(name: string): ConnectorType | undefined {
  return findConnector(name)?.kind.type;
}

/**
 * Like {@link resolveConnectorType}, but an unknown name throws the service's 400
 * `unknown_connector_type` (a `ValidationError` naming `connector_type`).
 *
 * @example
 * ```ts
 * const type = requireConnectorType(body.connector_type);
 * ```
 */
export function requireConnectorType(name: unknown): ConnectorType {
  return requireKind(name).type;
}

/**
 * The kind named `type` (or an alias of it), described: names, vendor, credential methods, config
 * variables; else `unknown_connector_type`.
 *
 * @example
 * ```ts
 * connectorKind('crm').vendor; // 'Salesforce'
 * ```
 */
export function connectorKind(
  type: ConnectorType,
): ConnectorKind<string, Readonly<Record<string, string | undefined>>, Readonly<Record<string, unknown>>> {
  return requireKind(type);
}

/**
 * Checks credentials against the methods of a kind (see `ConnectorKind.parseCredentials`).
 *
 * @example
 * ```ts
 * parseConnectorCredentials('task-management', { token: 'pat' });
 * ```
 */
export function parseConnectorCredentials(
  type: ConnectorType,
  credentials: unknown,
): Readonly<Record<string, string | undefined>> {
  return requireKind(type).parseCredentials(credentials);
}

/**
 * Checks a kind's configuration variables, defaults applied (see `ConnectorKind.parseConfig`).
 *
 * @example
 * ```ts
 * parseConnectorConfig('crm', {}); // { instance_url: 'https://login.salesforce.com' }
 * ```
 */
export function parseConnectorConfig(
  type: ConnectorType,
  config: unknown,
): Readonly<Record<string, unknown>> {
  return requireKind(type).parseConfig(config);
}

/**
 * The upstream base address of a connector's config: `base_url`, else the kind's own (validated).
 *
 * @example
 * ```ts
 * upstreamBaseUrl('support-desk', { subdomain: 'acme' }); // 'https://acme.zendesk.com/api/v2'
 * ```
 */
export function upstreamBaseUrl(type: ConnectorType, config: unknown): string {
  return requireKind(type).baseUrl(config);
}
