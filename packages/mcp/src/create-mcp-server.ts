import { definedOptions } from '@conduit/protocol';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  type CallToolResult,
  ListToolsRequestSchema,
  type ReadResourceResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { type ConnectorTool, connectorTools } from './connector-tools';
import { DEFAULT_DOWNLOAD_CAP, DEFAULT_RESOURCE_CAP } from './download-caps';
import { DOWNLOAD_URI_TEMPLATE, decodeDownloadArgs, downloadUri } from './download-link';
import type { McpConnector } from './mcp-connector';
import { DEFAULT_OUTPUT_SCHEMAS, type OutputSchemas } from './output-schemas';
import type { DownloadedFile } from './read-download';
import { runTool, type ToolOutcome } from './run-tool';
import { toolJsonSchema } from './tool-json-schema';
import { VERSION } from './version';

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /** The connectors whose entity/actions become tools. */
  readonly connectors: readonly McpConnector[];
  /** Inline downloads up to this many bytes; larger ones come back as a resource link. */
  readonly downloadCap?: number;
  /** The most a resource read of a download returns. */
  readonly resourceCap?: number;
  /** The server's name in the initialize handshake; default `conduit`. */
  readonly name?: string;
  /** Whether `tools/list` carries each tool's output schema; default `none` (see {@link OutputSchemas}). */
  readonly outputSchemas?: OutputSchemas;
}

const TEXT_TYPES = /^(text\/|application\/(json|xml|csv|x-ndjson|yaml|javascript))/i;

function isText(contentType: string): boolean {
  return TEXT_TYPES.test(contentType);
}

function fileSummary(file: DownloadedFile) {
  return definedOptions({
    filename: file.filename ?? null,
    content_type: file.contentType,
    size: file.size ?? null,
    status: file.status,
    content_range: file.contentRange,
  });
}

function fileContents(uri: string, file: DownloadedFile & { bytes: Uint8Array }) {
  const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  return isText(file.contentType)
    ? { uri, mimeType: file.contentType, text: bytes.toString('utf8') }
    : { uri, mimeType: file.contentType, blob: bytes.toString('base64') };
}

const ANNOTATIONS = { readOnlyHint: true, openWorldHint: true } as const;

/**
 * The JSON Schemas of each action, by kind, side and whether `fields` names the record's fields:
 * all a tool's schemas depend on. A server is built per MCP session (per user over HTTP), so
 * they are generated once per process and shared, read only, by every session's tool list
 * (generating them was most of the cost, in time and memory, of a session).
 */
const jsonSchemas = new WeakMap<ConnectorTool['action'], Map<string, Tool['inputSchema']>>();

function cachedJsonSchema(
  tool: ConnectorTool,
  schema: z.ZodType,
  io: 'input' | 'output',
  fieldNames: boolean,
): Tool['inputSchema'] {
  let ofAction = jsonSchemas.get(tool.action);
  if (!ofAction) {
    ofAction = new Map();
    jsonSchemas.set(tool.action, ofAction);
  }
  const key = `${tool.kind}:${io}:${fieldNames}`;
  let generated = ofAction.get(key);
  if (!generated) {
    generated = toolJsonSchema(schema, io) as Tool['inputSchema'];
    ofAction.set(key, generated);
  }
  return generated;
}

/** How `tools/list` shows a tool: the compact JSON Schemas of {@link toolJsonSchema}. */
function listedTool(tool: ConnectorTool, outputSchemas: OutputSchemas): Tool {
  const fieldNames = outputSchemas === 'none';
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: cachedJsonSchema(tool, tool.inputSchema, 'input', fieldNames),
    ...(tool.outputSchema === undefined || outputSchemas === 'none'
      ? {}
      : {
          outputSchema: cachedJsonSchema(
            tool,
            tool.outputSchema,
            'output',
            fieldNames,
          ) as Tool['outputSchema'],
        }),
    annotations: ANNOTATIONS,
  };
}

