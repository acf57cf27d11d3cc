/** A JSON-schema object as connectors publish it in their catalog. */
export type JsonSchema = Record<string, unknown>;

/** One record a source emits. */
export type SourceRecord = Record<string, unknown>;

/** The sync modes a source stream supports, in the protocol's spelling. */
export type SourceSyncMode = 'full_refresh' | 'incremental';

/**
 * A stream of a source's discovered catalog: what `discover` returns and what connection
 * stream configurations are validated against.
 *
 * @example
 * ```ts
 * const users: DiscoveredStream = {
 *   name: 'users', jsonSchema: { type: 'object', properties: { id: { type: 'integer' } } },
 *   supportedSyncModes: ['full_refresh', 'incremental'], sourceDefinedCursor: true,
 *   defaultCursorField: ['updated_at'], sourceDefinedPrimaryKey: [['id']], isResumable: true,
 * };
 * ```
 */
export interface DiscoveredStream {
  name: string;
  namespace?: string;
  jsonSchema: JsonSchema;
  supportedSyncModes: SourceSyncMode[];
  sourceDefinedCursor: boolean;
  defaultCursorField: string[];
  sourceDefinedPrimaryKey: string[][];
  isResumable: boolean;
}
