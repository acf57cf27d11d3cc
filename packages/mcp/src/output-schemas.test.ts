import { asanaDefinition, asanaModule } from '@conduit/asana';
import { createLocalExecutor } from '@conduit/asana/deprecated';
import type { ConnectorModule } from '@conduit/connector-kit';
import { createHostedExecutor, HostedClient } from '@conduit/hosted';
import { salesforceModule } from '@conduit/salesforce';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { zendeskSupportModule } from '@conduit/zendesk-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localConnector } from './connector-source';
import { createMcpServer, type McpServerOptions } from './create-mcp-server';
import type { McpConnector } from './mcp-connector';
import { OUTPUT_SCHEMAS, type OutputSchemas, parseOutputSchemas } from './output-schemas';

// The two ways of listing a tool's result: with its output schema or without (the default), what
// each costs in `tools/list` for every connector kind and mode, and the SDK's own client calling
// tools in each against the Asana simulator.

const clients: Client[] = [];

async function connect(options: McpServerOptions): Promise<Client> {
  const server = createMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  clients.push(client);
  return client;
}

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
});

const bytes = (tools: Tool[]) => Buffer.byteLength(JSON.stringify(tools));

/** Every kind, locally (credentials of the right shape; listing runs nothing) and hosted. */
const KINDS: readonly [ConnectorModule, Record<string, string>][] = [
  [asanaModule, { token: 'unused' }],
  [zendeskSupportModule, { email: 'unused@example.com', api_token: 'unused' }],
  [salesforceModule, { refresh_token: 'unused', client_id: 'unused', client_secret: 'unused' }],
];

function connectorsOf(module: ConnectorModule, credentials: Record<string, string>) {
  const { definition } = module;
  const client = new HostedClient({ scopedToken: 'unused', baseUrl: 'http://127.0.0.1:9' });
  return {
    local: localConnector(module, { credentials, baseUrl: 'http://127.0.0.1:9' }),
    hosted: { definition, executor: createHostedExecutor({ client, connectorId: 'unused', definition }) },
  };
}

async function listed(connector: McpConnector, outputSchemas?: OutputSchemas): Promise<Tool[]> {
  const client = await connect({ connectors: [connector], outputSchemas });
  return (await client.listTools()).tools;
}

describe('tool lists with and without output schemas', { timeout: 30_000 }, () => {
  it('leave them out by default, at two thirds of the bytes or less for every kind and mode', async () => {
    for (const [module, credentials] of KINDS) {
      for (const [mode, connector] of Object.entries(connectorsOf(module, credentials))) {
        const label = `${module.definition.name} ${mode}`;
        const none = await listed(connector);
        const full = await listed(connector, 'full');
        expect(
          none.map((tool) => tool.name),
          label,
        ).toEqual(full.map((tool) => tool.name));
        expect(
          none.filter((tool) => tool.outputSchema !== undefined),
          label,
        ).toEqual([]);
        expect(
          full.filter((tool) => tool.outputSchema === undefined).map((tool) => tool.name),
          label,
        ).toEqual(full.filter((tool) => tool.name.endsWith('_download')).map((tool) => tool.name));
        expect(bytes(none), label).toBeLessThan(bytes(full) * 0.67);
        if (module === zendeskSupportModule) expect(bytes(none), label).toBeLessThan(bytes(full) * 0.6);
      }
    }
  });

  it('name the record fields in `fields` only when the output schema is not listed', async () => {
    const { local } = connectorsOf(asanaModule, { token: 'unused' });
    const names = Object.keys(asanaDefinition.entities.projects!.actions.get!.record.shape);
    const fieldsOf = (tools: Tool[]) =>
      (
        tools.find((tool) => tool.name === 'asana_projects_get')!.inputSchema.properties!.fields as {
          description: string;
        }
      ).description;
    expect(fieldsOf(await listed(local, 'none'))).toBe(`record fields to keep: ${names.join(', ')}`);
    expect(fieldsOf(await listed(local, 'full'))).toBe('record fields to keep');
  });

  it('parse from a flag or setting', () => {
    expect(OUTPUT_SCHEMAS.map(parseOutputSchemas)).toEqual(['none', 'full']);
    expect(parseOutputSchemas('on')).toBeUndefined();
  });
});

describe('an MCP client calling tools', { timeout: 30_000 }, () => {
  let sim: AsanaSimulator;
  let connector: McpConnector;

  beforeAll(async () => {
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 3 } });
    connector = {
      definition: asanaDefinition,
      executor: createLocalExecutor({
        auth: { token: sim.tokens.personalAccessToken },
        baseUrl: sim.baseUrl,
      }),
    };
  });
  afterAll(() => sim?.close());

  const call = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    // The same JSON as text, for clients that show a model only the content.
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    return result.structuredContent as Record<string, unknown>;
  };

  it.each(OUTPUT_SCHEMAS)(
    'gets structured lists and records with output schemas %s',
    async (outputSchemas) => {
      const client = await connect({ connectors: [connector], outputSchemas });
      const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
      const page = await call(client, 'asana_workspaces_list', { limit: 1 });
      expect(page).toMatchObject({ records: [{ gid: sim.data.workspaces[0]!.gid }] });
      const project = sim.data.projects[0]!;
      const record = await call(client, 'asana_projects_get', {
        project_gid: project.gid,
        fields: ['gid', 'name'],
      });
      expect(record).toEqual({ gid: project.gid, name: project.name });
      const full = await call(client, 'asana_projects_get', { project_gid: project.gid });
      const schema = tools.get('asana_projects_get')!.outputSchema;
      if (outputSchemas === 'none') {
        expect(schema).toBeUndefined();
      } else {
        // The SDK's client checked it already (it throws on a mismatch); said here outright.
        const validate = new AjvJsonSchemaValidator().getValidator(schema!);
        expect(validate(full).valid).toBe(true);
        expect(validate({ gid: 42 }).valid).toBe(false);
      }
    },
  );

  it.each(OUTPUT_SCHEMAS)('refuses a result off its schema with output schemas %s', async (outputSchemas) => {
    // An executor whose record breaks the definition's schema (gid is a string).
    const broken: McpConnector = {
      definition: asanaDefinition,
      executor: { mode: 'local', execute: async () => ({ gid: 42 }) },
    };
    const client = await connect({ connectors: [broken], outputSchemas });
    const result = (await client.callTool({
      name: 'asana_projects_get',
      arguments: { project_gid: '1' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/Output validation error/);
  });
});
