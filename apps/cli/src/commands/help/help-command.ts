import type { CompletionRequest } from '../../framework/command-spec';
import { defineCommand } from '../../framework/command-spec';

async function completeCommandName(request: CompletionRequest) {
  const { COMMANDS } = await import('../registry');
  let level = COMMANDS;
  for (const word of request.previousArgs)
    level = level.find((command) => command.name === word)?.subcommands ?? [];
  return level
    .filter((command) => !command.hidden)
    .map((command) => ({ value: command.name, description: command.summary }));
}

/** `conduit help [command...]`: the same text as `--help`. */
export const helpCommand = defineCommand({
  name: 'help',
  summary: 'Show help for conduit or one of its commands',
  args: [
    {
      name: 'command',
      description: 'the command (and subcommand) to explain',
      variadic: true,
      complete: completeCommandName,
    },
  ],
  examples: [
    { command: 'conduit help exec', description: 'flags and examples of exec' },
    { command: 'conduit help profile set', description: 'help of a subcommand' },
    { command: 'conduit help describe --json', description: 'the help as data' },
  ],
  load: () => import('./run-help'),
});
