import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { formatBytes } from '../../output/format-bytes';
import { formatTable } from '../../output/table';
import { jobJson } from './cloud-views';

function count(raw: string | undefined, flag: string, minimum: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < minimum) {
    throw new UsageError(`${flag} needs an integer of at least ${minimum}, got "${raw}"`, {
      code: 'invalid_flag',
    });
  }
  return Number(raw);
}

/** Runs `conduit cloud jobs <connection> [-n N] [--offset N] [--oldest-first]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output } = context;
  const limit = count(flags.string('limit'), '--limit', 1);
  const offset = count(flags.string('offset'), '--offset', 0);
  const workspace = await openCloudWorkspace(context);
  const connection = workspace.getConnection(context.args[0]!);
  const results = await connection.getPreviousSyncLogs({
    ...(limit === undefined ? {} : { limit }),
    ...(offset === undefined ? {} : { offset }),
    fromTail: !flags.boolean('oldest-first'),
  });
  const jobs = await Promise.all(results.map((result) => result.lastSnapshot ?? result.getJob()));
  if (output.json) {
    await output.printJson(jobs.map(jobJson));
    return 0;
  }
  if (jobs.length === 0) {
    output.note(`no sync jobs yet; start one with: conduit cloud sync ${connection.connectionId}`);
    return 0;
  }
  await output.write(
    formatTable(
      [
        { header: 'JOB', align: 'right' },
        { header: 'STATUS' },
        { header: 'TYPE' },
        { header: 'STARTED' },
        { header: 'DURATION' },
        { header: 'RECORDS', align: 'right' },
        { header: 'BYTES', align: 'right' },
      ],
      jobs.map((job) => [
        String(job.jobId),
        job.status,
        job.jobType ?? '',
        job.startTime ?? '',
        job.duration ?? '',
        String(job.rowsSynced ?? 0),
        formatBytes(job.bytesSynced ?? 0),
      ]),
      { style: output.style },
    ),
  );
  return 0;
}
