import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { printConnection } from './cloud-views';

/**
 * Runs `conduit cloud connections create <name> --source ID --destination ID --stream S…
 * [--prefix P]`: pairs a deployed source and destination into a connection (manual schedule).
 */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output } = context;
  const source = flags.string('source');
  const destination = flags.string('destination');
  const streams = flags.strings('stream');
  const missing = [
    source === undefined ? '--source' : undefined,
    destination === undefined ? '--destination' : undefined,
    streams.length === 0 ? '--stream' : undefined,
  ].filter((flag): flag is string => flag !== undefined);
  if (missing.length > 0) {
    throw new UsageError(`a connection needs ${missing.join(', ')}`, {
      code: 'missing_flag',
      hint: 'conduit cloud connections create NAME --source ID --destination ID --stream users --stream purchases',
    });
  }
  const prefix = flags.string('prefix');
  const workspace = await openCloudWorkspace(context);
  const connection = await workspace.deployConnection({
    connectionName: context.args[0]!,
    source: source!,
    destination: destination!,
    selectedStreams: streams,
    ...(prefix === undefined ? {} : { tablePrefix: prefix }),
  });
  await printConnection(await connection.getInfo(), output, connection.connectionUrl);
  return 0;
}
