// The `@conduit/salesforce/kind` entry: the connector's kind alone (zod only), so a registry lists it
// without loading the connector.
export { DEFAULT_INSTANCE_URL, type SalesforceCredentials, salesforceKind } from './salesforce-kind';
