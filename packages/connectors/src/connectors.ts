import { asanaKind } from '@conduit/asana/kind';
import { salesforceKind } from '@conduit/salesforce/kind';
import { zendeskSupportKind } from '@conduit/zendesk-support/kind';
import { type ConnectorEntry, lazyConnector } from './connector-entry';
import { type Connectors, defineConnectors } from './define-connectors';

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
  lazyConnector(
    asanaKind,
    '@conduit/asana',
    async () => (await import('@conduit/asana')).asanaModule,
    async () => (await import('@conduit/asana/demo')).asanaDemo,
  ),
  lazyConnector(
    zendeskSupportKind,
    '@conduit/zendesk-support',
    async () => (await import('@conduit/zendesk-support')).zendeskSupportModule,
    async () => (await import('@conduit/zendesk-support/demo')).zendeskSupportDemo,
  ),
  lazyConnector(
    salesforceKind,
    '@conduit/salesforce',
    async () => (await import('@conduit/salesforce')).salesforceModule,
    async () => (await import('@conduit/salesforce/demo')).salesforceDemo,
  ),
];

/**
 * The connectors Conduit ships, as the set the shells take by default.
 *
 * @example
 * ```ts
 * builtinConnectors.requireType('zendesk-support'); // 'support-desk'
 * ```
 */
export const builtinConnectors: Connectors = defineConnectors(CONNECTORS);
