// The `@conduit/asana/kind` entry: the connector's kind alone (zod only), so a registry lists it
// without loading the connector.
export { ASANA_API_URL, type AsanaCredentials, asanaKind } from './asana-kind';
