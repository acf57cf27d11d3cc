import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';

/** Runs `conduit cloud connections prefix <connection> [prefix] [--clear]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const [id, prefix] = context.args as [string, string | undefined];
  const clear = flags.boolean('clear');
  if (clear && prefix !== undefined)
    throw new UsageError('give a prefix or --clear, not both', { code: 'conflicting_flags' });
  if (prefix === '')
    throw new UsageError('the prefix is empty: use --clear to remove it', { code: 'invalid_argument' });
  const workspace = await openCloudWorkspace(context);
  const connection = workspace.getConnection(id);
  const change = clear ? '' : prefix;
  if (change !== undefined) await connection.setTablePrefix(change);
  const current = change ?? (await connection.getInfo({ refresh: true, signal })).prefix;
  if (output.json) await output.printJson({ connection_id: id, prefix: current });
  else if (change === undefined) await output.print(current);
  else
    output.note(
      current === ''
        ? `connection ${id} has no table prefix now`
        : `connection ${id} table prefix: ${current}`,
    );
  return 0;
}
