import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import { CliError } from '../../framework/cli-error';
import type { CommandContext } from '../../framework/command-context';
import { EXIT_CODES } from '../../framework/exit-codes';
import { UsageError } from '../../framework/usage-error';
import { formatInstant } from '../../output/format-instant';
import { sanitizeForTerminal } from '../../output/text-width';

/** Runs `conduit cloud logs <connection> <job_id> [--attempt N]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output } = context;
  const [id, jobText] = context.args as [string, string];
  if (!/^\d+$/.test(jobText))
    throw new UsageError(`<job_id> is a job number, got "${jobText}"`, { code: 'invalid_argument' });
  const attemptText = flags.string('attempt');
  if (attemptText !== undefined && !/^\d+$/.test(attemptText)) {
    throw new UsageError(`--attempt needs an attempt number (0 is the first), got "${attemptText}"`, {
      code: 'invalid_flag',
    });
  }
  const workspace = await openCloudWorkspace(context);
  const result = await workspace.getConnection(id).getSyncResult(Number(jobText));
  const attempts = (await result!.getAttempts()).filter(
    (attempt) => attemptText === undefined || attempt.attemptNumber === Number(attemptText),
  );
  if (attemptText !== undefined && attempts.length === 0) {
    throw new CliError(`job ${jobText} has no attempt ${attemptText}`, {
      code: 'not_found',
      exitCode: EXIT_CODES.notFound,
    });
  }
  const logs = await Promise.all(attempts.map((attempt) => attempt.getFullLogText()));
  if (output.json) {
    await output.printJson(
      attempts.map((attempt, index) => ({
        attempt: attempt.attemptNumber,
        attempt_id: attempt.attemptId,
        status: attempt.status,
        records_synced: attempt.recordsSynced,
        bytes_synced: attempt.bytesSynced,
        created_at: formatInstant(attempt.createdAt, attempt.createdAtSeconds),
        ended_at:
          attempt.endedAt === undefined ? null : formatInstant(attempt.endedAt, attempt.endedAtSeconds!),
        failure_messages: attempt.failureMessages,
        log: logs[index],
      })),
    );
    return 0;
  }
  if (attempts.length === 0) output.note(`job ${jobText} has no attempts yet`);
  for (const [index, attempt] of attempts.entries()) {
    const ended = attempt.endedAt ? `, ended ${formatInstant(attempt.endedAt, attempt.endedAtSeconds!)}` : '';
    await output.print(
      output.style.bold(
        `=== attempt ${attempt.attemptNumber}: ${attempt.status}, ${attempt.recordsSynced} records (started ${formatInstant(attempt.createdAt, attempt.createdAtSeconds)}${ended})`,
      ),
    );
    for (const message of attempt.failureMessages)
      await output.print(`failure: ${sanitizeForTerminal(message)}`);
    // Log lines are upstream text: each is sanitised, the line breaks between them kept.
    const text = logs[index]!;
    if (text !== '') await output.print(text.split('\n').map(sanitizeForTerminal).join('\n'));
  }
  return 0;
}
