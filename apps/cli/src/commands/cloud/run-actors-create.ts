import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { formatKeyValues } from '../../output/key-value';
import { sanitizeForTerminal } from '../../output/text-width';
import { actorJson } from './cloud-views';
import { readJsonObject } from './read-json-object';

/**
 * Runs `conduit cloud sources|destinations create <name> --config-file PATH | --config-stdin`:
 * deploys a source or a destination from its configuration (with `sourceType` /
 * `destinationType`, or `{"connectorName": "source-faker", "config": {…}}`).
 */
export async function runActorCreate(
  context: CommandContext,
  kind: 'source' | 'destination',
): Promise<number | undefined> {
  const { flags, output } = context;
  const name = context.args[0]!;
  const config = await readJsonObject(context, 'config');
  if (config === undefined) {
    throw new UsageError(`a ${kind} needs its configuration: --config-file PATH or --config-stdin`, {
      code: 'missing_config',
      hint: `a JSON object with "${kind}Type", e.g. {"${kind}Type": "${kind === 'source' ? 'faker' : 'postgres'}", …}`,
    });
  }
  const options = {
    name,
    unique: !flags.boolean('allow-duplicate-name'),
    randomNameSuffix: flags.boolean('random-name-suffix'),
  };
  const workspace = await openCloudWorkspace(context);
  const created =
    kind === 'source'
      ? await workspace.deploySource({ ...options, source: config })
      : await workspace.deployDestination({ ...options, destination: config });
  const info = await created.getInfo();
  if (output.json) {
    await output.printJson({ ...actorJson(kind, info), url: created.connectorUrl });
    return 0;
  }
  await output.write(
    formatKeyValues(
      [
        ['id', info.id],
        ['name', sanitizeForTerminal(info.name)],
        ['type', sanitizeForTerminal(info.connectorType ?? '')],
        ['url', created.connectorUrl],
      ],
      output.style,
    ),
  );
  return 0;
}
