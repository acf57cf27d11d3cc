import { type AsanaSimulator, asanaAttachmentBytes, startAsanaSimulator } from '@conduit/testkit';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, requireBuiltCli, runChild } from '../../testing/child-cli';
import {
  callTool as call,
  createSyncedConnector,
  toolErrorOf as errorOf,
  expectCountdown,
  inlineBytesOf,
  McpChildClients,
  startTestService,
  type TestService,
  tempDirectory,
} from '../../testing/mcp-e2e';

// `conduit mcp` as MCP clients run it: the built CLI in a child process, spoken to by the SDK's
// own client over stdio and over Streamable HTTP, in local mode against the Asana simulator and
// in hosted mode against a real service (in-process, temporary SQLite store) whose connector
// calls the same simulator. The support-desk and CRM kinds: mcp-every-kind.e2e.test.ts.

let sim: AsanaSimulator;
let service: TestService;
let clients: McpChildClients;
const scratch = tempDirectory('conduit-mcp-e2e-');
const USER = 'user-mcp';

beforeAll(async () => {
  requireBuiltCli();
  clients = new McpChildClients(scratch.path);
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
  service = await startTestService(scratch.path);
  await createSyncedConnector(service.client(USER), {
    connectorType: 'task-management',
    credentials: { token: sim.tokens.personalAccessToken },
    config: { base_url: sim.baseUrl },
  });
}, E2E_TIMEOUT_MS);

afterAll(async () => {
  await clients?.closeAll();
  await service?.close();
  await sim?.close();
  scratch.remove();
}, E2E_TIMEOUT_MS);

const localEnv = () => ({ ASANA_TOKEN: sim.tokens.personalAccessToken, ASANA_BASE_URL: sim.baseUrl });
const hostedEnv = () => service.env(USER);
const stdioClient = (args: string[], env: Record<string, string>) => clients.stdio(args, env);
const httpServer = (args: string[], env: Record<string, string>) => clients.httpServer(args, env);
const httpClient = (url: string, token: string): Promise<Client> => clients.http(url, token);
const scopedToken = (user: string) => service.scopedToken(user);

const project = () => sim.data.projects.find((p) => sim.data.taskGids({ projectGid: p.gid }).length > 3)!;
const asanaFile = () => sim.data.attachments.find((a) => a.host === 'asana' && a.size < 200_000)!;
/** Seed 001: 36 entity/action pairs, 8 of them `search` (hosted mode only). */
const actionPairs = (withSearch: boolean) => (withSearch ? 36 : 28);

async function pagesAllTasks(client: Client): Promise<void> {
  const target = project();
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const result = await call(client, 'asana_project_tasks_list', {
      project_gid: target.gid,
      limit: 2,
      fields: ['gid', 'name'],
      ...(cursor === null ? {} : { cursor }),
    });
    expect(result.isError).toBeFalsy();
    const page = result.structuredContent as { records: { gid: string }[]; next_cursor: string | null };
    for (const record of page.records) expect(Object.keys(record).sort()).toEqual(['gid', 'name']);
    seen.push(...page.records.map((record) => record.gid));
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor !== null);
  expect(pages).toBeGreaterThan(1);
  expect(seen).toEqual(sim.data.taskGids({ projectGid: target.gid }));
}

