import { type Tool, tool } from 'ai';
import { connectorTools } from './connector-tools';
import { DEFAULT_DOWNLOAD_CAP } from './download-caps';
import type { McpConnector } from './mcp-connector';
import { runTool } from './run-tool';

export type { McpConnector } from './mcp-connector';

/** Options of {@link conduitTools}. */
export interface ConduitToolsOptions {
  /** Downloads up to this many bytes come back base64-encoded; larger ones as metadata only. */
  readonly downloadCap?: number;
}

/**
 * The same tools as the MCP server (one per entity/action, from the connector definitions) as
 * Vercel AI SDK `tool()` objects, keyed by tool name, for `generateText({ tools })`. A failed
 * call resolves to `{ isError: true, error, hint, … }` so the model can correct itself; a
 * download resolves to its metadata and, under the cap, `content_base64`.
 *
 * @example
 * ```ts
 * import { conduitTools } from '@conduit/mcp/ai-sdk';
 * const tools = conduitTools([{ definition: asanaDefinition, executor }]);
 * await generateText({ model, tools, prompt: 'Which tasks of project 42 are overdue?' });
 * ```
 */
export function conduitTools(
  connectors: readonly McpConnector[],
  options: ConduitToolsOptions = {},
): Record<string, Tool> {
  const downloadCap = options.downloadCap ?? DEFAULT_DOWNLOAD_CAP;
  const tools: Record<string, Tool> = {};
  for (const connector of connectors) {
    for (const definition of connectorTools(connector)) {
      tools[definition.name] = tool({
        description: definition.description,
        inputSchema: definition.inputSchema,
        execute: async (input: Record<string, unknown>, { abortSignal }) => {
          // The AI SDK checks the input against the schema; parse again for the defaults it leaves out.
          const parsed = definition.inputSchema.safeParse(input);
          const args = parsed.success ? (parsed.data as Record<string, unknown>) : input;
          const outcome = await runTool(definition, args, { downloadCap, signal: abortSignal });
          if (outcome.type === 'error') return { isError: true, ...outcome.error };
          if (outcome.type === 'structured') return outcome.content;
          const { bytes, ...file } = outcome.file;
          return {
            filename: file.filename ?? null,
            content_type: file.contentType,
            size: file.size ?? null,
            status: file.status,
            ...(bytes === undefined
              ? { inline: false }
              : { inline: true, content_base64: Buffer.from(bytes).toString('base64') }),
          };
        },
      });
    }
  }
  return tools;
}
