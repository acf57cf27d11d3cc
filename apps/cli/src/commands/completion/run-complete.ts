import type { CommandContext } from '../../framework/command-context';
import { COMMANDS } from '../registry';
import { completeWords } from './complete-words';

/** Runs `conduit __complete`: one candidate a line, `value<TAB>description`, or `:files`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const shell = context.flags.string('shell');
  const result = await completeWords(
    context.args,
    COMMANDS,
    { env: context.runtime.env, homeDirectory: context.runtime.homeDirectory },
    shell === 'bash' || shell === 'zsh' || shell === 'fish' ? shell : undefined,
  );
  if (result.files) {
    await context.output.print(':files');
    return 0;
  }
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
  for (const candidate of result.candidates) {
    await context.output.print(`${clean(candidate.value)}\t${clean(candidate.description ?? '')}`);
  }
  return 0;
}
