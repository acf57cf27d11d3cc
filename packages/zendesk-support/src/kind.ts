// The `@conduit/zendesk-support/kind` entry: the connector's kind alone (zod only), so a registry lists it
// without loading the connector.
export { type ZendeskSupportCredentials, zendeskSupportKind } from './zendesk-kind';
