import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import { CliError } from '../../framework/cli-error';
import type { CommandContext } from '../../framework/command-context';
import { EXIT_CODES } from '../../framework/exit-codes';
import { UsageError } from '../../framework/usage-error';
import { formatCell } from '../../output/format-value';
import { formatTable } from '../../output/table';
import { sanitizeForTerminal } from '../../output/text-width';

const DEFAULT_LIMIT = 20;

function wholeNumber(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text))
    throw new UsageError(`${flag} needs a whole number, got "${text}"`, { code: 'invalid_flag' });
  return Number(text);
}

/**
 * Runs `conduit cloud results <connection> [stream] [--job ID] [--limit N | --all]`: reads back
 * what a sync wrote to the destination (PostgreSQL, DuckDB, MotherDuck), through the library's
 * warehouse readers. Without a stream, lists the job's streams and their tables. Rows go to stdout
 * as a table, or NDJSON with `--json`; a masked warehouse password comes from the driver's own
 * defaults (`PGPASSWORD`, `.pgpass`).
 */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const [connectionId, stream] = context.args as [string, string | undefined];
  const jobId = wholeNumber(flags.string('job'), '--job');
  const limit = flags.boolean('all')
    ? undefined
    : (wholeNumber(flags.string('limit'), '--limit') ?? DEFAULT_LIMIT);
  const workspace = await openCloudWorkspace(context);
  const result = await workspace.getConnection(connectionId).getSyncResult(jobId);
  if (!result) {
    throw new CliError(`connection ${connectionId} has no sync job yet`, {
      code: 'not_found',
      exitCode: EXIT_CODES.notFound,
      hint: `run one: conduit cloud sync ${connectionId} --wait`,
    });
  }
  try {
    if (stream === undefined) {
      const streams = [...(await result.getStreamNames())].sort();
      const tables = await Promise.all(streams.map((name) => result.getSqlTableName(name)));
      if (output.json) {
        await output.printJson(
          streams.map((name, index) => ({ stream: name, table: tables[index], job_id: result.jobId })),
        );
      } else {
        await output.write(
          formatTable(
            [{ header: 'STREAM' }, { header: 'TABLE' }],
            streams.map((name, index) => [name, tables[index]!].map(sanitizeForTerminal)),
            { style: output.style },
          ),
        );
      }
      return 0;
    }
    const dataset = await result.getDataset(stream);
    const rows = dataset.rows({ ...(limit === undefined ? {} : { limit }), signal });
    if (output.json) {
      for await (const row of rows) {
        if (output.closed) break;
        await output.printJsonLine(row);
      }
      return 0;
    }
    const collected: Record<string, unknown>[] = [];
    for await (const row of rows) collected.push(row);
    if (collected.length === 0) {
      output.note(`no rows in ${dataset.tableName}`);
      return 0;
    }
    const columns = [...new Set(collected.flatMap((row) => Object.keys(row)))];
    await output.write(
      formatTable(
        columns.map((column) => ({ header: column.toUpperCase() })),
        collected.map((row) => columns.map((column) => sanitizeForTerminal(formatCell(row[column])))),
        { style: output.style, maxCellWidth: 40 },
      ),
    );
    if (limit !== undefined && collected.length === limit) {
      output.note(output.errorStyle.dim(`first ${limit} rows of ${dataset.tableName}; --all for every row`));
    }
    return 0;
  } finally {
    await result.closeSqlCache();
  }
}
