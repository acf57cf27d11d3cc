import type { CommandContext } from '../../framework/command-context';
import type { CommandSpec } from '../../framework/command-spec';
import { helpDocument, renderHelp } from '../../framework/render-help';
import { didYouMean } from '../../framework/suggest';
import { UsageError } from '../../framework/usage-error';
import { COMMANDS } from '../registry';

/** Runs `conduit help [command...]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const path: CommandSpec[] = [];
  let level: readonly CommandSpec[] = COMMANDS;
  for (const name of context.args) {
    const command = level.find((candidate) => candidate.name === name);
    if (!command) {
      throw new UsageError(
        `no help for "${[...path.map((spec) => spec.name), name].join(' ')}": unknown command`,
        {
          code: 'unknown_command',
          hint:
            didYouMean(
              name,
              level.filter((spec) => !spec.hidden).map((spec) => spec.name),
            ) ?? 'run conduit help',
        },
      );
    }
    path.push(command);
    level = command.subcommands ?? [];
  }
  if (context.global.json) await context.output.printJson(helpDocument(path, COMMANDS));
  else await context.output.write(renderHelp(path, COMMANDS, context.output.style));
  return 0;
}
