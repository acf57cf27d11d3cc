import type { CustomCloudSourceDefinition, CustomDefinitionType } from '@conduit/cloud';
import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { confirmDestructive } from '../../framework/confirm-destructive';
import { UsageError } from '../../framework/usage-error';
import { formatKeyValues } from '../../output/key-value';
import { formatTable } from '../../output/table';
import { sanitizeForTerminal } from '../../output/text-width';
import { readJsonObject } from './read-json-object';

/** The subcommands of `conduit cloud definitions`. */
export type DefinitionsAction = 'list' | 'get' | 'publish' | 'delete' | 'testing-values';

function definitionType(context: CommandContext): CustomDefinitionType {
  const type = context.flags.string('type') ?? 'yaml';
  if (type !== 'yaml' && type !== 'docker') {
    throw new UsageError(`--type needs yaml or docker, got "${type}"`, { code: 'invalid_flag' });
  }
  return type;
}

function definitionJson(definition: CustomCloudSourceDefinition): Record<string, unknown> {
  return {
    definition_id: definition.definitionId,
    definition_type: definition.definitionType,
    name: definition.name,
    version: definition.version ?? null,
    docker_repository: definition.dockerRepository ?? null,
    docker_image_tag: definition.dockerImageTag ?? null,
    documentation_url: definition.documentationUrl ?? null,
    url: definition.definitionUrl,
  };
}

async function printDefinition(context: CommandContext, definition: CustomCloudSourceDefinition) {
  const { output } = context;
  if (output.json) {
    await output.printJson({ ...definitionJson(definition), manifest: definition.manifest ?? null });
    return;
  }
  const entries: [string, string][] = [
    ['id', definition.definitionId],
    ['name', definition.name],
    ['type', definition.definitionType],
    ...(definition.version === undefined ? [] : [['version', definition.version] as [string, string]]),
    ...(definition.dockerRepository === undefined
      ? []
      : [['image', `${definition.dockerRepository}:${definition.dockerImageTag ?? ''}`] as [string, string]]),
    ['url', definition.definitionUrl],
  ];
  await output.write(
    formatKeyValues(
      entries.map(([key, value]) => [key, sanitizeForTerminal(value)] as const),
      output.style,
    ),
  );
}

/**
 * Runs `conduit cloud definitions list|get|publish|delete|testing-values`: the workspace's custom
 * source definitions, YAML manifests (default) or Docker images (`--type docker`).
 */
export async function runDefinitions(
  context: CommandContext,
  action: DefinitionsAction,
): Promise<number | undefined> {
  const { flags, output } = context;
  if (action === 'publish') {
    const manifest = flags.string('manifest');
    const image = flags.string('docker-image');
    const tag = flags.string('docker-tag');
    const testingValues = await readJsonObject(context, 'testing-values');
    const workspace = await openCloudWorkspace(context);
    const documentationUrl = flags.string('documentation-url');
    const definition = await workspace.publishCustomSourceDefinition({
      name: context.args[0]!,
      // A path is read by the library; `-` is not supported: a manifest is a file people keep.
      ...(manifest === undefined ? {} : { manifestYaml: manifest }),
      ...(image === undefined ? {} : { dockerImage: image }),
      ...(tag === undefined ? {} : { dockerTag: tag }),
      ...(documentationUrl === undefined ? {} : { documentationUrl }),
      ...(testingValues === undefined ? {} : { testingValues }),
      unique: !flags.boolean('allow-duplicate-name'),
      preValidate: !flags.boolean('no-validate'),
    });
    await printDefinition(context, definition);
    return 0;
  }
  // Testing values belong to the builder project of a YAML definition only.
  const type = action === 'testing-values' ? 'yaml' : definitionType(context);
  const workspace = await openCloudWorkspace(context);
  if (action === 'list') {
    const definitions = await workspace.listCustomSourceDefinitions({ definitionType: type });
    if (output.json) {
      await output.printJson(definitions.map(definitionJson));
    } else if (definitions.length === 0) {
      output.note(`no ${type} source definitions`);
    } else {
      await output.write(
        formatTable(
          [{ header: 'ID' }, { header: 'NAME' }, { header: type === 'yaml' ? 'VERSION' : 'IMAGE' }],
          definitions.map((definition) =>
            [
              definition.definitionId,
              definition.name,
              type === 'yaml'
                ? (definition.version ?? '')
                : `${definition.dockerRepository ?? ''}:${definition.dockerImageTag ?? ''}`,
            ].map(sanitizeForTerminal),
          ),
          { style: output.style },
        ),
      );
    }
    return 0;
  }
  const definition = await workspace.getCustomSourceDefinition(context.args[0]!, { definitionType: type });
  if (action === 'get') {
    await printDefinition(context, definition);
    return 0;
  }
  if (action === 'testing-values') {
    const values = await readJsonObject(context, 'values');
    if (values !== undefined) {
      await definition.setTestingValues(values);
      if (output.json) await output.printJson({ definition_id: definition.definitionId, updated: true });
      else output.note(`replaced the testing values of ${definition.definitionId}`);
      return 0;
    }
    const current = (await definition.getTestingValues()) ?? {};
    if (output.json) await output.printJson(current);
    else await output.print(JSON.stringify(current, null, 2));
    return 0;
  }
  const safeMode = !flags.boolean('no-safe-mode');
  const label = `source definition ${definition.definitionId} (${sanitizeForTerminal(definition.name)})`;
  if (!(await confirmDestructive(context, `delete ${label} permanently?`))) return 0;
  if (!safeMode) output.warn(`safe mode is off: deleting ${label} whatever its name`);
  await definition.permanentlyDelete({ safeMode });
  if (output.json)
    await output.printJson({ deleted: { definition_id: definition.definitionId }, safe_mode: safeMode });
  else output.note(`deleted ${label}`);
  return 0;
}
