import { asanaModule } from '@conduit/asana';
import type { ConnectorModule } from '@conduit/connector-kit';
import { createHostedExecutor, HostedClient } from '@conduit/hosted';
import { salesforceModule } from '@conduit/salesforce';
import { zendeskSupportModule } from '@conduit/zendesk-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { connectorTools } from './connector-tools';
import { createMcpServer } from './create-mcp-server';
import type { McpConnector } from './mcp-connector';
import { toolJsonSchema } from './tool-json-schema';

// The compact schemas `tools/list` shows, for every action of every connector kind in hosted mode
// (the larger tool set: search included): still valid JSON Schema, the definition's required
// params still required, and arguments the zod schemas refuse answered as `isError` results.
// Nothing reaches an upstream here: the hosted executors point at a closed port, and invalid
// arguments are refused before a call.

const MODULES: readonly ConnectorModule[] = [asanaModule, zendeskSupportModule, salesforceModule];

function hosted(module: ConnectorModule): McpConnector {
  const client = new HostedClient({ scopedToken: 'unused', baseUrl: 'http://127.0.0.1:9' });
  const { definition } = module;
  return { definition, executor: createHostedExecutor({ client, connectorId: 'unused', definition }) };
}

const connectors = MODULES.map(hosted);
const expectedTools = connectors.flatMap((connector) => connectorTools(connector));
let client: Client;
let listed: Tool[];

beforeAll(async () => {
  const server = createMcpServer({ connectors });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  listed = (await client.listTools()).tools;
});

afterAll(async () => {
  await client?.close();
});

/** The params an action cannot do without: those its zod schema does not accept as absent. */
function requiredParams(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, param]) => !param.safeParse(undefined).success)
    .map(([name]) => name)
    .sort();
}

// Over a hundred tools are listed, compiled and called: the default 5 s is tight on a loaded machine.
describe('compact tool schemas', { timeout: 30_000 }, () => {
  it('lists every entity/action of the three kinds, each far smaller than zod’s own JSON Schema', () => {
    expect(listed.map((tool) => tool.name).sort()).toEqual(expectedTools.map((tool) => tool.name).sort());
    const before = expectedTools.reduce(
      (sum, tool) => sum + JSON.stringify(z.toJSONSchema(tool.inputSchema, { io: 'input' })).length,
      0,
    );
    const after = listed.reduce((sum, tool) => sum + JSON.stringify(tool.inputSchema).length, 0);
    expect(after).toBeLessThan(before * 0.75);
  });

  it('keeps every tool’s required params required and compiles as JSON Schema', () => {
    const validator = new AjvJsonSchemaValidator();
    for (const tool of expectedTools) {
      const shown = listed.find((candidate) => candidate.name === tool.name)!;
      expect([...(shown.inputSchema.required ?? [])].sort(), tool.name).toEqual(
        requiredParams(tool.inputSchema),
      );
      expect(() => validator.getValidator(shown.inputSchema), tool.name).not.toThrow();
      if (shown.outputSchema) expect(() => validator.getValidator(shown.outputSchema!)).not.toThrow();
    }
  });

  it('describes the search filter once per tool instead of its recursive schema', () => {
    const search = listed.filter((tool) => tool.name.endsWith('_search'));
    expect(search.length).toBeGreaterThanOrEqual(MODULES.length);
    for (const tool of search) {
      const text = JSON.stringify(tool.inputSchema);
      expect(text).not.toContain('definitions');
      expect(text).toContain('fuzzy');
      expect(tool.inputSchema.required).toEqual(['query']);
    }
  });

  it('answers invalid arguments to every tool as an isError result naming the argument', async () => {
    for (const tool of expectedTools) {
      const required = requiredParams(tool.inputSchema);
      const args = required.length === 0 ? { no_such_argument: 1 } : {};
      const result = (await client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
      expect(result.isError, tool.name).toBe(true);
      const text = JSON.stringify(result.content);
      expect(text, tool.name).toContain(required[0] ?? 'no_such_argument');
    }
  });

  it('drops what tells a model nothing (safe-integer bounds included), keeps types and constraints', () => {
    const schema = toolJsonSchema(
      z.strictObject({
        id: z.string().regex(/^\d+$/),
        note: z.string().nullish(),
        tags: z.array(z.unknown()).optional(),
        extra: z.record(z.string(), z.unknown()).optional(),
        count: z.int().optional(),
        since: z.int().min(0).optional(),
        page: z.int().positive().max(100).optional(),
      }),
      'input',
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^\\d+$' },
        note: { type: ['string', 'null'] },
        tags: { type: 'array' },
        extra: { type: 'object' },
        count: { type: 'integer' },
        since: { type: 'integer', minimum: 0 },
        page: { type: 'integer', exclusiveMinimum: 0, maximum: 100 },
      },
      required: ['id'],
    });
  });
});
