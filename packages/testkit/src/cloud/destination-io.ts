import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DestinationConnector } from './connector-registry';
import { isMotherDuckPath, resolveDuckDbPath, writeDuckDb } from './duckdb-writer';
import type { CloudWrittenTable, JobPayload } from './job-engine';
import { openPostgres, writePostgres } from './postgres-writer';
import type { CloudCheckScript } from './simulator-records';
import type { WarehouseWriteContext } from './warehouse-rows';

/** Settings of the simulator's warehouse access. */
export interface DestinationIoOptions {
  /** Root for DuckDB `/local/…` and relative paths; defaults to `<tmpdir>/airbyte_local`. */
  duckdbLocalRoot?: string;
}

/**
 * Writes a finished job's records to its destination: PostgreSQL and DuckDB get real tables,
 * every other destination (MotherDuck, BigQuery, Snowflake, dev-null) accepts the sync without
 * writing anything.
 *
 * @example
 * ```ts
 * const tables = await writeJobPayload(job.payload, { jobId: job.jobId, extractedAt, generationId: 1, kind: 'sync' }, {});
 * ```
 */
export async function writeJobPayload(
  payload: JobPayload,
  context: WarehouseWriteContext,
  options: DestinationIoOptions,
): Promise<CloudWrittenTable[]> {
  if (payload.streams.length === 0) return [];
  if (payload.warehouse === 'postgres')
    return writePostgres(payload.destinationConfiguration, payload.streams, context);
  if (payload.warehouse === 'duckdb') {
    return writeDuckDb(payload.destinationConfiguration, payload.streams, context, options.duckdbLocalRoot);
  }
  return [];
}

/**
 * Checks a destination's configuration the way a connector `check` would: PostgreSQL is
 * actually connected to, DuckDB's directory must be creatable, MotherDuck needs an API key.
 *
 * @example
 * ```ts
 * await checkDestination(registry.destination('postgres')!, { host: '127.0.0.1', database: 'test', username: 'postgres' }, {});
 * // { status: 'succeeded' }
 * ```
 */
export async function checkDestination(
  connector: DestinationConnector | undefined,
  configuration: Record<string, unknown>,
  options: DestinationIoOptions,
): Promise<CloudCheckScript> {
  try {
    if (connector?.warehouse === 'postgres') {
      const client = await openPostgres(configuration);
      try {
        await client.query('SELECT 1');
      } finally {
        await client.end();
      }
      return { status: 'succeeded' };
    }
    const path =
      typeof configuration.destination_path === 'string' ? configuration.destination_path : undefined;
    const needsKey =
      connector?.destinationType === 'motherduck' || (path !== undefined && isMotherDuckPath(path));
    if (needsKey) {
      const key = configuration.motherduck_api_key;
      return typeof key === 'string' && key !== ''
        ? { status: 'succeeded' }
        : { status: 'failed', message: 'A MotherDuck API key is required to connect to MotherDuck.' };
    }
    if (connector?.warehouse === 'duckdb') {
      if (path === undefined || path === '')
        return { status: 'failed', message: 'destination_path is required.' };
      await mkdir(dirname(resolveDuckDbPath(path, options.duckdbLocalRoot)), { recursive: true });
    }
    return { status: 'succeeded' };
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
