import { asanaDefinition } from '@conduit/asana';
import { createLocalExecutor } from '@conduit/asana/deprecated';
import { createHostedExecutor, HostedClient } from '@conduit/hosted';
import { type AsanaSimulator, asanaAttachmentBytes, startAsanaSimulator } from '@conduit/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from './create-mcp-server';
import type { ToolError } from './tool-error';

let sim: AsanaSimulator;
let client: Client;

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 5 } });
  const executor = createLocalExecutor({
    auth: { token: sim.tokens.personalAccessToken },
    baseUrl: sim.baseUrl,
    retry: { limit: 1, maxRetryAfterMs: 1_000 },
  });
  const server = createMcpServer({
    connectors: [{ definition: asanaDefinition, executor }],
    downloadCap: 4096,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function errorOf(result: CallToolResult): ToolError {
  expect(result.isError).toBe(true);
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error('no text content');
  return JSON.parse(first.text) as ToolError;
}

const projectWithTasks = () =>
  sim.data.projects.find((p) => sim.data.taskGids({ projectGid: p.gid }).length > 3)!;

describe('an MCP client on the local-mode server', () => {
  it('lists one tool per entity/action but search, with required params required', async () => {
    const { tools } = await client.listTools();
    const pairs = Object.values(asanaDefinition.entities).flatMap((entity) =>
      Object.keys(entity.actions).filter((action) => action !== 'search'),
    );
    expect(tools).toHaveLength(pairs.length);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const projectTasks = byName.get('asana_project_tasks_list')!;
    expect(projectTasks.description).toBe('List the tasks of a project');
    expect(projectTasks.inputSchema.required).toEqual(['project_gid']);
    expect(Object.keys(projectTasks.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['project_gid', 'limit', 'cursor', 'fields']),
    );
    expect(projectTasks.inputSchema.properties).not.toHaveProperty('offset');
    // No output schemas by default: `fields` names the record's fields instead.
    expect(projectTasks.outputSchema).toBeUndefined();
    expect(JSON.stringify(projectTasks.inputSchema.properties?.fields)).toMatch(/keep: gid, /);
    // A rule across params is said in the description, from the definition.
    expect(byName.get('asana_tasks_list')!.description).toContain('exactly one of: project, section');
    expect(byName.has('asana_tasks_search')).toBe(false);
  });

  it('pages a list through cursor and trims records to fields', async () => {
    const project = projectWithTasks();
    const expected = sim.data.taskGids({ projectGid: project.gid });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const result = await call('asana_project_tasks_list', {
        project_gid: project.gid,
        limit: 2,
        fields: ['gid', 'name'],
        ...(cursor === null ? {} : { cursor }),
      });
      expect(result.isError).toBeFalsy();
      const page = result.structuredContent as {
        records: Record<string, unknown>[];
        next_cursor: string | null;
      };
      for (const record of page.records) expect(Object.keys(record).sort()).toEqual(['gid', 'name']);
      seen.push(...page.records.map((record) => String(record.gid)));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(expected);
  });

  it('gets a record as structured content', async () => {
    const project = projectWithTasks();
    const result = await call('asana_projects_get', { project_gid: project.gid });
    expect(result.structuredContent).toMatchObject({ gid: project.gid, name: project.name });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  });

  it('answers a rule violation as a tool error naming the arguments', async () => {
    const error = errorOf(await call('asana_tasks_list', { workspace: sim.data.workspaces[0]!.gid }));
    expect(error).toMatchObject({ error: 'missing_param', retryable: false });
    expect(error.arguments.map((argument) => argument.name)).toEqual(['assignee']);
    expect(error.hint).toMatch(/add the arguments/);
  });

  it('answers invalid arguments as a tool error, not a protocol error', async () => {
    const result = await call('asana_projects_get', { project_gid: 'not-digits', extra: 1 });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/project_gid/);
  });

  it('says when to retry after an upstream 429 beyond the retry budget', async () => {
    sim.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 30 }, { times: 1 });
    const error = errorOf(await call('asana_workspaces_list', {}));
    expect(error).toMatchObject({
      error: 'rate_limited',
      status: 429,
      retryable: true,
      retry_after_seconds: 30,
    });
    expect(error.hint).toBe('call again in 30 s');
  });

  it('reports a missing record and a bad cursor as errors the model can act on', async () => {
    expect(errorOf(await call('asana_projects_get', { project_gid: '999999999' }))).toMatchObject({
      error: 'not_found',
    });
    const project = projectWithTasks();
    const cursorError = errorOf(
      await call('asana_project_tasks_list', { project_gid: project.gid, cursor: 'garbage' }),
    );
    expect(cursorError.arguments[0]?.name).toBe('cursor');
    expect(cursorError.hint).toMatch(/without cursor/);
  });

  it('returns a small download inline and a large one as a link the client can read', async () => {
    const parent = sim.data.taskGids({})[0]!;
    const small = sim.addAttachment({ parentGid: parent, name: 'notes.txt', size: 1000 });
    const inline = await call('asana_attachments_download', { attachment_gid: small.gid });
    expect(inline.isError).toBeFalsy();
    const resource = inline.content.find((item) => item.type === 'resource');
    if (resource?.type !== 'resource') throw new Error('no embedded resource');
    const content = resource.resource as { blob?: string; text?: string; mimeType?: string };
    const bytes =
      content.blob === undefined ? Buffer.from(content.text!, 'utf8') : Buffer.from(content.blob, 'base64');
    expect(bytes.equals(asanaAttachmentBytes(small.gid, small.name, 0, small.size))).toBe(true);

    const large = sim.addAttachment({ parentGid: parent, name: 'big.bin', size: 100_000 });
    const linked = await call('asana_attachments_download', { attachment_gid: large.gid });
    const link = linked.content.find((item) => item.type === 'resource_link');
    if (link?.type !== 'resource_link') throw new Error('no resource link');
    expect(link).toMatchObject({ name: 'big.bin', size: 100_000 });
    const read = await client.readResource({ uri: link.uri });
    const blob = (read.contents[0] as { blob: string }).blob;
    expect(
      Buffer.from(blob, 'base64').equals(asanaAttachmentBytes(large.gid, large.name, 0, large.size)),
    ).toBe(true);
  });
});

describe('tool lists', () => {
  async function toolsOf(server: ReturnType<typeof createMcpServer>) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const other = new Client({ name: 'lister', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), other.connect(clientSide)]);
    try {
      return (await other.listTools()).tools;
    } finally {
      await other.close();
    }
  }

  it('in hosted mode has search, its query DSL described and its fields named', async () => {
    // Listing runs nothing, so this executor never reaches the (absent) service.
    const executor = createHostedExecutor({
      client: new HostedClient({ scopedToken: 'unused', baseUrl: 'http://127.0.0.1:9' }),
      connectorId: 'c1',
      definition: asanaDefinition,
    });
    const tools = await toolsOf(createMcpServer({ connectors: [{ definition: asanaDefinition, executor }] }));
    expect(tools).toHaveLength(36);
    const search = tools.find((tool) => tool.name === 'asana_tasks_search')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(JSON.stringify(search.inputSchema)).toMatch(/fuzzy: typo-tolerant/);
    expect(search.description).toMatch(/fields: .*completed/);
  });

  it('is empty, not an error, without connectors', async () => {
    expect(await toolsOf(createMcpServer({ connectors: [] }))).toEqual([]);
  });
});
