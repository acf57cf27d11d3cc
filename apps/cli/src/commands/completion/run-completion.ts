import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { bashCompletionScript } from './bash-completion-script';
import { fishCompletionScript } from './fish-completion-script';
import { zshCompletionScript } from './zsh-completion-script';

const SCRIPTS: Readonly<Record<string, (program: string) => string>> = {
  bash: bashCompletionScript,
  zsh: zshCompletionScript,
  fish: fishCompletionScript,
};

/** Runs `conduit completion <shell>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const shell = context.args[0]!;
  const script = Object.hasOwn(SCRIPTS, shell) ? SCRIPTS[shell] : undefined;
  if (!script) {
    throw new UsageError(`no completion for the shell "${shell}"`, {
      code: 'unknown_shell',
      hint: 'shells: bash, zsh, fish',
    });
  }
  if (context.global.json) await context.output.printJson({ shell, script: script('conduit') });
  else await context.output.write(script('conduit'));
  return 0;
}
