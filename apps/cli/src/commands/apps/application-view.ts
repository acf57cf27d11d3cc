import type { Application, ApplicationWithSecret } from '@conduit/protocol';
import { formatKeyValues } from '../../output/key-value';
import type { Output } from '../../output/output';
import { formatTable, type TableColumn } from '../../output/table';
import { sanitizeForTerminal } from '../../output/text-width';

const APPLICATION_COLUMNS: readonly TableColumn[] = [
  { header: 'CLIENT ID' },
  { header: 'NAME' },
  { header: 'STATUS' },
  { header: 'CREATED' },
  { header: 'REVOKED' },
];

/**
 * Prints applications as a table (or the array under `--json`).
 *
 * @example
 * ```ts
 * await printApplications(await admin.listApplications(), output);
 * ```
 */
export async function printApplications(applications: readonly Application[], output: Output): Promise<void> {
  if (output.json) {
    await output.printJson(applications);
    return;
  }
  if (applications.length === 0) {
    output.note('no applications');
    return;
  }
  const rows = applications.map((application) =>
    [
      application.client_id,
      application.name ?? '',
      application.status,
      application.created_at,
      application.revoked_at ?? '',
    ].map(sanitizeForTerminal),
  );
  await output.write(formatTable(APPLICATION_COLUMNS, rows, { style: output.style }));
}

/**
 * Prints one application; with its secret (creation, rotation) the secret goes to standard output
 * this once, with a note on standard error that it will not be shown again.
 *
 * @example
 * ```ts
 * await printApplication(await admin.createApplication({ name }), output);
 * ```
 */
export async function printApplication(
  application: Application | ApplicationWithSecret,
  output: Output,
): Promise<void> {
  if (output.json) {
    await output.printJson(application);
  } else {
    const entries: [string, string][] = [
      ['client_id', application.client_id],
      ...('client_secret' in application
        ? [['client_secret', application.client_secret] as [string, string]]
        : []),
      ['name', application.name ?? ''],
      ['status', application.status],
      ['id', application.id],
      ['created_at', application.created_at],
      ...(application.revoked_at ? [['revoked_at', application.revoked_at] as [string, string]] : []),
    ];
    await output.write(
      formatKeyValues(
        entries.map(([key, value]) => [key, sanitizeForTerminal(value)] as const),
        output.style,
      ),
    );
  }
  if ('client_secret' in application) {
    output.note('keep the client secret now: the service stores only its hash and cannot show it again');
  }
}
