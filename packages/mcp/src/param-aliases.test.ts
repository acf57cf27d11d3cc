import { startZendeskSimulator, type ZendeskSimulator } from '@conduit/testkit';
import { zendeskSupportModule } from '@conduit/zendesk-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localConnector } from './connector-source';
import { createMcpServer } from './create-mcp-server';

// A param alias of a definition (Zendesk's `per_page` for `limit`) is a tool argument too: listed
// in the tool's schema, and taken as the param it stands for.

let zendesk: ZendeskSimulator;
let client: Client;

beforeAll(async () => {
  zendesk = await startZendeskSimulator({ dataset: { tickets: 30 }, rateLimit: false });
  const server = createMcpServer({
    connectors: [
      localConnector(zendeskSupportModule, {
        credentials: { email: zendesk.credentials.email, api_token: zendesk.credentials.apiToken },
        baseUrl: zendesk.baseUrl,
      }),
    ],
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await zendesk?.close();
});

type Page = { records: { id: number }[]; next_cursor: string | null };

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('a param alias through MCP', () => {
  it('is listed in the tool schema as the alias it is', async () => {
    const { tools } = await client.listTools();
    const tickets = tools.find((tool) => tool.name === 'zendesk-support_tickets_list')!;
    const properties = tickets.inputSchema.properties as Record<string, { description?: string }>;
    expect(properties.per_page?.description).toBe('alias of limit');
  });

  it('pages as limit does, and the cursor it hands out walks on', async () => {
    const byAlias = await call('zendesk-support_tickets_list', { per_page: 4 });
    const byName = await call('zendesk-support_tickets_list', { limit: 4 });
    expect(byAlias.isError, JSON.stringify(byAlias.content)).not.toBe(true);
    const page = byAlias.structuredContent as Page;
    expect(page.records).toHaveLength(4);
    expect(page.records).toEqual((byName.structuredContent as Page).records);
    const next = await call('zendesk-support_tickets_list', { per_page: 4, cursor: page.next_cursor });
    const ids = (next.structuredContent as Page).records.map((record) => record.id);
    expect(ids).toHaveLength(4);
    expect(ids.some((id) => page.records.some((record) => record.id === id))).toBe(false);
  });

  it('refuses a value out of range under the alias', async () => {
    const result = await call('zendesk-support_tickets_list', { per_page: 1000 });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('per_page');
  });
});
