import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, requireBuiltCli, runChild } from '../../testing/child-cli';
import { callTool, McpChildClients, structuredOf, tempDirectory } from '../../testing/mcp-e2e';

// `conduit mcp --output-schemas`: the built CLI over stdio, in local mode against the Asana
// simulator, spoken to by the SDK's own client (which checks results against listed output
// schemas). Which setting wins: the flag, then CONDUIT_MCP_OUTPUT_SCHEMAS, then the profile.

let sim: AsanaSimulator;
let clients: McpChildClients;
const scratch = tempDirectory('conduit-mcp-output-schemas-');
/** A config file whose default profile asks for output schemas. */
const configPath = join(scratch.path, 'config.json');

beforeAll(async () => {
  requireBuiltCli();
  clients = new McpChildClients(scratch.path);
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 13 } });
  writeFileSync(
    configPath,
    JSON.stringify({ default_profile: 'agents', profiles: { agents: { mcp_output_schemas: 'full' } } }),
  );
}, E2E_TIMEOUT_MS);

afterAll(async () => {
  await clients?.closeAll();
  await sim?.close();
  scratch.remove();
}, E2E_TIMEOUT_MS);

const env = (extra: Record<string, string> = {}) => ({
  ASANA_TOKEN: sim.tokens.personalAccessToken,
  ASANA_BASE_URL: sim.baseUrl,
  ...extra,
});

async function toolsOf(client: Client): Promise<Map<string, Tool>> {
  return new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
}

/** A get and a list page, through the client (which checks them against any listed schema). */
async function callsGetAndList(client: Client): Promise<void> {
  const project = sim.data.projects[0]!;
  const record = structuredOf(await callTool(client, 'asana_projects_get', { project_gid: project.gid }));
  expect(record).toMatchObject({ gid: project.gid, name: project.name });
  const page = structuredOf<{ records: { gid: string }[] }>(
    await callTool(client, 'asana_workspaces_list', { fields: ['gid'] }),
  );
  expect(page.records).toEqual(sim.data.workspaces.map((workspace) => ({ gid: workspace.gid })));
}

describe('conduit mcp --output-schemas (built CLI, child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('by default lists no output schemas and names the record fields in fields', async () => {
    const client = await clients.stdio([], env());
    const tools = await toolsOf(client);
    expect([...tools.values()].filter((tool) => tool.outputSchema !== undefined)).toEqual([]);
    expect(JSON.stringify(tools.get('asana_projects_get')!.inputSchema)).toMatch(
      /record fields to keep: gid, /,
    );
    await callsGetAndList(client);
  });

  it('with full lists them, and the client checks results against them', async () => {
    const client = await clients.stdio(['--output-schemas', 'full'], env());
    const tools = await toolsOf(client);
    expect(tools.get('asana_projects_get')!.outputSchema?.properties).toHaveProperty('gid');
    expect(tools.get('asana_workspaces_list')!.outputSchema?.required).toEqual(['records', 'next_cursor']);
    await callsGetAndList(client);
  });

  it('takes the flag over CONDUIT_MCP_OUTPUT_SCHEMAS over the profile', async () => {
    const listsSchemas = async (args: string[], extra: Record<string, string>) => {
      const tools = await toolsOf(await clients.stdio(args, env(extra)));
      return tools.get('asana_projects_get')!.outputSchema !== undefined;
    };
    expect(await listsSchemas([], { CONDUIT_CONFIG: configPath })).toBe(true);
    expect(await listsSchemas([], { CONDUIT_CONFIG: configPath, CONDUIT_MCP_OUTPUT_SCHEMAS: 'none' })).toBe(
      false,
    );
    expect(
      await listsSchemas(['--output-schemas', 'full'], {
        CONDUIT_CONFIG: configPath,
        CONDUIT_MCP_OUTPUT_SCHEMAS: 'none',
      }),
    ).toBe(true);
  });

  it('refuses another value before serving, naming where it came from', async () => {
    const fromEnv = await runChild(['mcp'], { env: env({ CONDUIT_MCP_OUTPUT_SCHEMAS: 'yes' }) });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stdout).toBe('');
    expect(fromEnv.stderr).toContain('env CONDUIT_MCP_OUTPUT_SCHEMAS must be none or full, got "yes"');
    const fromFlag = await runChild(['mcp', '--output-schemas', 'on'], { env: env() });
    expect(fromFlag.code).toBe(2);
    expect(fromFlag.stderr).toContain('--output-schemas must be none or full');
  });
});
