// MCP suite (issue 17, "Agents: an MCP server and tool definitions for every connector"):
// 1. what the tool list costs a model: bytes of `tools/list` per connector and mode, and
//    approximate tokens; 2. what a tool call adds over a direct execute, per call, in the same run.
// Needs the packages and the CLI built (`pnpm build`).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asanaModule } from '@conduit/asana';
import { createHostedExecutor, HostedClient } from '@conduit/hosted';
import { connectorTools, createMcpServer, localConnector } from '@conduit/mcp';
import { salesforceModule } from '@conduit/salesforce';
import { zendeskSupportModule } from '@conduit/zendesk-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import * as z from 'zod';
import { measureProcess } from '../lib/measure.mjs';
import { fixed, median, table } from '../lib/stats.mjs';
import { startServerProcess } from '../variants/support/child-server.mjs';

export const title = 'MCP server: tool list size and tool-call overhead';

const REPETITIONS = 5;
const CALLS = { get: 400, list: 150 };
/** A common rule of thumb for English text and JSON with BPE tokenizers; not any model's tokenizer. */
const BYTES_PER_TOKEN = 4;

const here = import.meta.dirname;
const simulatorScript = join(
  dirname(fileURLToPath(import.meta.resolve('@conduit/testkit/package.json'))),
  'dist',
  'asana-simulator.js',
);
const log = (line) => process.stderr.write(`  mcp: ${line}\n`);

export async function run() {
  return [await runToolList(), await runOverhead()].join('\n\n');
}

// --- 1. Tool list ------------------------------------------------------------------------------

/** Every connector kind, with credentials of the right shape: listing tools runs nothing. */
const KINDS = [
  { module: asanaModule, credentials: { token: 'unused' } },
  { module: zendeskSupportModule, credentials: { email: 'unused@example.com', api_token: 'unused' } },
  {
    module: salesforceModule,
    credentials: { refresh_token: 'unused', client_id: 'unused', client_secret: 'unused' },
  },
];
/**
 * The previous committed run (2026-11-25 21:18 UTC), before the safe-integer bounds were dropped
 * and when output schemas were always listed.
 */
const PREVIOUS = {
  'asana local': 30_378,
  'asana hosted': 45_885,
  'zendesk-support local': 45_738,
  'zendesk-support hosted': 51_455,
  'salesforce local': 54_033,
  'salesforce hosted': 64_057,
};

async function listTools(connector, outputSchemas) {
  const server = createMcpServer({ connectors: [connector], outputSchemas });
  const client = new Client({ name: 'bench', version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

const bytes = (value) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));
const tokens = (count) => `~${Math.round(count / BYTES_PER_TOKEN).toLocaleString('en-US')}`;

/**
 * What the SDK's McpServer lists for the same tools when handed the zod schemas as they are:
 * zod's own JSON Schema (draft-7) of each, and the `execution` it adds.
 */
function sdkDefaultListing(connector) {
  return connectorTools(connector, { fieldNames: false }).map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.inputSchema, { target: 'draft-7', io: 'input' }),
    annotations: { readOnlyHint: true, openWorldHint: true },
    execution: { taskSupport: 'forbidden' },
    ...(tool.outputSchema === undefined
      ? {}
      : { outputSchema: z.toJSONSchema(tool.outputSchema, { target: 'draft-7', io: 'output' }) }),
  }));
}

