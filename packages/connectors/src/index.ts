export { type ConnectorEntry, lazyConnector } from './connector-entry';
export {
  CONNECTOR_KINDS,
  findConnector,
  loadConnectorRegistry,
  requireKind,
} from './connector-lookup';
export { builtinConnectors, CONNECTORS } from './connectors';
export { type CheckedConnectorKind, type Connectors, defineConnectors } from './define-connectors';
export {
  CONNECTOR_TYPES,
  type ConnectorType,
  connectorKind,
  parseConnectorConfig,
  parseConnectorCredentials,
  requireConnectorType,
  resolveConnectorType,
  upstreamBaseUrl,
} from './kind-checks';
export { VERSION } from './version';
