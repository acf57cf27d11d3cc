import { asanaKind } from '@conduit/asana/kind';
import { salesforceKind } from '@conduit/salesforce/kind';
import { zendeskSupportKind } from '@conduit/zendesk-support/kind';
import { type ConnectorEntry, lazyConnector } from './connector-entry';

/**
 * Every connector Conduit ships, one line each: the only list of them. The CLI, the server and the
 * MCP server know connectors only through it; adding a connector is adding its line.
 *
 * @example
 * ```ts
 * CONNECTORS.map((entry) => `${entry.name} (${entry.kind.type})`); // ['asana (task-management)', …]
 * ```
 */
export const CONNECTORS: readonly ConnectorEntry[] = [
  lazyConnector(asanaKind, '@conduit/asana', async () => (await import('@conduit/asana')).asanaModule),
  lazyConnector(
    zendeskSupportKind,
    '@conduit/zendesk-support',
    async () => (await import('@conduit/zendesk-support')).zendeskSupportModule,
  ),
  lazyConnector(
    salesforceKind,
    '@conduit/salesforce',
    async () => (await import('@conduit/salesforce')).salesforceModule,
  ),
];