async function checksCommonCalls(client: Client): Promise<void> {
  // get
  const target = project();
  const got = await call(client, 'asana_projects_get', { project_gid: target.gid, fields: ['gid', 'name'] });
  expect(got.structuredContent).toEqual({ gid: target.gid, name: target.name });
  // list
  const workspaces = await call(client, 'asana_workspaces_list', {});
  expect((workspaces.structuredContent as { records: { gid: string }[] }).records.map((r) => r.gid)).toEqual(
    sim.data.workspaces.map((w) => w.gid),
  );
  // a rule across params
  const rule = errorOf(await call(client, 'asana_tasks_list', { workspace: sim.data.workspaces[0]!.gid }));
  expect(rule).toMatchObject({ error: 'missing_param', retryable: false });
  expect(rule.arguments.map((argument) => argument.name)).toEqual(['assignee']);
  // arguments the schema refuses: a tool result, not a protocol error
  const invalid = await call(client, 'asana_projects_get', { project_gid: 'abc' });
  expect(invalid.isError).toBe(true);
  expect(JSON.stringify(invalid.content)).toContain('project_gid');
  // a record that does not exist
  expect(errorOf(await call(client, 'asana_projects_get', { project_gid: '777777777777' })).error).toBe(
    'not_found',
  );
  // download, inline under the cap
  const file = asanaFile();
  const downloaded = await call(client, 'asana_attachments_download', { attachment_gid: file.gid });
  expect(inlineBytesOf(downloaded).equals(asanaAttachmentBytes(file.gid, file.name, 0, file.size))).toBe(
    true,
  );
}

async function checksRateLimit(client: Client): Promise<void> {
  // Retry-After beyond what the clients wait (60 s) comes back to the model at once.
  const fault = sim.faults.inject(
    { kind: 'status', status: 429, retryAfterSeconds: 120 },
    { times: 20, path: '/workspaces' },
  );
  try {
    const limited = errorOf(await call(client, 'asana_workspaces_list', {}));
    // `rate_limited` locally, `upstream_rate_limited` as the hosted service names the upstream's.
    expect(limited.error).toMatch(/^(upstream_)?rate_limited$/);
    // Through the service the wait is what is left of the upstream's 120 s when the answer is read:
    // a countdown, so a loaded machine reads a little less.
    expect(limited.retryable).toBe(true);
    expectCountdown(limited.retry_after_seconds, 120);
    expect(limited.hint).toBe(`call again in ${String(limited.retry_after_seconds)} s`);
  } finally {
    fault.cancel();
  }
  // The server is still there.
  expect((await call(client, 'asana_workspaces_list', {})).isError).toBeFalsy();
}

describe('conduit mcp over stdio (built CLI, child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('local mode: lists one tool per entity/action (no search) with required params', async () => {
    const client = await stdioClient([], localEnv());
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(actionPairs(false));
    expect(tools.some((tool) => tool.name.endsWith('_search'))).toBe(false);
    const get = tools.find((tool) => tool.name === 'asana_tasks_get')!;
    expect(get.inputSchema.required).toEqual(['task_gid']);
    expect(get.description).toBe('Get a task');
  });

  it('local mode: get, list, rule violation, invalid arguments, not found, download', async () => {
    await checksCommonCalls(await stdioClient(['--connector', 'asana'], localEnv()));
  });

  it('local mode: pages through cursor', async () => {
    await pagesAllTasks(await stdioClient([], localEnv()));
  });

  it('local mode: an upstream 429 is a result with the wait, and the server lives on', async () => {
    await checksRateLimit(await stdioClient([], localEnv()));
  });

  it('local mode: a download over the cap is a link the client reads', async () => {
    const client = await stdioClient(['--download-cap', '100'], localEnv());
    const file = asanaFile();
    const result = await call(client, 'asana_attachments_download', { attachment_gid: file.gid });
    const link = result.content.find((item) => item.type === 'resource_link');
    if (link?.type !== 'resource_link') throw new Error('no resource link');
    expect(link.name).toBe(file.name);
    const read = await client.readResource({ uri: link.uri });
    const content = read.contents[0] as { blob?: string; text?: string };
    const bytes =
      content.blob === undefined
        ? Buffer.from(content.text ?? '', 'utf8')
        : Buffer.from(content.blob, 'base64');
    expect(bytes.equals(asanaAttachmentBytes(file.gid, file.name, 0, file.size))).toBe(true);
  });

  it('local mode without credentials exits 3 before serving, naming ASANA_TOKEN', async () => {
    const result = await runChild(['mcp'], { env: { ASANA_BASE_URL: sim.baseUrl } });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ASANA_TOKEN');
  });

  it('hosted mode: the user’s connector as tools, search included', async () => {
    const client = await stdioClient(['--hosted'], hostedEnv());
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(actionPairs(true));
    const target = project();
    const search = await call(client, 'asana_projects_search', {
      query: { filter: { eq: { name: target.name } } },
      limit: 5,
    });
    expect(search.isError).toBeFalsy();
    const hits = (search.structuredContent as { hits: { id: string; data: { gid: string } }[] }).hits;
    expect(hits.map((hit) => hit.data.gid)).toContain(target.gid);
    const badQuery = errorOf(
      await call(client, 'asana_projects_search', { query: { filter: { eq: { no_such_field: 1 } } } }),
    );
    expect(badQuery.error).toBe('invalid_query');
  });

  it('hosted mode: get, list, rule violation, invalid arguments, not found, download, cursor', async () => {
    const client = await stdioClient(['--hosted', '--connector', 'task-management'], hostedEnv());
    await checksCommonCalls(client);
    await pagesAllTasks(client);
  });

  it('hosted mode: an upstream 429 comes back through the service with its wait', async () => {
    await checksRateLimit(await stdioClient(['--hosted'], hostedEnv()));
  });

  it('hosted mode with a bad client secret exits 3 before serving', async () => {
    const result = await runChild(['mcp', '--hosted'], {
      env: { ...hostedEnv(), CONDUIT_CLIENT_SECRET: 'wrong-secret' },
    });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain(service.clientSecret);
  });
});

