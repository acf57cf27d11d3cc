/**
 * What `tools/list` says of a tool's `structuredContent`: `full` lists each tool's output schema
 * (the record's JSON Schema, for clients that generate typed code from it or check results
 * against it), `none` leaves it out and names the record's fields in the description of the
 * `fields` argument instead. Either way the results are the same and the server checks each
 * one against its schema before sending it.
 *
 * @example
 * ```ts
 * createMcpServer({ connectors, outputSchemas: 'full' });
 * ```
 */
export type OutputSchemas = (typeof OUTPUT_SCHEMAS)[number];

/** Every {@link OutputSchemas} value, for parsing a flag or setting. */
export const OUTPUT_SCHEMAS = ['none', 'full'] as const;

/**
 * `none`: the record schemas were over half of the tool list, and the tool formats of the main
 * model APIs have no place for them, so most clients hand a model none of it anyway.
 */
export const DEFAULT_OUTPUT_SCHEMAS: OutputSchemas = 'none';

/**
 * The {@link OutputSchemas} value `text` names, or `undefined`.
 *
 * @example
 * ```ts
 * parseOutputSchemas('full'); // 'full'
 * parseOutputSchemas('yes'); // undefined
 * ```
 */
export function parseOutputSchemas(text: string): OutputSchemas | undefined {
  return OUTPUT_SCHEMAS.find((value) => value === text);
}
