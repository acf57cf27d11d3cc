import { salesforceModule } from '@conduit/salesforce';
import {
  type SalesforceSimulator,
  startSalesforceSimulator,
  startZendeskSimulator,
  type ZendeskSimulator,
} from '@conduit/testkit';
import { zendeskSupportModule } from '@conduit/zendesk-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localConnector } from './connector-source';
import { createMcpServer } from './create-mcp-server';

// The support-desk and CRM kinds through MCP, as the task-management kind is in
// create-mcp-server.test.ts: tools from each module's definition, a list paged by cursor, a get,
// a download, and a failure the model can act on.

let zendesk: ZendeskSimulator;
let crm: SalesforceSimulator;
let client: Client;

beforeAll(async () => {
  zendesk = await startZendeskSimulator();
  crm = await startSalesforceSimulator();
  const server = createMcpServer({
    connectors: [
      localConnector(zendeskSupportModule, {
        credentials: { email: zendesk.credentials.email, api_token: zendesk.credentials.apiToken },
        baseUrl: zendesk.baseUrl,
      }),
      localConnector(salesforceModule, {
        credentials: {
          refresh_token: crm.credentials.refreshToken,
          client_id: crm.credentials.clientId,
          client_secret: crm.credentials.clientSecret,
        },
        baseUrl: crm.loginUrl,
      }),
    ],
    downloadCap: 1 << 20,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await zendesk?.close();
  await crm?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The name of the one tool whose name ends with `suffix` (the module's name prefixes it). */
async function toolOf(suffix: string, prefix = ''): Promise<string> {
  const { tools } = await client.listTools();
  const matches = tools.filter((tool) => tool.name.startsWith(prefix) && tool.name.endsWith(suffix));
  expect(matches, suffix).toHaveLength(1);
  return matches[0]!.name;
}

function structured<T>(result: CallToolResult): T {
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as T;
}

// Each test makes several upstream calls to two simulators: the default 5 s is tight on a loaded machine.
describe('an MCP client on the support-desk and CRM kinds', { timeout: 30_000 }, () => {
  it('lists one tool per entity/action of each module (search left out locally)', async () => {
    const { tools } = await client.listTools();
    let expected = 0;
    for (const module of [zendeskSupportModule, salesforceModule]) {
      for (const { actions } of Object.values(module.definition.entities)) {
        expected += Object.keys(actions).filter((action) => action !== 'search').length;
      }
    }
    expect(tools).toHaveLength(expected);
    expect(tools.some((tool) => tool.name.endsWith('_search'))).toBe(false);
  });

  it('pages tickets by cursor, gets one and downloads an attachment (support-desk)', async () => {
    const listTool = await toolOf('_tickets_list');
    const first = structured<{ records: { id: number }[]; next_cursor: string | null }>(
      await call(listTool, { limit: 5 }),
    );
    expect(first.records).toHaveLength(5);
    expect(first.next_cursor).not.toBeNull();
    const second = structured<{ records: { id: number }[] }>(
      await call(listTool, { limit: 5, cursor: first.next_cursor }),
    );
    expect(second.records.map((ticket) => ticket.id)).not.toContain(first.records[0]!.id);
    const ticket = structured<{ id: number; subject: string }>(
      await call(await toolOf('_tickets_get'), { ticket_id: first.records[0]!.id }),
    );
    expect(ticket.id).toBe(first.records[0]!.id);
    const file = [...zendesk.data.attachmentById.values()].find((attachment) => !attachment.inline)!;
    const download = await call(await toolOf('_attachments_download', 'zendesk'), { attachment_id: file.id });
    expect(download.isError).not.toBe(true);
    expect(download.content.length).toBeGreaterThan(0);
  });

  it('lists contacts, gets one and downloads a file (CRM)', async () => {
    const contacts = structured<{ records: { Id: string }[] }>(
      await call(await toolOf('_contacts_list'), { limit: 3 }),
    );
    expect(contacts.records.length).toBeGreaterThan(0);
    const contact = structured<{ Id: string }>(
      await call(await toolOf('_contacts_get'), { id: contacts.records[0]!.Id }),
    );
    expect(contact.Id).toBe(contacts.records[0]!.Id);
    const version = crm.data.records('ContentVersion')[0]!;
    const download = await call(await toolOf('_content_versions_download'), { id: version.Id });
    expect(download.isError).not.toBe(true);
    expect(download.content.length).toBeGreaterThan(0);
  });

  it('answers an unknown record as a tool error the model can act on, never a crash', async () => {
    const result = await call(await toolOf('_contacts_get'), { id: '003000000000000AAA' });
    expect(result.isError).toBe(true);
    const [first] = result.content;
    expect(first?.type).toBe('text');
  });
});

// A param alias of a definition (Zendesk's `per_page` for `limit`) is a tool argument too: listed
// in the tool's schema, and taken as the param it stands for.
type AliasPage = { records: { id: number }[]; next_cursor: string | null };

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
    const page = byAlias.structuredContent as AliasPage;
    expect(page.records).toHaveLength(4);
    expect(page.records).toEqual((byName.structuredContent as AliasPage).records);
    const next = await call('zendesk-support_tickets_list', { per_page: 4, cursor: page.next_cursor });
    const ids = (next.structuredContent as AliasPage).records.map((record) => record.id);
    expect(ids).toHaveLength(4);
    expect(ids.some((id) => page.records.some((record) => record.id === id))).toBe(false);
  });

  it('refuses a value out of range under the alias', async () => {
    const result = await call('zendesk-support_tickets_list', { per_page: 1000 });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('per_page');
  });
});

// Params clients written against the upstreams send (docs/airbyte-python-sdk.md) are tool
// arguments like any other: Zendesk's page number, SOSL in a Salesforce list's `q`.
describe("the upstreams' own paging and search through MCP", { timeout: 30_000 }, () => {
  it("reads a Zendesk page by number, limit records each, following the previous one's", async () => {
    const { tools } = await client.listTools();
    const tickets = tools.find((tool) => tool.name === 'zendesk-support_tickets_list')!;
    expect(Object.keys(tickets.inputSchema.properties ?? {})).toContain('page');
    const both = structured<AliasPage>(await call('zendesk-support_tickets_list', { limit: 8 }));
    const second = await call('zendesk-support_tickets_list', { page: 2, per_page: 4 });
    expect(second.isError, JSON.stringify(second.content)).not.toBe(true);
    expect((second.structuredContent as AliasPage).records).toEqual(both.records.slice(4, 8));
    const past = await call('zendesk-support_tickets_list', { page: 101 });
    expect(past.isError).toBe(true);
    expect(JSON.stringify(past.content)).toContain('page');
  });

  it('runs SOSL given as q on a Salesforce list', async () => {
    const contact = crm.data.records('Contact').find((row) => typeof row.LastName === 'string')!;
    const result = await call(await toolOf('_contacts_list'), {
      q: `FIND {${String(contact.LastName)}} IN NAME FIELDS RETURNING Contact(Id, LastName)`,
    });
    expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
    const records = structured<{ records: { Id: string; LastName: string }[] }>(result).records;
    expect(records.map((row) => row.Id)).toContain(contact.Id);
    for (const row of records) expect(row.LastName).toBe(contact.LastName);
  });
});
