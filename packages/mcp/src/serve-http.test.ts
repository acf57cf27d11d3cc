import { asanaDefinition } from '@conduit/asana';
import { createLocalExecutor } from '@conduit/asana/deprecated';
import { definedOptions } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticTokenAuthenticator } from './authenticators';
import { serveHttp } from './serve-http';

const TOKEN = 'local-secret-token';
let sim: AsanaSimulator;
let served: Awaited<ReturnType<typeof serveHttp>>;

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 2 } });
  const executor = createLocalExecutor({
    auth: { token: sim.tokens.personalAccessToken },
    baseUrl: sim.baseUrl,
  });
  served = await serveHttp({
    port: 0,
    authenticate: staticTokenAuthenticator(TOKEN, {
      connectors: [{ definition: asanaDefinition, executor }],
    }),
  });
});
afterAll(async () => {
  await served?.close();
  await sim?.close();
});

function connect(token: string | undefined): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(served.url), {
    requestInit: { headers: definedOptions({ authorization: token && `Bearer ${token}` }) },
  });
  return client.connect(transport).then(() => client);
}

describe('Streamable HTTP at /mcp', () => {
  it('serves the tools to a client with the token', async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect(TOKEN);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('asana_workspaces_get');
      const workspace = sim.data.workspaces[0]!;
      const result = await client.callTool({
        name: 'asana_workspaces_get',
        arguments: { workspace_gid: workspace.gid },
      });
      expect(result.structuredContent).toMatchObject({ gid: workspace.gid });
    } finally {
      await client.close();
    }
  });

  it('answers 401 to a missing or wrong token', async () => {
    await expect(connect(undefined)).rejects.toThrow(/401|missing bearer/i);
    await expect(connect('wrong')).rejects.toThrow(/401|invalid or expired/i);
    const response = await fetch(served.url, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
