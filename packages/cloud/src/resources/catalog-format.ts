const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function snakeKeys(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [snakeCase(key), value]));
}

/**
 * A configured catalog in the connector protocol's shape: one entry per stream of the connection
 * (`selected` says whether it syncs), with the stream description under `stream` and the stream's
 * configuration (`sync_mode`, `destination_sync_mode`, `cursor_field`, `primary_key`, …) beside it.
 *
 * @example
 * ```ts
 * const catalog: ConfiguredCatalog = { streams: [{ stream: { name: 'users', json_schema: {} }, sync_mode: 'full_refresh' }] };
 * ```
 */
export interface ConfiguredCatalog {
  streams: Array<{ stream: Record<string, unknown> } & Record<string, unknown>>;
}

/**
 * Turns the Config API's `syncCatalog` into the protocol shape: keys of each stream and of its
 * `config` become snake_case, one level deep only (so JSON schemas stay untouched), and the
 * config's keys move up beside `stream`.
 *
 * @example
 * ```ts
 * toProtocolCatalog({ streams: [{ stream: { name: 'users', jsonSchema: {} }, config: { syncMode: 'full_refresh' } }] });
 * // { streams: [{ stream: { name: 'users', json_schema: {} }, sync_mode: 'full_refresh' }] }
 * ```
 */
export function toProtocolCatalog(syncCatalog: unknown): ConfiguredCatalog {
  const streams = isObject(syncCatalog) && Array.isArray(syncCatalog.streams) ? syncCatalog.streams : [];
  return {
    streams: streams.filter(isObject).map((entry) => ({
      stream: isObject(entry.stream) ? snakeKeys(entry.stream) : {},
      ...(isObject(entry.config) ? snakeKeys(entry.config) : {}),
    })),
  };
}
