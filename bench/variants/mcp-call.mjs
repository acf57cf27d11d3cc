// MCP suite, call overhead: the same action run N times in a row, either directly through the
// local executor or as an MCP tool call (in-memory transport, or stdio to a `conduit mcp` child
// process). Prints the per-call latencies' median and p90.
//   node mcp-call.mjs --mode direct|memory|stdio --base-url U --project P --action get|list --calls N
//   (token in ASANA_TOKEN)
import { join } from 'node:path';
import { asanaDefinition } from '@conduit/asana';
import { createLocalExecutor } from '@conduit/asana/deprecated';
import { createMcpServer } from '@conduit/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { reportProcess } from '../lib/measure.mjs';
import { median, percentile } from '../lib/stats.mjs';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const calls = Number(args.calls);
const WARM_UP = 50;
const token = process.env.ASANA_TOKEN;
const baseUrl = args['base-url'];
const request =
  args.action === 'get'
    ? { entity: 'projects', action: 'get', params: { project_gid: args.project } }
    : { entity: 'project_tasks', action: 'list', params: { project_gid: args.project, limit: 100 } };
const toolName = `asana_${request.entity}_${request.action}`;

async function open() {
  if (args.mode === 'direct') {
    const executor = createLocalExecutor({ auth: { token }, baseUrl });
    return { once: () => executor.execute(request), close: async () => {} };
  }
  const client = new Client({ name: 'bench', version: '0.0.0' });
  if (args.mode === 'memory') {
    const executor = createLocalExecutor({ auth: { token }, baseUrl });
    // With output schemas, as runs before they could be left out measured: the client then
    // checks each result against its schema, the costlier path.
    const server = createMcpServer({
      connectors: [{ definition: asanaDefinition, executor }],
      outputSchemas: 'full',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  } else {
    const bin = join(import.meta.dirname, '..', '..', 'apps', 'cli', 'bin.js');
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', '--connector', 'asana', '--output-schemas', 'full'],
        stderr: 'ignore',
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          ASANA_TOKEN: token,
          ASANA_BASE_URL: baseUrl,
        },
      }),
    );
  }
  // As a real client does: the tool list first, which also makes the SDK's client check every
  // result's structuredContent against the tool's output schema.
  await client.listTools();
  return {
    once: async () => {
      const result = await client.callTool({ name: toolName, arguments: request.params });
      if (result.isError) throw new Error(JSON.stringify(result.content));
      return result.structuredContent;
    },
    close: () => client.close(),
  };
}

const target = await open();
for (let index = 0; index < WARM_UP; index += 1) await target.once();
await reportProcess(async () => {
  const latencies = [];
  for (let index = 0; index < calls; index += 1) {
    const started = performance.now();
    await target.once();
    latencies.push(performance.now() - started);
  }
  await target.close();
  return { medianMs: median(latencies), p90Ms: percentile(latencies, 90) };
});