function toCallResult(
  tool: ConnectorTool,
  args: Record<string, unknown>,
  outcome: ToolOutcome,
): CallToolResult {
  if (outcome.type === 'error') {
    return { content: [{ type: 'text', text: JSON.stringify(outcome.error) }], isError: true };
  }
  if (outcome.type === 'structured') {
    return {
      content: [{ type: 'text', text: JSON.stringify(outcome.content) }],
      structuredContent: outcome.content,
    };
  }
  const { file } = outcome;
  const uri = downloadUri(tool.name, args);
  if (file.bytes === undefined) {
    return {
      content: [
        {
          type: 'text',
          text: JSON.stringify({
            ...fileSummary(file),
            inline: false,
            note: 'too large to inline; read the link',
          }),
        },
        definedOptions({
          type: 'resource_link' as const,
          uri,
          name: file.filename ?? `${tool.entity}-download`,
          mimeType: file.contentType,
          size: file.size,
        }),
      ],
    };
  }
  return {
    content: [
      { type: 'text', text: JSON.stringify({ ...fileSummary(file), inline: true }) },
      { type: 'resource', resource: fileContents(uri, { ...file, bytes: file.bytes }) },
    ],
  };
}

/**
 * An MCP server whose tools are the entity/actions of the given connectors (see
 * {@link connectorTools}): lists answer one page and a `next_cursor` to pass back as `cursor`,
 * `fields` trims records, downloads come back inline up to `downloadCap` or as a resource link
 * the client reads through `resources/read`, and every failure is a tool result with
 * `isError: true` the model can act on. Results carry `structuredContent` and the same JSON as
 * text; `outputSchemas` decides whether the tool list shows its schema. Connect it to a transport (`StdioServerTransport`,
 * `StreamableHTTPServerTransport`) or use {@link serveStdio} / {@link createMcpHttpHandler}.
 *
 * @example
 * ```ts
 * const server = createMcpServer({ connectors: [{ definition: asanaDefinition, executor }] });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer({ name: options.name ?? 'conduit', version: VERSION });
  const downloadCap = options.downloadCap ?? DEFAULT_DOWNLOAD_CAP;
  const resourceCap = options.resourceCap ?? DEFAULT_RESOURCE_CAP;
  const outputSchemas = options.outputSchemas ?? DEFAULT_OUTPUT_SCHEMAS;
  const tools = new Map<string, ConnectorTool>();
  for (const connector of options.connectors) {
    // Without output schemas in the list, `fields` names the record's fields instead.
    for (const tool of connectorTools(connector, { fieldNames: outputSchemas === 'none' })) {
      tools.set(tool.name, tool);
      server.registerTool(
        tool.name,
        definedOptions({
          description: tool.description,
          inputSchema: tool.inputSchema,
          // Registered whatever is listed: the SDK checks every result against it, so a result
          // is the same shape whether or not a client was shown the schema.
          outputSchema: tool.outputSchema,
          annotations: ANNOTATIONS,
        }),
        async (args: Record<string, unknown>, extra) =>
          toCallResult(tool, args, await runTool(tool, args, { downloadCap, signal: extra.signal })),
      );
    }
  }
  if (tools.size === 0) {
    // A hosted user without connectors still gets an answer to tools/list (an empty one): the
    // SDK sets up its tool handlers on the first registration, so one is made and taken back.
    server.registerTool('conduit_placeholder', { description: 'unused' }, () => ({ content: [] })).remove();
  }
  // The SDK lists zod schemas through zod's generator as they are, on every tools/list; the list
  // is built once here instead, compact (see toolJsonSchema). Calls are still validated by the
  // SDK against the zod schemas, answering invalid arguments as an `isError` result.
  const listed = [...tools.values()].map((tool) => listedTool(tool, outputSchemas));
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  if ([...tools.values()].some((tool) => tool.kind === 'download')) {
    server.registerResource(
      'download',
      new ResourceTemplate(DOWNLOAD_URI_TEMPLATE, { list: undefined }),
      { description: 'The bytes of a download a tool returned as a link' },
      async (uri, variables, extra): Promise<ReadResourceResult> => {
        const tool = tools.get(String(variables.tool));
        const args = decodeDownloadArgs(String(variables.args));
        if (tool?.kind !== 'download' || !args) throw new Error(`unknown download link ${uri.href}`);
        const parsed = tool.inputSchema.safeParse(args);
        if (!parsed.success) throw new Error(`invalid download link ${uri.href}`);
        const outcome = await runTool(tool, parsed.data, { downloadCap: resourceCap, signal: extra.signal });
        if (outcome.type === 'error') throw new Error(`${outcome.error.error}: ${outcome.error.message}`);
        if (outcome.type !== 'file' || outcome.file.bytes === undefined) {
          throw new Error(`the download is larger than ${resourceCap} bytes`);
        }
        return { contents: [fileContents(uri.href, { ...outcome.file, bytes: outcome.file.bytes })] };
      },
    );
  }
  return server;
}