describe('conduit mcp --http (built CLI, child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('hosted mode: a scoped token as bearer opens its user’s tools; a bad token gets 401', async () => {
    const served = await httpServer(['--hosted'], { CONDUIT_BASE_URL: service.url });
    try {
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = await httpClient(served.url, await scopedToken(USER));
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(actionPairs(true));
      await pagesAllTasks(client);
      const search = await call(client, 'asana_tasks_search', { query: {}, limit: 3 });
      expect((search.structuredContent as { hits: unknown[] }).hits).toHaveLength(3);

      await expect(httpClient(served.url, 'not-a-token')).rejects.toThrow(/401|invalid or expired/i);
      const response = await fetch(served.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
      // A user without connectors gets a server without tools, not someone else's.
      const stranger = await httpClient(served.url, await scopedToken('user-without-connectors'));
      expect((await stranger.listTools()).tools).toEqual([]);

      // Two connectors of one kind: one tool set each, told apart by the connector's name.
      const owner = service.client('user-two-connectors');
      for (const name of ['Studio', 'Ops']) {
        await owner.createConnector({
          connectorType: 'task-management',
          name,
          credentials: { token: sim.tokens.personalAccessToken },
          config: { base_url: sim.baseUrl },
        });
      }
      const two = await httpClient(served.url, await scopedToken('user-two-connectors'));
      const listed = (await two.listTools()).tools;
      expect(listed).toHaveLength(2 * actionPairs(true));
      // Named by a short id of each connector; its name is quoted in the descriptions.
      const opsList = listed.find(
        (tool) =>
          /^asana_[a-z2-7]{6}_workspaces_list$/.test(tool.name) && tool.description?.includes('"Ops"'),
      );
      expect(opsList).toBeDefined();
      const viaOps = await call(two, opsList!.name, { fields: ['gid'] });
      expect(viaOps.structuredContent).toEqual({
        records: sim.data.workspaces.map((workspace) => ({ gid: workspace.gid })),
        next_cursor: null,
      });
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('local mode: CONDUIT_MCP_TOKEN is the bearer; without it the command refuses to start', async () => {
    const refused = await runChild(['mcp', '--http', '0'], { env: localEnv() });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('CONDUIT_MCP_TOKEN');
    const token = 'local-mcp-secret-0123456789';
    const served = await httpServer([], { ...localEnv(), CONDUIT_MCP_TOKEN: token });
    try {
      const client = await httpClient(served.url, token);
      const target = project();
      const got = await call(client, 'asana_projects_get', { project_gid: target.gid });
      expect(got.structuredContent).toMatchObject({ gid: target.gid, name: target.name });
      await expect(httpClient(served.url, `${token}x`)).rejects.toThrow(/401|invalid or expired/i);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});
