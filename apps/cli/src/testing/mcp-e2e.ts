import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type CreateConnectorInput, HostedClient } from '@conduit/hosted';
import { registerApplication, type StartedServer } from '@conduit/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { CLI_BIN, CLI_DIRECTORY, spawnChild } from './child-cli';
import { startLoopbackService } from './loopback-service';

// What the `conduit mcp` end-to-end tests share: a real hosted service in-process (temporary
// store) whose connectors call the simulators, and the SDK's own MCP client talking to the built
// CLI as a child process, over stdio or Streamable HTTP.

/**
 * The JSON of an `isError` tool result (see `@conduit/mcp`'s `ToolError`), as a model reads it.
 *
 * @example
 * ```ts
 * expect(toolErrorOf(result).error).toBe('not_found');
 * ```
 */
export interface ToolErrorJson {
  error: string;
  message: string;
  retryable: boolean;
  retry_after_seconds?: number;
  arguments: { name?: string; problem: string; code: string }[];
  hint: string;
}

/** A hosted service for tests, and how its application reaches it. */
export interface TestService {
  readonly server: StartedServer;
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The service as the application sees it, acting for `user`. */
  client(user: string): HostedClient;
  /** The environment `conduit … --hosted` reads, acting for `user`. */
  env(user: string): Record<string, string>;
  /** A scoped token of `user`: the bearer of `conduit mcp --hosted --http`. */
  scopedToken(user: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the hosted service in this process (its store under `directory`), allowed to call the
 * simulators on loopback, with one registered application.
 *
 * @example
 * ```ts
 * const service = await startTestService(directory);
 * const id = await createSyncedConnector(service.client('u1'), { connectorType: 'crm', … });
 * ```
 */
export async function startTestService(directory: string): Promise<TestService> {
  const server = await startLoopbackService(directory);
  const { clientId, clientSecret } = await registerApplication(server.server.store);
  const post = async (path: string, body: unknown, bearer?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, string>;
  };
  return {
    server,
    url: server.url,
    clientId,
    clientSecret,
    client: (user) =>
      new HostedClient({
        baseUrl: server.url,
        externalUserId: user,
        platformClientId: clientId,
        platformClientSecret: clientSecret,
      }),
    env: (user) => ({
      CONDUIT_BASE_URL: server.url,
      CONDUIT_CLIENT_ID: clientId,
      CONDUIT_CLIENT_SECRET: clientSecret,
      CONDUIT_EXTERNAL_USER_ID: user,
    }),
    async scopedToken(user) {
      const { access_token } = await post('/api/v1/account/applications/token', {
        client_id: clientId,
        client_secret: clientSecret,
      });
      const scoped = await post(
        '/api/v1/account/applications/scoped-token',
        { external_user_id: user },
        access_token,
      );
      return scoped.token!;
    },
    close: () => server.close(),
  };
}

/**
 * Creates a connector and waits for its first full sync (search runs over synced data).
 *
 * @example
 * ```ts
 * const id = await createSyncedConnector(hosted, { connectorType: 'support-desk', credentials, config });
 * ```
 */
export async function createSyncedConnector(
  hosted: HostedClient,
  input: CreateConnectorInput,
  timeoutMs = 60_000,
): Promise<string> {
  const { id } = await hosted.createConnector(input);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await hosted.getSyncStatus(id);
    if (status.state === 'idle' && status.last_success_at !== null) return id;
    if (status.state === 'failed' || Date.now() > deadline) {
      throw new Error(`sync: ${JSON.stringify(status)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A running `conduit mcp --http 0 …` child and the URL it printed. */
export interface McpHttpChild {
  readonly url: string;
  /** Ends it with SIGTERM; resolves to its exit code. */
  stop(): Promise<number | null>;
}

/**
 * The MCP clients of one test file, each talking to a built `conduit mcp` child; `closeAll` ends
 * them (and so the stdio children).
 *
 * @example
 * ```ts
 * const clients = new McpChildClients(directory);
 * const client = await clients.stdio(['--hosted'], service.env('u1'));
 * ```
 */
export class McpChildClients {
  private readonly clients: Client[] = [];

  constructor(private readonly directory: string) {}

  /** `conduit mcp …args` over stdio, started by the SDK's stdio transport as MCP clients do. */
  async stdio(args: readonly string[], env: Record<string, string>): Promise<Client> {
    const home = mkdtempSync(join(this.directory, 'home-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_BIN, 'mcp', ...args],
      env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
      cwd: CLI_DIRECTORY,
      stderr: 'pipe',
    });
    return this.connect(new Client({ name: 'e2e', version: '1.0.0' }), transport);
  }

  /** Starts `conduit mcp --http 0 --json …args` and reads the URL it prints. */
  async httpServer(args: readonly string[], env: Record<string, string>): Promise<McpHttpChild> {
    const child = spawnChild(['mcp', '--http', '0', '--json', ...args], { env });
    const stderr: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const url = await new Promise<string>((resolve, reject) => {
      lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
      child.once('close', (code) => reject(new Error(`exited ${code}: ${stderr.join('')}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    return {
      url,
      async stop() {
        child.kill('SIGTERM');
        return exited;
      },
    };
  }

  /** An MCP client of a `--http` child, sending `token` as its bearer. */
  async http(url: string, token: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    return this.connect(new Client({ name: 'e2e-http', version: '1.0.0' }), transport);
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled(this.clients.map((client) => client.close()));
  }

  private async connect(
    client: Client,
    transport: StdioClientTransport | StreamableHTTPClientTransport,
  ): Promise<Client> {
    await client.connect(transport);
    this.clients.push(client);
    return client;
  }
}

/**
 * Calls a tool.
 *
 * @example
 * ```ts
 * const result = await callTool(client, 'asana_projects_get', { project_gid: '1' });
 * ```
 */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/**
 * The `structuredContent` of a result that must have succeeded (its text is the failure message).
 *
 * @example
 * ```ts
 * const page = structuredOf<{ records: unknown[] }>(await callTool(client, 'zendesk_support_tickets_list', {}));
 * ```
 */
export function structuredOf<T>(result: CallToolResult): T {
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as T;
}

/**
 * The error JSON of a result that must be an `isError` tool result.
 *
 * @example
 * ```ts
 * expect(toolErrorOf(result)).toMatchObject({ error: 'rate_limited', retryable: true });
 * ```
 */
export function toolErrorOf(result: CallToolResult): ToolErrorJson {
  expect(result.isError).toBe(true);
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('an error result carries text');
  return JSON.parse(first.text) as ToolErrorJson;
}

/**
 * A wait the service counts down from `full` seconds: at most `full`, and more than half of it
 * (the test reads it within seconds, however loaded the machine), never an exact value.
 *
 * @example
 * ```ts
 * expectCountdown(toolErrorOf(result).retry_after_seconds, 120);
 * ```
 */
export function expectCountdown(seconds: unknown, full: number): void {
  expect(Number.isInteger(seconds), `retry_after_seconds ${String(seconds)}`).toBe(true);
  expect(seconds as number).toBeLessThanOrEqual(full);
  expect(seconds as number).toBeGreaterThan(full / 2);
}

/**
 * The bytes a download tool returned inline (an embedded resource).
 *
 * @example
 * ```ts
 * expect(inlineBytesOf(result).equals(expected)).toBe(true);
 * ```
 */
export function inlineBytesOf(result: CallToolResult): Buffer {
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  const resource = result.content.find((item) => item.type === 'resource');
  if (resource?.type !== 'resource') throw new Error('no embedded resource');
  const body = resource.resource as { text?: string; blob?: string };
  return body.blob === undefined ? Buffer.from(body.text ?? '', 'utf8') : Buffer.from(body.blob, 'base64');
}

/**
 * A temporary directory for a test file, and its removal.
 *
 * @example
 * ```ts
 * const scratch = tempDirectory('conduit-mcp-e2e-');
 * afterAll(scratch.remove);
 * ```
 */
export function tempDirectory(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
