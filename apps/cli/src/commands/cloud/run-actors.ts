import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { confirmDestructive } from '../../framework/confirm-destructive';
import { formatKeyValues } from '../../output/key-value';
import { formatTable } from '../../output/table';
import { sanitizeForTerminal } from '../../output/text-width';
import { actorJson } from './cloud-views';

/**
 * Runs `conduit cloud sources|destinations list|get|delete`: the two kinds differ only in their
 * names and the workspace calls behind them.
 */
export async function runActor(
  context: CommandContext,
  kind: 'source' | 'destination',
  action: 'list' | 'get' | 'delete',
): Promise<number | undefined> {
  const { output, signal } = context;
  const workspace = await openCloudWorkspace(context);
  if (action === 'list') {
    const name = context.flags.string('name');
    const options = name === undefined ? {} : { name };
    const items =
      kind === 'source' ? await workspace.listSources(options) : await workspace.listDestinations(options);
    const infos = await Promise.all(items.map((item) => item.getInfo()));
    if (output.json) {
      await output.printJson(infos.map((info) => actorJson(kind, info)));
    } else if (infos.length === 0) {
      output.note(`no ${kind}s`);
    } else {
      await output.write(
        formatTable(
          [{ header: 'ID' }, { header: 'NAME' }, { header: 'TYPE' }],
          infos.map((info) => [info.id, info.name, info.connectorType ?? ''].map(sanitizeForTerminal)),
          { style: output.style },
        ),
      );
    }
    return 0;
  }
  const id = context.args[0]!;
  const item = kind === 'source' ? workspace.getSource(id) : workspace.getDestination(id);
  const info = await item.getInfo({ refresh: true, signal });
  if (action === 'get') {
    if (output.json) {
      await output.printJson({ ...actorJson(kind, info), url: item.connectorUrl });
    } else {
      await output.write(
        formatKeyValues(
          [
            ['id', info.id],
            ['name', sanitizeForTerminal(info.name)],
            ['type', sanitizeForTerminal(info.connectorType ?? '')],
            ['url', item.connectorUrl],
            ['configuration', sanitizeForTerminal(JSON.stringify(info.configuration))],
          ],
          output.style,
        ),
      );
    }
    return 0;
  }
  const safeMode = !context.flags.boolean('no-safe-mode');
  const label = `${kind} ${id} (${sanitizeForTerminal(info.name)})`;
  if (!(await confirmDestructive(context, `delete ${label} permanently?`))) return 0;
  if (!safeMode) output.warn(`safe mode is off: deleting ${label} whatever its name`);
  if (kind === 'source') await workspace.permanentlyDeleteSource(id, { safeMode });
  else await workspace.permanentlyDeleteDestination(id, { safeMode });
  if (output.json) await output.printJson({ deleted: { [`${kind}_id`]: id }, safe_mode: safeMode });
  else output.note(`deleted ${label}`);
  return 0;
}