async function runToolList() {
  const rows = [];
  const largest = [];
  for (const { module, credentials } of KINDS) {
    const { definition } = module;
    const local = localConnector(module, { credentials, baseUrl: 'http://127.0.0.1:9' });
    const hosted = {
      definition,
      executor: createHostedExecutor({
        client: new HostedClient({ scopedToken: 'unused', baseUrl: 'http://127.0.0.1:9' }),
        connectorId: 'unused',
        definition,
      }),
    };
    for (const [mode, connector] of [
      ['local', local],
      ['hosted', hosted],
    ]) {
      const tools = await listTools(connector, 'none');
      const withSchemas = await listTools(connector, 'full');
      const total = bytes(tools);
      const full = bytes(withSchemas);
      const before = bytes(sdkDefaultListing(connector));
      const inputs = tools.reduce((sum, tool) => sum + bytes(tool.inputSchema), 0);
      const outputs = withSchemas.reduce((sum, tool) => sum + bytes(tool.outputSchema), 0);
      const descriptions = tools.reduce((sum, tool) => sum + Buffer.byteLength(tool.description ?? ''), 0);
      const previous = PREVIOUS[`${definition.name} ${mode}`];
      rows.push([
        `${definition.connectorType} (${definition.name})`,
        mode,
        String(tools.length),
        previous === undefined ? '' : previous.toLocaleString('en-US'),
        before.toLocaleString('en-US'),
        full.toLocaleString('en-US'),
        total.toLocaleString('en-US'),
        `${Math.round((100 * total) / before)} %`,
        `${tokens(before)} → ${tokens(total)}`,
        tokens(total / tools.length),
        descriptions.toLocaleString('en-US'),
        inputs.toLocaleString('en-US'),
        outputs.toLocaleString('en-US'),
      ]);
      if (mode === 'hosted') {
        largest.push(
          ...withSchemas
            .map((tool) => [tool.name, bytes(tool), bytes(tool.inputSchema), bytes(tool.outputSchema)])
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3),
        );
      }
      log(
        `${definition.name} ${mode}: ${tools.length} tools, ${before} → ${full} (full) / ${total} (none) bytes`,
      );
    }
  }
  return `### Tool list size

What \`tools/list\` hands a model, measured as the JSON of the \`tools\` array an MCP client
receives (name, description, input and output JSON Schema, annotations), for every connector
kind. Tokens are approximated as bytes / ${BYTES_PER_TOKEN}, a rule of thumb, not a particular
model's tokenizer. Local mode leaves out \`search\` (it needs synced data).

*SDK default* is what the SDK's \`McpServer\` lists for the same tools when given the zod schemas
as they are (zod's JSON Schema of each, computed in this run); *full* and *none* are the listings
the server sends with \`outputSchemas: 'full'\` and with the default \`'none'\`
(\`--output-schemas\`): compact JSON Schemas (no \`$schema\`, \`additionalProperties\`,
\`propertyNames\`, safe-integer bounds or \`anyOf\` with null where a type list says it) and the
search filter and sort described in a line instead of their recursive schema, built once; *none*
leaves out the output schemas and names the record's fields in the description of \`fields\`
instead. *Previous run* is the committed figure of the run before output schemas could be left
out (they were always listed). Input schema bytes are those of *none* (with the field names);
output schema bytes those of *full*.

${table(
  [
    'kind (connector)',
    'mode',
    'tools',
    'previous run bytes',
    'SDK default bytes',
    'full bytes',
    'none bytes (default)',
    'none / SDK default',
    '≈ tokens (SDK default → none)',
    '≈ tokens / tool, none',
    'description bytes',
    'input schema bytes',
    'output schema bytes',
  ],
  rows,
)}

Output schemas (the record schemas of \`structuredContent\`) were the larger part of *full*;
clients that do not show them to the model spend only the description and input schema bytes.

The three largest tools per kind (hosted mode), in bytes, with output schemas (*full*):

${table(
  ['tool', 'whole tool', 'input schema', 'output schema'],
  largest.map(([name, whole, input, output]) => [
    `\`${name}\``,
    String(whole),
    String(input),
    String(output),
  ]),
)}`;
}

// --- 2. Call overhead --------------------------------------------------------------------------

const MODES = [
  { id: 'direct', label: 'direct `executor.execute`' },
  { id: 'memory', label: 'MCP tool call, in-memory transport' },
  { id: 'stdio', label: 'MCP tool call, stdio to `conduit mcp`' },
];

async function runOverhead() {
  const simulator = await startServerProcess(simulatorScript, [
    '--preset',
    'tiny',
    '--tasks-per-project',
    '100',
    '--rate-limit',
    'off',
  ]);
  const { baseUrl, token, projectGid } = simulator.ready;
  const results = { get: {}, list: {} };
  try {
    for (const action of ['get', 'list']) {
      for (const mode of MODES) results[action][mode.id] = [];
      for (let repetition = 0; repetition < REPETITIONS; repetition += 1) {
        const order = MODES.map((_, index) => MODES[(index + repetition) % MODES.length]);
        for (const mode of order) {
          const measured = await measureProcess(
            join(here, '..', 'variants', 'mcp-call.mjs'),
            [
              '--mode',
              mode.id,
              '--base-url',
              baseUrl,
              '--project',
              projectGid,
              '--action',
              action,
              '--calls',
              String(CALLS[action]),
            ],
            { env: { ASANA_TOKEN: token } },
          );
          results[action][mode.id].push(measured.medianMs);
          log(`${action} ${mode.id}: median ${fixed(measured.medianMs, 3)} ms`);
        }
      }
    }
  } finally {
    await simulator.stop();
  }
  const rows = [];
  const signed = (value) => `${value >= 0 ? '+' : '−'}${fixed(Math.abs(value), 3)}`;
  for (const action of ['get', 'list']) {
    const direct = median(results[action].direct);
    for (const mode of MODES) {
      const values = results[action][mode.id];
      const middle = median(values);
      // Ratio of each repetition's variant to the direct call of the same repetition: the spread
      // shows how much of the difference is the machine's noise.
      const ratios = values.map((value, index) => value / results[action].direct[index]);
      rows.push([
        action === 'get' ? '`projects get`' : '`project_tasks list` (100 records)',
        mode.label,
        fixed(middle, 3),
        `${fixed(Math.min(...values), 3)}–${fixed(Math.max(...values), 3)}`,
        mode.id === 'direct' ? '' : signed(middle - direct),
        mode.id === 'direct' ? '1.00' : `${fixed(middle / direct, 2)}×`,
        mode.id === 'direct' ? '' : `${fixed(Math.min(...ratios), 2)}–${fixed(Math.max(...ratios), 2)}`,
      ]);
    }
  }
  return `### Tool-call overhead over a direct execute

The same action against the Asana simulator (\`--preset tiny --tasks-per-project 100 --rate-limit
off\`, its own process), called ${CALLS.get} (\`get\`) or ${CALLS.list} (\`list\`) times in a row
after 50 warm-up calls, in a fresh process per variant; ${REPETITIONS} interleaved repetitions.
Each cell is the median over the repetitions of each process's median per-call latency. The MCP
variants use the SDK's own \`Client\`; the stdio one talks to the built CLI as a child process (its
time includes the child's JSON-RPC over pipes). The machine is shared, so figures are noisy.

${table(
  [
    'action',
    'variant',
    'median ms / call',
    'range over repetitions',
    'over direct (ms)',
    'ratio of medians',
    'per-repetition ratios',
  ],
  rows,
)}

Before the calls, each MCP client lists the tools, as real clients do; from then on the SDK's
client checks every result's \`structuredContent\` against the tool's output schema, and the
server checks it too before sending it, so a list call pays for two validations of its 100
records plus the JSON text copy MCP clients without structured-content support read.`;
}
