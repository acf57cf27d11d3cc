// MCP suite (issue 17, "Agents: an MCP server and tool definitions for every connector"):
// 1. what the tool list costs a model: bytes of `tools/list` per connector and mode, and
//    approximate tokens; 2. what a tool call adds over a direct execute, per call, in the same run.
// Needs the packages and the CLI built (`pnpm build`).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asanaDefinition, createLocalExecutor } from '@conduit/asana';
import { createHostedExecutor, HostedClient } from '@conduit/hosted';
import { createMcpServer } from '@conduit/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
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

const CONNECTORS = [{ definition: asanaDefinition }];

async function listTools(connector) {
  const server = createMcpServer({ connectors: [connector] });
  const client = new Client({ name: 'bench', version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

const bytes = (value) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));

async function runToolList() {
  const rows = [];
  const largest = [];
  for (const { definition } of CONNECTORS) {
    // Listing tools runs nothing: the executors are never called.
    const local = createLocalExecutor({ auth: { token: 'unused' }, baseUrl: 'http://127.0.0.1:9' });
    const hosted = createHostedExecutor({
      client: new HostedClient({ scopedToken: 'unused', baseUrl: 'http://127.0.0.1:9' }),
      connectorId: 'unused',
      definition,
    });
    for (const [mode, executor] of [
      ['local', local],
      ['hosted', hosted],
    ]) {
      const tools = await listTools({ definition, executor });
      const total = bytes(tools);
      const descriptions = tools.reduce((sum, tool) => sum + Buffer.byteLength(tool.description ?? ''), 0);
      const inputs = tools.reduce((sum, tool) => sum + bytes(tool.inputSchema), 0);
      const outputs = tools.reduce((sum, tool) => sum + bytes(tool.outputSchema), 0);
      rows.push([
        definition.name,
        mode,
        String(tools.length),
        total.toLocaleString('en-US'),
        `~${Math.round(total / BYTES_PER_TOKEN).toLocaleString('en-US')}`,
        `~${Math.round(total / BYTES_PER_TOKEN / tools.length).toLocaleString('en-US')}`,
        descriptions.toLocaleString('en-US'),
        inputs.toLocaleString('en-US'),
        outputs.toLocaleString('en-US'),
      ]);
      if (mode === 'hosted') {
        largest.push(
          ...tools
            .map((tool) => [tool.name, bytes(tool), bytes(tool.inputSchema), bytes(tool.outputSchema)])
            .sort((a, b) => b[1] - a[1])
            .slice(0, 5),
        );
      }
      log(`${definition.name} ${mode}: ${tools.length} tools, ${total} bytes`);
    }
  }
  return `### Tool list size

What \`tools/list\` hands a model, measured as the JSON of the \`tools\` array an MCP client
receives (name, description, input and output JSON Schema, annotations). Tokens are approximated
as bytes / ${BYTES_PER_TOKEN}, a rule of thumb, not a particular model's tokenizer. Local mode
leaves out \`search\` (it needs synced data).

${table(
  [
    'connector',
    'mode',
    'tools',
    'bytes',
    '≈ tokens',
    '≈ tokens / tool',
    'description bytes',
    'input schema bytes',
    'output schema bytes',
  ],
  rows,
)}

The five largest tools (hosted mode), in bytes:

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
